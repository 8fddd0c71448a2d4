alter table public.feature_flags add column description text;
