-- pg_proc.proowner and proacl as GRANT / REVOKE / ALTER FUNCTION ... OWNER leave them (psql's \df+ prints both).
CREATE FUNCTION public.add_tax(amount numeric, rate numeric DEFAULT 0.2) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$ SELECT round(amount * (1 + rate), 2) $$;
CREATE FUNCTION public.private_stats() RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$ SELECT count(*) FROM pg_catalog.pg_class $$;
SELECT proname, pg_get_userbyid(proowner), array_to_string(proacl, ',') FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname;
REVOKE EXECUTE ON FUNCTION public.private_stats() FROM PUBLIC, anon, authenticated;
SELECT array_to_string(proacl, ',') FROM pg_proc WHERE proname = 'private_stats';
GRANT EXECUTE ON FUNCTION public.private_stats() TO authenticated;
SELECT array_to_string(proacl, E'\n') FROM pg_proc WHERE proname = 'private_stats';
REVOKE ALL ON FUNCTION public.add_tax(numeric, numeric) FROM PUBLIC;
SELECT array_to_string(proacl, ',') FROM pg_proc WHERE proname = 'add_tax';
ALTER FUNCTION public.add_tax(numeric, numeric) OWNER TO service_role;
SELECT pg_get_userbyid(proowner), array_to_string(proacl, ',') FROM pg_proc WHERE proname = 'add_tax';
SELECT has_function_privilege('anon', 'public.private_stats()', 'EXECUTE'), has_function_privilege('authenticated', 'public.private_stats()', 'EXECUTE');
SELECT pg_get_function_sqlbody(oid) IS NULL, prosrc FROM pg_proc WHERE proname = 'add_tax';
SELECT pg_get_function_sqlbody('pg_catalog.now'::regproc) IS NULL;
SELECT p.proname, pg_get_userbyid(p.proowner), p.proacl IS NULL FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'auth' ORDER BY 1;
