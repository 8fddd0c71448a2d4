create sequence public.invoice_number_seq start 1000;
create table billing.invoices (
  number bigint primary key default nextval('public.invoice_number_seq'),
  team_id bigint not null references public.teams(id),
  amount_cents integer not null,
  issued_at timestamptz not null default now()
);
