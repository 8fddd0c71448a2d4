create view public.unread_notifications as
select n.id, n.profile_id, n.kind, n.created_at
from public.notifications n
where n.read_at is null and not n.archived;
