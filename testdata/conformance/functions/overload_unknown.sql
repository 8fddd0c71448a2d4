-- Overloads taking types of the string category: an untyped literal
-- resolves to the one taking the preferred type (text), as pgTAP's
-- per-type overloads of is() need.
CREATE FUNCTION ov_pick(text, text) RETURNS text LANGUAGE sql AS $$ SELECT 'text' $$;
CREATE FUNCTION ov_pick(name, name) RETURNS text LANGUAGE sql AS $$ SELECT 'name' $$;
CREATE FUNCTION ov_pick(integer, integer) RETURNS text LANGUAGE sql AS $$ SELECT 'integer' $$;
SELECT ov_pick('a', 'b');
SELECT ov_pick('a'::name, 'b');
SELECT ov_pick(1, 2);
SELECT ov_pick('a'::varchar, 'b');
CREATE FUNCTION ov_one(name) RETURNS text LANGUAGE sql AS $$ SELECT 'name' $$;
CREATE FUNCTION ov_one(varchar) RETURNS text LANGUAGE sql AS $$ SELECT 'varchar' $$;
SELECT ov_one('x');
