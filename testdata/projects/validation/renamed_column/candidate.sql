create view public.profile_names as
  select id,
         name
  from public.profiles;
