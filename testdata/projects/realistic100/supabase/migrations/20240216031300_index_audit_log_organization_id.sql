create index audit_log_organization_id_idx on public.audit_log (organization_id);
