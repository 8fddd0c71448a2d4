alter table public.labels add column description text;
