create table public.user_settings (
  user_id uuid primary key references public.profiles(id) on delete cascade,
  theme text not null default 'system',
  notifications jsonb not null default '{"email": true, "push": false}'::jsonb
);
