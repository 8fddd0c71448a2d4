-- float negative zero: PostgreSQL keeps and prints the sign; -0 equals 0
CREATE TABLE readings (id int PRIMARY KEY, delta float8, ratio float4);
INSERT INTO readings VALUES (1, 0, 0), (2, 1.5, 2.5), (3, -2.5, -0.25);
SELECT -0.0::float8, -(0::float4), '-0'::float8, '-0'::float4;
SELECT round(-0.4::float8), round(0.4::float8), trunc(-0.7::float8), ceil(-0.5::float8), floor(0.0::float8);
SELECT id, -delta, delta * -1, ratio * -1 FROM readings ORDER BY id;
SELECT '-0'::float8 = 0::float8, '-0'::float8 < 0::float8, '-0'::float8::text, '-0'::float8::numeric;
SELECT x FROM (SELECT -0.0::float8 AS x) s;
SELECT id, -delta AS neg FROM readings WHERE delta = 0 ORDER BY neg LIMIT 5;
SELECT DISTINCT x FROM (VALUES (0::float8), (-0.0::float8)) v(x);
SELECT x, count(*) FROM (VALUES (0::float8), (-(0::float8))) v(x) GROUP BY x;
SELECT 0::float8 IN (SELECT -0.0::float8), 1 / '-Infinity'::float8, -0.0::float8 * 5;
SELECT sum(-delta) FILTER (WHERE id = 1), max(delta) FROM readings;
