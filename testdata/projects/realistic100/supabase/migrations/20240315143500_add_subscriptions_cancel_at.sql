alter table public.subscriptions add column cancel_at timestamptz;
