create type public.order_status as enum ('pending', 'paid');
create table public.orders (
  id bigint generated always as identity primary key,
  status public.order_status not null default 'pending'
);
insert into public.orders (status) values ('pending'), ('paid');
