create type public.member_role as enum ('owner', 'admin', 'member', 'viewer');

alter table public.memberships
  add column member_role public.member_role not null default 'member';
