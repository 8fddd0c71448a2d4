-- f(anyelement) is chosen over f(VARIADIC anyarray) for one argument: PostgreSQL prefers the non-variadic candidate of the same argument types
CREATE FUNCTION d(anyelement) RETURNS text LANGUAGE sql AS $$ SELECT '# ' || $1::text $$;
CREATE FUNCTION d(text) RETURNS text LANGUAGE sql AS $$ SELECT '#t ' || $1 $$;
CREATE FUNCTION d(VARIADIC anyarray) RETURNS text LANGUAGE sql AS $$ SELECT '#a ' || array_to_string($1,'') $$;
CREATE FUNCTION d(VARIADIC text[]) RETURNS text LANGUAGE sql AS $$ SELECT '#ta ' || array_to_string($1,'') $$;
SELECT d(6), d(11.2), d('foo'), d(now()) IS NOT NULL, d('a'::text,'b','c'), d(1::int,3,4), d('foo','bar','baz');
