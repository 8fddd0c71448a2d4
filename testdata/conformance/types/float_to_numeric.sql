-- float8 and float4 become numeric through their text form with 15 and
-- 6 significant digits (float8_numeric, float4_numeric), not the
-- shortest form that reads back exactly; NaN and the infinities keep
-- their meaning; a typmod then rounds the result.
SELECT 0.1::float8::numeric AS a, (1/3.0::float8)::numeric AS b, (2/3.0::float8)::numeric AS c;
SELECT 0.1::float4::numeric AS a, (1/3.0::float4)::numeric AS b, 1.1::float4::numeric AS c, 3.14159265::float4::numeric AS d;
SELECT 1e20::float8::numeric AS a, 1.5e-7::float8::numeric AS b, 123456789012345678::float8::numeric AS c, 1e15::float8::numeric AS d;
SELECT 1e-20::float8::numeric AS a, 12345678.9::float4::numeric AS b, 0.000012345::float4::numeric AS c;
SELECT '-0'::float8::numeric AS a, '-0'::float4::numeric AS b, 'NaN'::float8::numeric AS c, 'Infinity'::float8::numeric AS d, '-Infinity'::float4::numeric AS e;
SELECT (1/3.0::float8)::numeric(10,4) AS a, 2.675::float8::numeric(10,2) AS b, 1.005::float8::numeric(10,2) AS c, (2/3.0::float4)::numeric(6,5) AS d;
SELECT 123.456::float8::numeric(4,1) AS a;
SELECT 1e10::float8::numeric(5,2) AS a;
SELECT 'Infinity'::float8::numeric(10,2) AS a;
SELECT 0.1::float8 + 0.2::float8 AS f, (0.1::float8 + 0.2::float8)::numeric AS n;
SELECT '-0'::float8 AS a, '-0'::float4 AS b, -0.0::float8 AS c, (0::float8 * -1) AS d, '-0'::float8::text AS e;
SELECT float8 '-0' = 0 AS eq, '-0'::float8 < 0 AS lt, '-0.0e0'::float4 AS f;
CREATE TABLE m (id int PRIMARY KEY, n numeric, p numeric(8,3));
INSERT INTO m VALUES (1, 1/3.0::float8, 1/3.0::float8), (2, 0.1::float4, 2/3.0::float4);
SELECT id, n, p FROM m ORDER BY id;
SELECT sum(x)::numeric AS s FROM (VALUES (0.1::float8), (0.2::float8)) v(x);
SELECT round((1/3.0::float8)::numeric, 20) AS r;
