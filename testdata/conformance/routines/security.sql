-- SECURITY DEFINER and SET search_path on functions
CREATE SCHEMA private;
CREATE TABLE private.secrets (id int PRIMARY KEY, val text);
INSERT INTO private.secrets VALUES (1, 'hidden');
CREATE FUNCTION public.peek(i int) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = private AS $$ SELECT val FROM secrets WHERE id = i $$;
SELECT peek(1);
SHOW search_path;
SELECT prosecdef, proconfig FROM pg_proc WHERE proname = 'peek';
CREATE FUNCTION show_path() RETURNS text LANGUAGE sql SET search_path = private, public AS $$ SELECT current_setting('search_path') $$;
SELECT show_path();
SELECT current_setting('search_path');
CREATE FUNCTION set_tz() RETURNS text LANGUAGE sql SET timezone = 'America/New_York' AS $$ SELECT current_setting('TimeZone') $$;
SELECT set_tz();
SHOW timezone;
CREATE FUNCTION is_member(team int) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$ SELECT EXISTS (SELECT 1 FROM private.secrets WHERE id = team) $$;
SELECT is_member(1), is_member(2);
