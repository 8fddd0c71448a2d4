create index billing_customers_organization_id_idx on public.billing_customers (organization_id);
