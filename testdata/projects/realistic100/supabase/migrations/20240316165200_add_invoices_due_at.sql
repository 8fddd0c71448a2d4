alter table public.invoices add column due_at timestamptz;
