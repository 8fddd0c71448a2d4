-- Expression and partial indexes of a partitioned table are created on its
-- partitions, existing, created later and attached (PostgreSQL's names:
-- m1_lower_idx); a unique index must include the partition key columns,
-- which may sit among expressions
CREATE TABLE m (a int, b text) PARTITION BY RANGE (a);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (1) TO (10);
CREATE INDEX ON m (lower(b));
CREATE INDEX m_part ON m (a) WHERE b IS NOT NULL;
CREATE INDEX m_both ON m (upper(b), a) WHERE a > 0;
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20);
CREATE TABLE d (a int, b text);
CREATE INDEX d_mine ON d (lower(b));
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (20) TO (30);
SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid IN ('m1'::regclass, 'm2'::regclass, 'd'::regclass) ORDER BY 1;
CREATE UNIQUE INDEX ON m (b);
CREATE UNIQUE INDEX ON m (lower(b));
CREATE UNIQUE INDEX m_uq ON m (a, lower(b));
CREATE TABLE m3 PARTITION OF m FOR VALUES FROM (30) TO (40);
SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'm3'::regclass ORDER BY 1;
INSERT INTO m VALUES (1, 'X'), (2, 'x'), (31, 'q');
INSERT INTO m VALUES (1, 'x');
INSERT INTO m VALUES (31, 'Q');
SELECT tableoid::regclass, * FROM m ORDER BY a, b;
