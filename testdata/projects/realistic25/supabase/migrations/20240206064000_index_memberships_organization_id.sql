create index memberships_organization_id_idx on public.memberships (organization_id);
