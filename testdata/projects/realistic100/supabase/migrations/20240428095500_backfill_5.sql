delete from public.invitations where accepted_at is null and created_at < now() - interval '90 days';
