-- integer referencing bigint and varchar referencing text: PostgreSQL
-- accepts both (the types have a common equality operator).
create table public.follows (
  follower_id integer not null references public.profiles (id),
  followee_handle varchar(40) not null references public.profiles (handle)
);
