create type public.profile_status as enum ('active', 'suspended');
alter table public.profiles add column status public.profile_status not null default 'active';
insert into public.profiles (name, email, status) values ('ada', 'ada@example.com', 'suspended');
update public.profiles set status = 'active' where name = 'ada';
