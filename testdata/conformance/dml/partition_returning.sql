-- tableoid in the RETURNING list of a write through a partitioned table names
-- the partition each row is in: routed INSERTs (sub-partitions, DEFAULT),
-- UPDATEs including rows moved to another partition, DELETEs, ON CONFLICT
CREATE TABLE m (a int, b text) PARTITION BY RANGE (a);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (1) TO (10);
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20) PARTITION BY LIST (b);
CREATE TABLE m2x PARTITION OF m2 FOR VALUES IN ('x');
CREATE TABLE m2d PARTITION OF m2 DEFAULT;
INSERT INTO m VALUES (1, 'x'), (15, 'y'), (12, 'x') RETURNING tableoid::regclass, *;
INSERT INTO m VALUES (2, 'x') RETURNING tableoid::regclass AS t, m.tableoid::regclass, a;
INSERT INTO m AS q VALUES (3, 'x') RETURNING q.tableoid::regclass, a;
INSERT INTO m1 VALUES (4, 'x') RETURNING tableoid::regclass, a;
UPDATE m SET b = b || '!' WHERE a < 13 RETURNING tableoid::regclass, *;
UPDATE m SET a = a + 10 WHERE a IN (1, 2) RETURNING tableoid::regclass, *;
UPDATE m SET b = 'x' WHERE a = 15 RETURNING tableoid::regclass, *;
UPDATE m2 SET b = 'z' WHERE a = 15 RETURNING tableoid::regclass, *;
DELETE FROM m WHERE a > 11 RETURNING tableoid::regclass, *;
SELECT tableoid::regclass, * FROM m ORDER BY a;
INSERT INTO m VALUES (5, 'q') ON CONFLICT DO NOTHING RETURNING tableoid::regclass, a;
SELECT tableoid::regclass, * FROM m ORDER BY a;
CREATE TABLE u (id int, region text, v int, PRIMARY KEY (id, region)) PARTITION BY LIST (region);
CREATE TABLE u_eu PARTITION OF u FOR VALUES IN ('eu');
CREATE TABLE u_us PARTITION OF u FOR VALUES IN ('us');
INSERT INTO u VALUES (1, 'eu', 1), (1, 'us', 1) RETURNING tableoid::regclass, *;
INSERT INTO u VALUES (1, 'us', 5), (2, 'us', 5) ON CONFLICT (id, region) DO UPDATE SET v = u.v + excluded.v RETURNING tableoid::regclass, *;
UPDATE u SET region = 'eu' WHERE id = 2 RETURNING tableoid::regclass, tableoid = 'u_eu'::regclass AS moved, *;
SELECT tableoid::regclass, * FROM u ORDER BY id, region;
