alter table public.todos add column search_text text generated always as (lower(title)) stored;
