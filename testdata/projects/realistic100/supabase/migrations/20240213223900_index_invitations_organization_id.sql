create index invitations_organization_id_idx on public.invitations (organization_id);
