drop table public.sessions;
