create table billing.subscriptions (
  team_id bigint primary key references public.teams(id) on delete cascade,
  plan_id text not null references billing.plans(id),
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false
);
