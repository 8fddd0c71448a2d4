-- a primary key or index on a partitioned table holds on each partition:
-- partitions get their own primary key and index, uniqueness is enforced
-- per partition, and a unique key must include the partition key
CREATE TABLE logs (id bigint, at date, msg text, PRIMARY KEY (id, at)) PARTITION BY RANGE (at);
CREATE TABLE logs_2023 PARTITION OF logs FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE logs_2024 PARTITION OF logs FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
INSERT INTO logs VALUES (1, '2023-05-01', 'a'), (1, '2024-05-01', 'b');
INSERT INTO logs VALUES (1, '2023-05-01', 'dup');
INSERT INTO logs_2024 VALUES (1, '2024-05-01', 'dup');
SELECT tablename, indexname FROM pg_indexes WHERE tablename LIKE 'logs%' ORDER BY 1, 2;
CREATE INDEX ON logs (msg);
CREATE INDEX logs_at_idx ON logs (at);
SELECT tablename, indexname FROM pg_indexes WHERE tablename LIKE 'logs%' ORDER BY 1, 2;
CREATE UNIQUE INDEX ON logs (msg);
CREATE UNIQUE INDEX ON logs (msg, at);
INSERT INTO logs VALUES (2, '2023-05-01', 'a');
INSERT INTO logs VALUES (2, '2023-06-01', 'a');
SELECT * FROM logs ORDER BY id, at;
CREATE TABLE bad (id int PRIMARY KEY, k int) PARTITION BY RANGE (k);
CREATE TABLE bad (id int, k int, UNIQUE (id)) PARTITION BY LIST (k);
CREATE TABLE ok1 (id int, k int, PRIMARY KEY (k, id)) PARTITION BY LIST (k);
CREATE TABLE ok1_a PARTITION OF ok1 FOR VALUES IN (1, 2);
INSERT INTO ok1 VALUES (1, 1), (1, 2), (1, 1);
SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'ok1_a'::regclass AND i.indisprimary ORDER BY 1;
CREATE TABLE logs_2025 PARTITION OF logs FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE logs_old (id bigint, at date, msg text, PRIMARY KEY (id, at));
ALTER TABLE logs ATTACH PARTITION logs_old FOR VALUES FROM ('2000-01-01') TO ('2023-01-01');
SELECT tablename, indexname FROM pg_indexes WHERE tablename IN ('logs_2025', 'logs_old') ORDER BY 1, 2;
INSERT INTO logs VALUES (5, '2025-02-01', 'z');
INSERT INTO logs VALUES (6, '2025-02-01', 'z');
