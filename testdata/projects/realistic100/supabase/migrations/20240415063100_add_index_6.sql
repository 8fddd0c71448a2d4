create index audit_log_org_created_idx on public.audit_log (organization_id, created_at desc);
