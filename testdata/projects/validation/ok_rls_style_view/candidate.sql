create view public.profile_directory as
  select p.id, p.name, coalesce(p.email, '') as email
  from public.profiles p
  order by p.name;
comment on view public.profile_directory is 'Directory';
