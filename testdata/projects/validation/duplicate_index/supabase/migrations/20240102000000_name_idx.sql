create index profiles_name_idx on public.profiles (name);
