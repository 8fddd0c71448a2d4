-- refcursor names a cursor: text-like input and output, its own type.
SELECT 'abc'::refcursor AS r, pg_typeof('abc'::refcursor) AS t, 'abc'::refcursor::text AS s;
SELECT format_type('refcursor'::regtype, NULL);
SELECT '{a,b}'::refcursor[] AS names;
CREATE FUNCTION which(refcursor) RETURNS text LANGUAGE sql AS $$ SELECT 'refcursor' $$;
CREATE FUNCTION which(text) RETURNS text LANGUAGE sql AS $$ SELECT 'text' $$;
SELECT which('x') AS unknown, which('x'::refcursor) AS typed, which('x'::text) AS text;
CREATE FUNCTION only_refcursor(refcursor) RETURNS text LANGUAGE sql AS $$ SELECT $1::text $$;
SELECT only_refcursor('x'::text::refcursor) AS explicit;
SELECT only_refcursor('x'::text);
SELECT 'x'::refcursor || 'y' AS concatenated;
