-- Text search configurations and dictionaries need their owner's
-- privileges to be altered, commented on or dropped; templates, which
-- have no owner, a superuser. The messages name the object as written,
-- but for RENAME, SET SCHEMA and OWNER TO, which name it alone.
CREATE ROLE rls_t_tsa;
CREATE ROLE rls_t_tsb;
GRANT CREATE ON SCHEMA public TO rls_t_tsa, rls_t_tsb;
SET ROLE rls_t_tsa;
CREATE TEXT SEARCH CONFIGURATION public.tso_c (COPY = english);
CREATE TEXT SEARCH DICTIONARY public.tso_d (TEMPLATE = simple);
RESET ROLE;
SET ROLE rls_t_tsb;
ALTER TEXT SEARCH CONFIGURATION public.tso_c DROP MAPPING FOR email;
ALTER TEXT SEARCH CONFIGURATION public.tso_c RENAME TO tso_c2;
ALTER TEXT SEARCH CONFIGURATION public.tso_c OWNER TO rls_t_tsb;
ALTER TEXT SEARCH CONFIGURATION public.tso_c SET SCHEMA public;
DROP TEXT SEARCH CONFIGURATION public.tso_c;
COMMENT ON TEXT SEARCH CONFIGURATION public.tso_c IS 'x';
ALTER TEXT SEARCH DICTIONARY public.tso_d (StopWords = english);
DROP TEXT SEARCH DICTIONARY public.tso_d;
CREATE TEXT SEARCH TEMPLATE public.tso_t (LEXIZE = dsimple_lexize);
DROP TEXT SEARCH TEMPLATE simple;
ALTER TEXT SEARCH TEMPLATE simple RENAME TO tso_t2;
RESET ROLE;
GRANT rls_t_tsa TO rls_t_tsb;
SET ROLE rls_t_tsb;
ALTER TEXT SEARCH CONFIGURATION public.tso_c DROP MAPPING FOR email;
COMMENT ON TEXT SEARCH DICTIONARY public.tso_d IS 'member of the owner';
SELECT obj_description('public.tso_d'::regdictionary, 'pg_ts_dict');
DROP TEXT SEARCH CONFIGURATION public.tso_c;
DROP TEXT SEARCH DICTIONARY public.tso_d;
RESET ROLE;
REVOKE CREATE ON SCHEMA public FROM rls_t_tsa, rls_t_tsb;
DROP ROLE rls_t_tsb;
DROP ROLE rls_t_tsa;
