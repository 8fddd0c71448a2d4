-- oid is a preferred type of the numeric category (pg_type.typispreferred),
-- as float8 is; operator and function resolution over mixed numbers and
-- oids picks what PostgreSQL picks.
SELECT typname, typcategory, typispreferred FROM pg_type WHERE typcategory = 'N' AND typispreferred ORDER BY typname;
SELECT pg_typeof(1 + 2.5), pg_typeof(2 + 3.0::float4), pg_typeof(1::int2 + 1::int8), pg_typeof(abs(-1)), pg_typeof(round(2.5));
SELECT 5::oid = 5, 5 = 5::oid, 5::oid < 6, pg_typeof(greatest(1::oid, 2)), pg_typeof(coalesce(1::oid, 2));
SELECT pg_typeof(x) FROM (SELECT 1::oid UNION SELECT 2) AS v(x);
SELECT pg_typeof(x) FROM (SELECT 1 UNION SELECT 2.5) AS v(x);
SELECT pg_typeof(x) FROM (VALUES (1::oid), (2::int8)) AS v(x);
SELECT 'pg_class'::regclass::oid > 0, 1259 = 'pg_class'::regclass, pg_typeof(1259::oid + 0);
SELECT pg_typeof(CASE WHEN true THEN 1::oid ELSE 2 END), pg_typeof(ARRAY[1::oid, 2]);
SELECT 10::oid IN (10, 20), pg_typeof(sum(x)), pg_typeof(max(x)) FROM (VALUES (1::oid)) AS v(x);
