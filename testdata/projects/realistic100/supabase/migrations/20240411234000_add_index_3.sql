create unique index memberships_org_profile_key on public.memberships (organization_id, profile_id);
