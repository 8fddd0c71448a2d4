create table public.invites (
  id uuid primary key default gen_random_uuid(),
  team_id bigint not null references public.teams(id) on delete cascade,
  email text not null,
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index invites_team_email_key on public.invites (team_id, lower(email)) where accepted_at is null;
