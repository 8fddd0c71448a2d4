alter table public.audit_log rename column target to target_ref;
