-- attribute numbers of a composite type survive DROP ATTRIBUTE and are never reused
CREATE TYPE address AS (street text, city text, zip text);
ALTER TYPE address DROP ATTRIBUTE city;
ALTER TYPE address ADD ATTRIBUTE country text;
SELECT a.attname, a.attnum FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = 'address' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum;
ALTER TYPE address DROP ATTRIBUTE country, ADD ATTRIBUTE region text;
SELECT a.attname, a.attnum FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = 'address' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum;
SELECT ('(Main St,12345,North)'::address).region, '(Main St,12345,North)'::address;
