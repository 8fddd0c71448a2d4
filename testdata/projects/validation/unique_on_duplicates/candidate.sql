create unique index profiles_name_key on public.profiles (name);
