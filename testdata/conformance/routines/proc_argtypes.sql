-- pg_proc.proargtypes is an oidvector: subscripts start at 0
CREATE FUNCTION order_total(order_id int, discount numeric) RETURNS numeric LANGUAGE sql AS $$ SELECT discount * order_id $$;
CREATE FUNCTION ping() RETURNS text LANGUAGE sql AS $$ SELECT 'pong' $$;
SELECT proname, proargtypes[0]::regtype, proargtypes[1]::regtype, array_lower(proargtypes, 1), array_upper(proargtypes, 1) FROM pg_proc WHERE proname IN ('order_total', 'ping') ORDER BY proname;
SELECT proname, proargtypes::regtype[], cardinality(proargtypes::oid[]) FROM pg_proc WHERE proname IN ('order_total', 'ping') ORDER BY proname;
SELECT p.proname FROM pg_proc p WHERE 'numeric'::regtype = ANY (p.proargtypes) AND p.pronamespace = 'public'::regnamespace;
