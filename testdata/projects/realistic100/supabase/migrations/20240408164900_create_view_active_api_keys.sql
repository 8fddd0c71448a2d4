create view public.active_api_keys as
select k.id, k.organization_id, k.name, k.prefix, k.last_used_at
from public.api_keys k
where k.revoked_at is null;
