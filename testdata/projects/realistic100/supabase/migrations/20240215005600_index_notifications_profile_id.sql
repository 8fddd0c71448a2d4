create index notifications_profile_id_idx on public.notifications (profile_id);
