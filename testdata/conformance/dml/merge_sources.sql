-- MERGE with typed targets (jsonb, uuid, timestamptz, arrays, numeric)
-- filled from untyped literals, subscripts and multi-column SET, join
-- sources, correlated subqueries, a self-merge, CTEs, partitioned targets
-- (rows moved between partitions and routed on insert), and parameters
-- whose types PREPARE infers from the target
CREATE TABLE p (id int PRIMARY KEY, j jsonb, u uuid, ts timestamptz, arr int[], n numeric(6,2));
INSERT INTO p VALUES (1, '{}', NULL, NULL, '{1,2}', 1);
MERGE INTO p USING (VALUES (1), (2)) s(id) ON p.id = s.id
  WHEN MATCHED THEN UPDATE SET j = '{"a":1}', arr[2] = 9, (n, ts) = (2.5, '2024-01-01')
  WHEN NOT MATCHED THEN INSERT VALUES (s.id, '[1]', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2024-01-02 03:04:05+00', '{3}', NULL);
SELECT * FROM p ORDER BY id;
CREATE TABLE a (id int, x text);
CREATE TABLE b (id int, y text);
INSERT INTO a VALUES (1, 'a1'), (3, 'a3');
INSERT INTO b VALUES (1, 'b1'), (3, 'b3');
MERGE INTO p USING a JOIN b USING (id) ON p.id = a.id
  WHEN MATCHED THEN UPDATE SET j = to_jsonb(b.y)
  WHEN NOT MATCHED THEN INSERT (id, j) VALUES (a.id, to_jsonb(a.x || b.y));
SELECT id, j FROM p ORDER BY id;
MERGE INTO p USING (SELECT id, (SELECT count(*) FROM a WHERE a.id <= s.id) c FROM b s) src ON p.id = src.id
  WHEN MATCHED AND src.c > 1 THEN UPDATE SET n = src.c * 10
  WHEN NOT MATCHED THEN DO NOTHING;
SELECT id, n FROM p ORDER BY id;
MERGE INTO p t USING p s ON t.id = s.id WHEN MATCHED AND t.id = 3 THEN DELETE;
SELECT count(*) FROM p;
MERGE INTO p USING (VALUES (1)) s(id) ON p.id = s.id
  WHEN MATCHED THEN UPDATE SET n = (SELECT max(id) FROM a) + s.id;
SELECT id, n FROM p ORDER BY id;
CREATE TABLE parted (k int, v text) PARTITION BY RANGE (k);
CREATE TABLE parted1 PARTITION OF parted FOR VALUES FROM (0) TO (10);
CREATE TABLE parted2 PARTITION OF parted FOR VALUES FROM (10) TO (20);
INSERT INTO parted VALUES (1, 'a'), (11, 'b');
MERGE INTO parted t USING (VALUES (1, 15), (11, 12), (5, 5)) s(old, new) ON t.k = s.old
  WHEN MATCHED THEN UPDATE SET k = s.new
  WHEN NOT MATCHED THEN INSERT VALUES (s.new, 'ins');
SELECT tableoid::regclass, * FROM parted ORDER BY k;
MERGE INTO parted t USING (VALUES (12), (5)) s(k) ON t.k = s.k WHEN MATCHED AND t.k > 10 THEN DELETE;
SELECT tableoid::regclass, * FROM parted ORDER BY k;
MERGE INTO parted t USING (VALUES (25)) s(k) ON t.k = s.k WHEN NOT MATCHED THEN INSERT VALUES (s.k, 'x');
PREPARE ins AS MERGE INTO a USING (SELECT 1) s ON a.id = $1 WHEN NOT MATCHED THEN INSERT VALUES ($1, $2);
EXECUTE ins(8, 'eight');
EXECUTE ins('9', 'nine');
SELECT * FROM a ORDER BY id;
MERGE INTO a USING (SELECT 1 AS id) s ON a.id = s.id WHEN MATCHED THEN UPDATE SET x = DEFAULT;
MERGE INTO a USING (SELECT 1 AS id) s ON a.id = s.id WHEN MATCHED THEN UPDATE SET id = a.id + 100;
SELECT * FROM a ORDER BY id;
WITH x AS (SELECT 3 AS id) MERGE INTO a USING x ON a.id = x.id WHEN MATCHED THEN DELETE;
SELECT * FROM a ORDER BY id;
CREATE TABLE keyless (a int, b int);
INSERT INTO keyless VALUES (1, 1), (1, 1), (2, 2);
MERGE INTO keyless k USING (VALUES (1, 10)) s(a, b) ON k.a = s.a WHEN MATCHED THEN UPDATE SET b = k.b + s.b;
SELECT * FROM keyless ORDER BY a, b;
MERGE INTO keyless k USING (VALUES (1), (2)) s(a) ON k.a = s.a WHEN MATCHED AND k.a = 1 THEN DELETE WHEN MATCHED THEN UPDATE SET b = 0;
SELECT * FROM keyless ORDER BY a, b;
