create unique index labels_org_name_key on public.labels (organization_id, lower(name));
