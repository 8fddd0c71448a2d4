create index notifications_profile_unread_idx on public.notifications (profile_id, created_at desc) where read_at is null;
