-- ALTER ROLE ... SET runs the parameter's check hook as it stores the
-- value: a bad locale is refused, a missing text search configuration or
-- tablespace only noticed (it may exist by the time the role logs in).
CREATE ROLE rls_t_gch;
ALTER ROLE rls_t_gch SET lc_messages = 'xx_YY';
ALTER ROLE rls_t_gch SET lc_monetary = 'C.UTF-8';
ALTER ROLE rls_t_gch SET timezone_abbreviations = 'Nowhere';
ALTER ROLE rls_t_gch SET restrict_nonsystem_relation_kind = 'nope';
ALTER ROLE rls_t_gch SET default_text_search_config = 'nosuch';
ALTER ROLE rls_t_gch SET default_text_search_config = 'a.b.c';
ALTER ROLE rls_t_gch SET temp_tablespaces = nosuch;
ALTER ROLE rls_t_gch SET client_encoding = 'utf-8';
ALTER ROLE rls_t_gch SET client_encoding = 'nosuch';
SELECT rolconfig FROM pg_roles WHERE rolname = 'rls_t_gch';
-- stored under the parameter's own spelling; RESET finds it in any case
ALTER ROLE rls_t_gch SET datestyle = 'iso';
ALTER ROLE rls_t_gch SET TIMEZONE = 'UTC';
ALTER ROLE rls_t_gch SET "IntervalStyle" = 'iso_8601';
SELECT rolconfig FROM pg_roles WHERE rolname = 'rls_t_gch';
ALTER ROLE rls_t_gch RESET DateStyle;
ALTER ROLE rls_t_gch RESET timezone;
SELECT rolconfig FROM pg_roles WHERE rolname = 'rls_t_gch';
DROP ROLE rls_t_gch;
