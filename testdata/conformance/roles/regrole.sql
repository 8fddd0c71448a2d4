-- regrole (PostgreSQL docs 8.19): role names in, quoted names out, casts
-- to and from oid; Supabase Realtime's realtime.subscription stores its
-- claims_role as one.
CREATE ROLE "rls_t_Regrole" NOLOGIN;
SELECT 'anon'::regrole, 'authenticated'::regrole::text AS r;
SELECT 'service_role'::regrole::oid = (SELECT oid FROM pg_roles WHERE rolname = 'service_role') AS same;
SELECT rolname FROM pg_roles WHERE oid = 'anon'::regrole;
SELECT r.oid::regrole FROM pg_roles r WHERE r.rolname = 'rls_t_Regrole';
SELECT '"rls_t_Regrole"'::regrole;
SELECT 'rls_t_nope'::regrole;
SELECT 'a.b'::regrole;
SELECT 0::regrole, pg_typeof('anon'::regrole);
SELECT to_regrole('anon'), to_regrole('rls_t_nope') IS NULL AS missing;
SELECT ARRAY['anon', 'authenticated']::regrole[];
CREATE TABLE regrole_t (id int, r regrole);
INSERT INTO regrole_t VALUES (1, 'anon'), (2, 'service_role');
SELECT id, r FROM regrole_t WHERE r = 'anon'::regrole;
SELECT 'anon'::regrole = 'authenticated'::regrole AS eq;
DROP TABLE regrole_t;
DROP ROLE "rls_t_Regrole";
