-- a view for the dashboard
create view public.recent_profiles as
select id,
       name,
       created_at
from public.profiles
where created_at > now() - interval '7 days';

create view public.profile_cards as
select p.id,
       p.name,
       p.avatar_url
from public.profiles p;
