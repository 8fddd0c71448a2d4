-- conformance: requires pg_tle
-- What CREATE EXTENSION pg_tle creates: schema pgtle, role pgtle_admin,
-- the management functions with their signatures and privileges, the
-- feature types and pgtle.feature_info.
CREATE EXTENSION pg_tle;
CREATE ROLE tle_plain_user;
SELECT rolname, rolcanlogin, rolsuper FROM pg_roles WHERE rolname = 'pgtle_admin';
SELECT has_schema_privilege('pgtle_admin', 'pgtle', 'CREATE'), has_schema_privilege('tle_plain_user', 'pgtle', 'USAGE'), has_schema_privilege('tle_plain_user', 'pgtle', 'CREATE');
SELECT p.proname, pg_get_function_identity_arguments(p.oid), p.prorettype::regtype::text, p.proretset, p.proisstrict, p.provolatile FROM pg_proc p WHERE p.pronamespace = 'pgtle'::regnamespace ORDER BY 1, 2;
SELECT p.proname, pg_get_function_identity_arguments(p.oid), has_function_privilege('tle_plain_user', p.oid, 'EXECUTE') AS public_exec, has_function_privilege('pgtle_admin', p.oid, 'EXECUTE') AS admin_exec FROM pg_proc p WHERE p.pronamespace = 'pgtle'::regnamespace AND p.prorettype <> 'event_trigger'::regtype ORDER BY 1, 2;
SELECT p.proname, pg_get_function_arguments(p.oid) FROM pg_proc p WHERE p.pronamespace = 'pgtle'::regnamespace AND p.proname IN ('install_extension', 'create_base_type') ORDER BY 1;
SELECT enum_range(NULL::pgtle.pg_tle_features)::text, enum_range(NULL::pgtle.password_types)::text;
SELECT attname, format_type(atttypid, atttypmod), attnotnull FROM pg_attribute WHERE attrelid = 'pgtle.feature_info'::regclass AND attnum > 0 ORDER BY attnum;
SELECT (ROW(true, 'h', 'hn', 0, 0, 'db', 'u')::pgtle.clientauth_port_subset).user_name;
SELECT has_table_privilege('tle_plain_user', 'pgtle.feature_info', 'SELECT'), has_table_privilege('pgtle_admin', 'pgtle.feature_info', 'INSERT'), has_table_privilege('pgtle_admin', 'pgtle.feature_info', 'UPDATE');
CREATE FUNCTION public.pw_check(username text, password text, password_type pgtle.password_types, valid_until timestamptz, valid_null boolean) RETURNS void LANGUAGE plpgsql AS $$ BEGIN END $$;
SELECT pgtle.register_feature('public.pw_check', 'passcheck');
SELECT feature, schema_name, proname, obj_identity FROM pgtle.feature_info;
SELECT pgtle.register_feature('public.pw_check', 'passcheck');
SELECT pgtle.register_feature_if_not_exists('public.pw_check', 'passcheck');
SELECT pgtle.register_feature('public.pw_check', 'nosuch');
SELECT pgtle.unregister_feature('public.pw_check', 'passcheck');
SELECT pgtle.unregister_feature('public.pw_check', 'passcheck');
SELECT pgtle.unregister_feature_if_exists('public.pw_check', 'passcheck');
SELECT pgtle.register_feature_if_not_exists('public.pw_check', 'clientauth');
SELECT count(*) FROM pgtle.feature_info;
SET ROLE tle_plain_user;
SELECT pgtle.install_extension('nope', '1.0', 'x', 'SELECT 1');
SELECT count(*) FROM pgtle.available_extensions();
RESET ROLE;
DROP ROLE tle_plain_user;
DELETE FROM pgtle.feature_info;
DROP FUNCTION public.pw_check;
DROP EXTENSION pg_tle;
DROP SCHEMA pgtle CASCADE;
DROP ROLE pgtle_admin;
