-- todos now belong to teams
alter table public.todos add column team_id bigint;
alter table public.todos drop column user_id;
