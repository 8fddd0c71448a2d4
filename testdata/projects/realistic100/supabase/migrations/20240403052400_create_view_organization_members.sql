create view public.organization_members as
select m.organization_id, m.profile_id, pr.username, m.member_role
from public.memberships m
join public.profiles pr on pr.id = m.profile_id;
