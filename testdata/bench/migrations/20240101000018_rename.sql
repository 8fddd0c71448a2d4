alter table public.comments rename column body to content;
