create index api_keys_organization_id_idx on public.api_keys (organization_id);
