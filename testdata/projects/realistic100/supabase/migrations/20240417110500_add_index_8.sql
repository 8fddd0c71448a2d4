create index invitations_email_idx on public.invitations (lower(email));
