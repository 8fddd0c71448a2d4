alter table public.organizations
  add constraint organizations_slug_format check (slug ~ '^[a-z0-9-]+$');
