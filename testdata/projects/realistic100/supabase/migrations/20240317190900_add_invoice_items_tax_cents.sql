alter table public.invoice_items add column tax_cents bigint not null default 0;
