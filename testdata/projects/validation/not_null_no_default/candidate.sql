alter table public.profiles add column handle text not null;
