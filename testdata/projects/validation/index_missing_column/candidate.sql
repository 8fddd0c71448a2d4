create index profiles_username_idx
  on public.profiles (username);
