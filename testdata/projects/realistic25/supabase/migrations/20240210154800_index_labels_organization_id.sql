create index labels_organization_id_idx on public.labels (organization_id);
