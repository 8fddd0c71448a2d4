-- VARIADIC parameters
CREATE FUNCTION total(VARIADIC nums int[]) RETURNS int LANGUAGE sql AS $$ SELECT sum(n)::int FROM unnest(nums) n $$;
SELECT total(1, 2, 3);
SELECT total(5);
SELECT total(VARIADIC ARRAY[4, 5]);
SELECT total();
CREATE FUNCTION joined(sep text, VARIADIC parts text[]) RETURNS text LANGUAGE sql AS $$ SELECT array_to_string(parts, sep) $$;
SELECT joined('-', 'a', 'b', 'c');
SELECT joined(',', 'x');
CREATE FUNCTION not_array(VARIADIC x int) RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
