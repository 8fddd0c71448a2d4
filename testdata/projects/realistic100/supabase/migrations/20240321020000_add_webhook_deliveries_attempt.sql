alter table public.webhook_deliveries add column attempt integer not null default 1;
