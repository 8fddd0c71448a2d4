-- C-language functions are for superusers (extension scripts run as one)
CREATE ROLE rls_t_ext;
GRANT CREATE ON SCHEMA public TO rls_t_ext;
SET ROLE rls_t_ext;
CREATE FUNCTION my_similarity(text, text) RETURNS real AS '$libdir/pg_trgm', 'similarity' LANGUAGE c IMMUTABLE STRICT;
RESET ROLE;
CREATE EXTENSION pg_trgm WITH SCHEMA extensions;
GRANT USAGE ON SCHEMA extensions TO rls_t_ext;
SET ROLE rls_t_ext;
SELECT extensions.similarity('abc', 'abd');
RESET ROLE;
DROP EXTENSION pg_trgm;
REVOKE CREATE ON SCHEMA public FROM rls_t_ext;
REVOKE USAGE ON SCHEMA extensions FROM rls_t_ext;
DROP ROLE rls_t_ext;
