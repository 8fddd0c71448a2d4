create schema if not exists billing;
create table billing.plans (
  id text primary key,
  name text not null,
  monthly_price_cents integer not null check (monthly_price_cents >= 0)
);
insert into billing.plans (id, name, monthly_price_cents) values
  ('free', 'Free', 0), ('pro', 'Pro', 1500), ('team', 'Team', 4900);
