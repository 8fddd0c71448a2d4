alter table public.billing_customers add column country text;
