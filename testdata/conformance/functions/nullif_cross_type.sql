-- NULLIF's result is its first argument's type when the = it uses is a
-- cross-type integer or float operator: nullif(int, bigint) is an int
-- (found by bench/pgfuzz).
CREATE TABLE nc_counts (id int PRIMARY KEY, n int, big bigint, s smallint, r real);
INSERT INTO nc_counts VALUES (1, 5, 5, 5, 1.5), (2, 3, 7, 3, 2.5), (3, NULL, 1, NULL, NULL);

SELECT pg_typeof(nullif(1::int, 2::bigint)), pg_typeof(nullif(1::bigint, 2::int)), pg_typeof(nullif(1::int, 2.5)), pg_typeof(nullif(1::real, 2::float8));
SELECT id, nullif(n, big), nullif(s, n), nullif(big, n), nullif(r, 1.5::float8) FROM nc_counts ORDER BY id;
SELECT DATE '2024-01-01' - nullif(n, big) AS d FROM nc_counts ORDER BY id;
SELECT nullif(n, big) + 2147483640 AS near_max FROM nc_counts WHERE id = 2;
