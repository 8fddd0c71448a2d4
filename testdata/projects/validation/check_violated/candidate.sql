alter table public.profiles
  add constraint profiles_name_not_blank check (length(name) > 0);
