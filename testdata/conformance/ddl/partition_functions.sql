-- pg_partition_tree, pg_partition_ancestors and pg_partition_root over a
-- two-level partition tree, a leaf, and a table outside any tree
CREATE TABLE ml (region text, n int) PARTITION BY LIST (region);
CREATE TABLE ml_a PARTITION OF ml FOR VALUES IN ('a') PARTITION BY RANGE (n);
CREATE TABLE ml_a1 PARTITION OF ml_a FOR VALUES FROM (0) TO (10);
CREATE TABLE ml_a2 PARTITION OF ml_a FOR VALUES FROM (10) TO (100);
CREATE TABLE ml_b PARTITION OF ml FOR VALUES IN ('b');
CREATE TABLE plain (id int);
SELECT relid, parentrelid, isleaf, level FROM pg_partition_tree('ml') ORDER BY relid::text;
SELECT relid, parentrelid, isleaf, level FROM pg_partition_tree('ml_a') ORDER BY relid::text;
SELECT relid, parentrelid, isleaf, level FROM pg_partition_tree('ml_b') ORDER BY relid::text;
SELECT count(*) FROM pg_partition_tree('plain');
SELECT * FROM pg_partition_ancestors('ml_a2');
SELECT * FROM pg_partition_ancestors('ml');
SELECT count(*) FROM pg_partition_ancestors('plain');
SELECT pg_partition_root('ml_a1'), pg_partition_root('ml'), pg_partition_root('ml_b'), pg_partition_root('plain') IS NULL;
SELECT relid, pg_relation_size(relid) >= 0 FROM pg_partition_tree('ml') WHERE isleaf ORDER BY relid::text;
