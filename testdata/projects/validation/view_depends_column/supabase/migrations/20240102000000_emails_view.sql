create view public.profile_emails as select id, email from public.profiles;
