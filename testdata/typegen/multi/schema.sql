-- Several schemas: enums and tables referenced across schemas, a composite
-- type, relationships only within one schema.
create schema app;
create schema billing;

create type app.status as enum ('active', 'disabled');
create type billing.currency as enum ('usd', 'eur');
create type app.address as (street text, city text, zip varchar(10), location_status app.status);

create table app.users (
  id bigint primary key,
  email text not null,
  status app.status not null default 'active',
  home app.address
);

create table billing.invoices (
  id bigint primary key,
  user_id bigint not null references app.users (id),
  currency billing.currency not null,
  total numeric not null,
  paid_at timestamptz
);

create table billing.lines (
  id bigint primary key,
  invoice_id bigint not null references billing.invoices (id),
  amount numeric not null,
  statuses app.status[]
);

create table public.notes (
  id bigint primary key,
  user_id bigint references app.users (id),
  body text
);

create view billing.open_invoices as
  select id, user_id, total from billing.invoices where paid_at is null;
