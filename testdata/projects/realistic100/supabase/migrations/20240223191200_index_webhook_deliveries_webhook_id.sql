create index webhook_deliveries_webhook_id_idx on public.webhook_deliveries (webhook_id);
