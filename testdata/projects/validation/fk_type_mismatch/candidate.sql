create table public.avatars (
  id bigint generated always as identity primary key,
  profile_id uuid references public.profiles (id),
  url text not null
);
