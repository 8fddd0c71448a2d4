-- Routines outside an extension that take or return one of its types
-- depend on the type: DROP EXTENSION refuses without CASCADE, naming
-- them, and with CASCADE drops them too (Supabase's pgmq_public wrappers
-- return pgmq.message_record). Routines that use none stay.
CREATE EXTENSION citext;
CREATE SCHEMA api;
CREATE FUNCTION api.shout(x citext, n integer) RETURNS text LANGUAGE sql AS $$ SELECT upper(x::text) $$;
CREATE FUNCTION api.names() RETURNS SETOF citext LANGUAGE sql AS $$ SELECT 'a'::citext $$;
CREATE FUNCTION api.many(xs citext[]) RETURNS integer LANGUAGE sql AS $$ SELECT cardinality(xs) $$;
CREATE FUNCTION api.plain(x text) RETURNS text LANGUAGE sql AS $$ SELECT x $$;
DROP EXTENSION citext;
SELECT count(*) FROM pg_proc WHERE pronamespace = 'api'::regnamespace;
DROP EXTENSION citext CASCADE;
SELECT proname FROM pg_proc WHERE pronamespace = 'api'::regnamespace ORDER BY 1;
CREATE EXTENSION citext;
CREATE FUNCTION api.names() RETURNS SETOF citext LANGUAGE sql AS $$ SELECT 'a'::citext $$;
SELECT api.names();
DROP EXTENSION citext CASCADE;
DROP SCHEMA api CASCADE;
