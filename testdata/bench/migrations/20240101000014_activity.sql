create table public.activity (
  id bigint generated always as identity primary key,
  team_id bigint not null references public.teams(id) on delete cascade,
  actor_id uuid references public.profiles(id),
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index activity_team_created_idx on public.activity (team_id, created_at desc);
