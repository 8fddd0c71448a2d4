create index invoices_billing_customer_id_idx on public.invoices (billing_customer_id);
