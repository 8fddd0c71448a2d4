alter table public.invoices
  add constraint invoices_amount_nonnegative check (amount_cents >= 0);
