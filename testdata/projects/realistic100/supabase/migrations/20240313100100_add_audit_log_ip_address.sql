alter table public.audit_log add column ip_address text;
