create table public.profiles (
  id bigint generated always as identity primary key,
  name text not null
);
