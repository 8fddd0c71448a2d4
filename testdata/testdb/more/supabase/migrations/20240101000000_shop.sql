create table public.customers (
  id int primary key,
  name text not null
);
create table public.orders (
  id int primary key,
  customer_id int not null references public.customers (id),
  total numeric(10,2) not null
);
create table public.order_lines (
  order_id int,
  line int,
  sku text,
  primary key (order_id, line)
);
create table public.shipments (
  id int primary key,
  order_id int,
  line int,
  foreign key (order_id, line) references public.order_lines (order_id, line)
);
create type public.customer_row as (id int, name text);
