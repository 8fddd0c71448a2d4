alter table public.notifications add column archived boolean not null default false;
