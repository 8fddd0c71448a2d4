create type public.invoice_status as enum ('draft', 'open', 'paid', 'void');

alter table public.invoices
  add column status public.invoice_status not null default 'draft';
