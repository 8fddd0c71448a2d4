alter table public.invitations add column invited_by bigint references public.profiles (id);
