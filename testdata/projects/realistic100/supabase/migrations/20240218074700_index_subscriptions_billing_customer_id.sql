create index subscriptions_billing_customer_id_idx on public.subscriptions (billing_customer_id);
