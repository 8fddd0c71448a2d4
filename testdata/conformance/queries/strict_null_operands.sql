-- A strict operator or function evaluates every argument before it sees
-- a NULL (NULL + 1/0 fails), but one with a NULL constant argument is
-- NULL without evaluating the rest; AND / OR with a constant that
-- decides them skip the other operand (found by bench/pgfuzz).
CREATE TABLE sn_t (id int PRIMARY KEY, a int, e date);
INSERT INTO sn_t VALUES (1, 10, '2024-01-01'), (2, 0, NULL), (3, NULL, NULL), (4, 5, '2023-12-31');

SELECT e + 10 / a FROM sn_t ORDER BY id;
SELECT id, e + 10 / a FROM sn_t WHERE id <> 2 ORDER BY id;
SELECT id, NULL::date + 10 / a FROM sn_t ORDER BY id;
SELECT id, NULL::int + 10 / a, 10 / a - NULL::int FROM sn_t ORDER BY id;
SELECT id, length(NULL::text || (10 / a)::text) FROM sn_t ORDER BY id;
SELECT id, abs(NULL::int + 1 / a) FROM sn_t ORDER BY id;
SELECT id, greatest(10 / a, NULL::int) FROM sn_t ORDER BY id;
SELECT id, round((10 / a)::numeric, NULL::int) FROM sn_t ORDER BY id;
SELECT abs(a) + 10 / a FROM sn_t ORDER BY id;
SELECT length(a::text || (10 / a)::text) FROM sn_t ORDER BY id;
SELECT id, 1 / a > 0 AND false, 1 / a > 0 OR true FROM sn_t ORDER BY id;
SELECT id, false AND 1 / a > 0, true OR 1 / a > 0 FROM sn_t ORDER BY id;
SELECT id, 1 / a > 0 AND NULL FROM sn_t ORDER BY id;
SELECT id, (1 / a > 0 AND true) IS NULL FROM sn_t WHERE a <> 0 ORDER BY id;
SELECT count(*) FILTER (WHERE 1 / a > 0 AND 1 > 2) FROM sn_t;
