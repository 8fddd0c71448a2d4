alter table public.invoices alter column currency set default 'eur';
