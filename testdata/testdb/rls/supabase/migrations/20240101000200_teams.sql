-- Teams: members see their teams and each other; owners manage members.
create type public.team_role as enum ('owner', 'member');

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null
);

create table public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.team_role not null default 'member',
  primary key (team_id, user_id)
);

create schema private;

-- Policies on team_members cannot query team_members themselves without
-- recursing; a security definer function reads it with the owner's rights.
create function private.is_team_member(team uuid, min_role public.team_role default 'member')
returns boolean language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.team_members m
     where m.team_id = team
       and m.user_id = (select auth.uid())
       and (min_role = 'member' or m.role = 'owner'));
$$;

grant usage on schema private to authenticated;
grant execute on function private.is_team_member(uuid, public.team_role) to authenticated;

alter table public.teams enable row level security;
alter table public.team_members enable row level security;

create policy "Members can view their teams" on public.teams
  for select to authenticated using (private.is_team_member(id));
create policy "Anyone signed in can create a team" on public.teams
  for insert to authenticated with check (true);
create policy "Members can view their team's members" on public.team_members
  for select to authenticated using (private.is_team_member(team_id));
create policy "Owners can add members" on public.team_members
  for insert to authenticated with check (private.is_team_member(team_id, 'owner'));
create policy "Owners can remove members" on public.team_members
  for delete to authenticated using (private.is_team_member(team_id, 'owner'));
