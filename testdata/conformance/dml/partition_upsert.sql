-- INSERT ... ON CONFLICT on a partitioned table: the arbiter is the
-- partitions' primary key, the conflicting row is updated in place
CREATE TABLE kv (k text, region text, v int, PRIMARY KEY (k, region)) PARTITION BY LIST (region);
CREATE TABLE kv_eu PARTITION OF kv FOR VALUES IN ('eu');
CREATE TABLE kv_us PARTITION OF kv FOR VALUES IN ('us');
INSERT INTO kv VALUES ('a', 'eu', 1), ('a', 'us', 2);
INSERT INTO kv VALUES ('a', 'eu', 10) ON CONFLICT (k, region) DO UPDATE SET v = kv.v + excluded.v RETURNING *;
INSERT INTO kv VALUES ('a', 'us', 5), ('b', 'us', 6) ON CONFLICT (k, region) DO NOTHING;
INSERT INTO kv VALUES ('c', 'eu', 7) ON CONFLICT DO NOTHING;
SELECT tableoid::regclass, * FROM kv ORDER BY k, region;
INSERT INTO kv VALUES ('a', 'asia', 1) ON CONFLICT DO NOTHING;
