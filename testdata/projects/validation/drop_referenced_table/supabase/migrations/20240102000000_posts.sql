create table public.posts (id bigint primary key, author_id bigint references public.profiles (id));
