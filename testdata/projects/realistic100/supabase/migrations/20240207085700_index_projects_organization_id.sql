create index projects_organization_id_idx on public.projects (organization_id);
