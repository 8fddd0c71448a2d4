-- Window functions over anyelement reject an untyped literal; lag and
-- lead's default meets the value at their common type; min and max exist
-- only for ordered types (found by bench/pgfuzz).
CREATE TABLE wa_t (id int PRIMARY KEY, a int, c numeric(10,2), j jsonb, u uuid, ch "char");
INSERT INTO wa_t VALUES (1, 10, 1.50, '{"n": 1}', NULL, 'b'), (2, NULL, NULL, '[1]', NULL, 'a'), (3, 30, 2.25, NULL, NULL, NULL);

SELECT first_value('z') OVER (ORDER BY id) FROM wa_t;
SELECT last_value('z') OVER (ORDER BY id) FROM wa_t;
SELECT nth_value('z', 1) OVER (ORDER BY id) FROM wa_t;
SELECT lag('z') OVER (ORDER BY id) FROM wa_t;
SELECT lead('z', 2) OVER (ORDER BY id) FROM wa_t;
SELECT id, first_value('z'::text) OVER (ORDER BY id) FROM wa_t ORDER BY id;
SELECT id, lag('1', 1, 2) OVER (ORDER BY id), pg_typeof(lag('1', 1, 2) OVER (ORDER BY id)) FROM wa_t ORDER BY id;
SELECT id, lag('x', 1, 'y') OVER (ORDER BY id) FROM wa_t ORDER BY id;
SELECT id, lag(a, 1, 1.5) OVER (ORDER BY id), lead(c, 1, 0) OVER (ORDER BY id) FROM wa_t ORDER BY id;
SELECT lag(a, 1, true) OVER (ORDER BY id) FROM wa_t;
SELECT min(j) FROM wa_t;
SELECT max(j) FROM wa_t;
SELECT max(u) FROM wa_t;
SELECT min(a > 10) FROM wa_t;
SELECT min(ch), max(ch), pg_typeof(max(ch)) FROM wa_t;
SELECT min(ARRAY[j]) IS NULL FROM wa_t;
WITH c AS MATERIALIZED (SELECT id, '' AS w FROM wa_t) SELECT id, last_value(c.w) OVER (ORDER BY id), lag(w) OVER (ORDER BY id) FROM c ORDER BY id;
SELECT first_value(w) OVER (), pg_typeof(first_value(w) OVER ()) FROM (SELECT 'x' AS w) s;
