alter table public.organizations add column billing_email text;
