-- GROUP BY, DISTINCT, set operations, count(DISTINCT) and IN over values
-- equal under = but written differently: jsonb 1.0 and 1, interval
-- '1 day' and '24 hours' (and '1 mon' and '30 days'), arrays of them
-- (found by bench/pgfuzz).
CREATE TABLE ek_vals (id int PRIMARY KEY, j jsonb, i interval);
INSERT INTO ek_vals VALUES
 (1, '1.0', '1 day'), (2, '1', '24 hours'), (3, '{"n": 2.50}', '1 mon'), (4, '{"n": 2.5}', '30 days'),
 (5, '[1.0, 2]', '1 day 1 hour'), (6, '[1, 2.00]', '25 hours'), (7, NULL, NULL);

SELECT j, count(*), min(id) FROM ek_vals GROUP BY j ORDER BY 3;
SELECT i, count(*), min(id) FROM ek_vals GROUP BY i ORDER BY 3;
SELECT count(*) FROM (SELECT DISTINCT j FROM ek_vals) s;
SELECT count(*) FROM (SELECT DISTINCT i FROM ek_vals) s;
SELECT count(*) FROM (SELECT DISTINCT j, i FROM ek_vals) s;
SELECT count(DISTINCT j), count(DISTINCT i) FROM ek_vals;
SELECT count(*) FROM (SELECT j FROM ek_vals UNION SELECT '2'::jsonb) s;
SELECT count(*) FROM (SELECT i FROM ek_vals UNION SELECT interval '48 hours') s;
SELECT i FROM ek_vals WHERE id = 1 INTERSECT SELECT interval '24 hours';
SELECT count(*) FROM (SELECT i FROM ek_vals EXCEPT SELECT interval '24 hours') s;
SELECT id FROM ek_vals WHERE i IN (SELECT interval '24 hours' UNION ALL SELECT interval '30 days') ORDER BY id;
SELECT id FROM ek_vals WHERE j IN (SELECT '1'::jsonb UNION ALL SELECT '[1, 2]'::jsonb) ORDER BY id;
SELECT array_length(array_agg(id), 1) AS n FROM ek_vals GROUP BY ARRAY[i] ORDER BY 1;
