-- array_append, array_prepend, array_cat, array_remove, array_replace,
-- array_position(s) and the array || element operators are declared over
-- anycompatiblearray / anycompatible (docs 38.2.5): the call settles on
-- the common type of the elements and the other arguments (int[] with
-- bigint is bigint[]); unknown literals take it; no common type is 42883.
CREATE TABLE nums (id int PRIMARY KEY, ids int[], big bigint, dec numeric, tags varchar[]);
INSERT INTO nums VALUES (1, '{1,2,1}', 5, 2.5, '{a,b}'), (2, '{}', NULL, NULL, '{}'), (3, NULL, 7, 1, NULL);
SELECT array_append(ARRAY[1,2], 3::bigint) AS a, pg_typeof(array_append(ARRAY[1,2], 3::bigint)) AS t;
SELECT ARRAY[1,2] || 3::bigint AS a, pg_typeof(ARRAY[1,2] || 3::bigint) AS t;
SELECT 3::bigint || ARRAY[1,2] AS a, pg_typeof(3::bigint || ARRAY[1,2]) AS t;
SELECT ARRAY[1,2] || ARRAY[3::bigint] AS a, pg_typeof(ARRAY[1,2] || ARRAY[3::bigint]) AS t;
SELECT array_prepend(3::bigint, ARRAY[1,2]) AS a, pg_typeof(array_prepend(3::bigint, ARRAY[1,2])) AS t;
SELECT array_cat(ARRAY[1,2], ARRAY[3::bigint]) AS a, pg_typeof(array_cat(ARRAY[1,2], ARRAY[3::bigint])) AS t;
SELECT array_cat(ARRAY[1::bigint], ARRAY[2]) AS a, pg_typeof(array_cat(ARRAY[1::bigint], ARRAY[2])) AS t;
SELECT array_replace(ARRAY[1,2,1], 1, 5::bigint) AS a, pg_typeof(array_replace(ARRAY[1,2,1], 1, 5::bigint)) AS t;
SELECT array_replace(ARRAY[1,2], 2, 2.5) AS a, pg_typeof(array_replace(ARRAY[1,2], 2, 2.5)) AS t;
SELECT array_position(ARRAY[1,2,3], 2::bigint) AS p, array_position(ARRAY[1,2,3], 3.0) AS q, array_position(ARRAY[1,2,3,2], 2::bigint, 3) AS r;
SELECT array_positions(ARRAY[1,2,1], 1::bigint) AS p, array_positions(ARRAY[1.5,2], 2) AS q, pg_typeof(array_positions(ARRAY[1,2,1], 1::bigint)) AS t;
SELECT array_remove(ARRAY[1,2,1], 1::bigint) AS a, pg_typeof(array_remove(ARRAY[1,2,1], 1::bigint)) AS t;
SELECT array_remove(ARRAY[1.0,2,1], 1) AS a, pg_typeof(array_remove(ARRAY[1.0,2,1], 1)) AS t;
SELECT array_append(ARRAY[1,2], 2.5) AS a, pg_typeof(array_append(ARRAY[1,2], 2.5)) AS t, array_append(ARRAY[1.5], 2) AS b, pg_typeof(array_append(ARRAY[1.5], 2)) AS u;
SELECT ARRAY[1,2] || 3.5 AS a, pg_typeof(ARRAY[1,2] || 3.5) AS t, 1.5 || ARRAY[1] AS b, pg_typeof(1.5 || ARRAY[1]) AS u;
SELECT ARRAY[1::smallint] || 70000 AS a, pg_typeof(ARRAY[1::smallint] || 70000) AS t;
SELECT array_append(ARRAY[1], 2::real) AS a, pg_typeof(array_append(ARRAY[1], 2::real)) AS t;
SELECT array_append(ARRAY['a','b'], 'c') AS a, pg_typeof(array_append(ARRAY['a','b'], 'c')) AS t;
SELECT array_append(ARRAY['a'::varchar], 'c') AS a, pg_typeof(array_append(ARRAY['a'::varchar], 'c')) AS t;
SELECT ARRAY['a'::varchar] || 'b'::text AS a, pg_typeof(ARRAY['a'::varchar] || 'b'::text) AS t, 'b'::varchar || ARRAY['a'::text] AS b, pg_typeof('b'::varchar || ARRAY['a'::text]) AS u;
SELECT array_append(ARRAY[1], '2') AS a, pg_typeof(array_append(ARRAY[1], '2')) AS t, array_position(ARRAY[1,2], '2') AS p;
SELECT array_append(NULL, 1) AS a, pg_typeof(array_append(NULL, 1)) AS t;
SELECT array_append(NULL, NULL) AS a, pg_typeof(array_append(NULL, NULL)) AS t;
SELECT array_append(NULL::int[], 2::bigint) AS a, pg_typeof(array_append(NULL::int[], 2::bigint)) AS t;
SELECT NULL::int[] || 5::bigint AS a, pg_typeof(NULL::int[] || 5::bigint) AS t;
SELECT ARRAY[1] || NULL AS a, pg_typeof(ARRAY[1] || NULL) AS t;
SELECT array_cat(ARRAY[1], '{2,3}') AS a, pg_typeof(array_cat(ARRAY[1], '{2,3}')) AS t;
SELECT array_append('{1,2}', 3) AS a, pg_typeof(array_append('{1,2}', 3)) AS t;
SELECT ARRAY['2020-01-01'::date] || '2020-01-02 10:00'::timestamp AS a, pg_typeof(ARRAY['2020-01-01'::date] || '2020-01-02 10:00'::timestamp) AS t;
SELECT id, ids || big AS a, pg_typeof(ids || big) AS t, array_append(ids, dec) AS b, pg_typeof(array_append(ids, dec)) AS u, array_remove(ids, big - 4) AS c, array_position(ids, dec) AS p FROM nums ORDER BY id;
SELECT id, array_prepend(big, ids) AS a, array_cat(ids, ARRAY[big]) AS b, tags || 'z'::text AS c, pg_typeof(tags || 'z'::text) AS t FROM nums ORDER BY id;
SELECT tags || 'z' FROM nums;
SELECT array_append(ARRAY[1], 'x');
SELECT array_append(ARRAY[1], 'x'::text);
SELECT ARRAY[1] || true;
SELECT array_cat(ARRAY[1], ARRAY['a'::text]);
SELECT array_replace(ARRAY[1], 1, true);
SELECT array_position(ARRAY[1], 'a'::text);
SELECT array_positions(ARRAY['2020-01-01'::date], 1);
SELECT ARRAY[1] || 'x'::text;
SELECT 'b'::varchar || ARRAY[1];
SELECT array_append(ARRAY[1], ARRAY[2]);
SELECT array_append(1, 2);
SELECT array_remove(ARRAY[1], 'x'::text);
SELECT array_prepend(true, ARRAY[1]);
SELECT array_append(ARRAY[[1,2]], 3::bigint);
SELECT pg_typeof(x) FROM (SELECT 'a'::varchar AS x UNION ALL SELECT 'b'::text) s LIMIT 1;
SELECT pg_typeof(x) FROM (SELECT 'a'::text AS x UNION ALL SELECT 'b'::varchar) s LIMIT 1;
SELECT pg_typeof(coalesce('a'::varchar, 'b'::text)) AS c, pg_typeof(ARRAY['a'::varchar, 'b'::text]) AS a, pg_typeof(ARRAY['a'::varchar] || 'b'::name) AS n;
