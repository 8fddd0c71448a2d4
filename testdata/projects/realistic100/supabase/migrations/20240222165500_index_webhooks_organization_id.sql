create index webhooks_organization_id_idx on public.webhooks (organization_id);
