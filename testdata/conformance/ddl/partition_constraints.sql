-- A partition created or attached later gets its partitioned table's
-- foreign keys (same names; an attached table's rows must satisfy them,
-- 23503) and UNIQUE constraints (as the partition's constraints, named
-- for it), so rows written to the partition directly are checked too
CREATE TABLE r (id int PRIMARY KEY);
INSERT INTO r VALUES (1);
CREATE TABLE m (id int, k int, rid int REFERENCES r, UNIQUE (id, k)) PARTITION BY RANGE (k);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (0) TO (10);
INSERT INTO m1 VALUES (1, 1, 2);
INSERT INTO m1 VALUES (1, 1, 1);
INSERT INTO m1 VALUES (1, 1, 1);
INSERT INTO m VALUES (1, 1, NULL);
SELECT conrelid::regclass::text, conname, contype FROM pg_constraint WHERE conrelid IN ('m'::regclass, 'm1'::regclass) ORDER BY 1, 2;
CREATE TABLE m2 (id int, k int, rid int);
INSERT INTO m2 VALUES (5, 15, 3);
ALTER TABLE m ATTACH PARTITION m2 FOR VALUES FROM (10) TO (20);
UPDATE m2 SET rid = 1;
ALTER TABLE m ATTACH PARTITION m2 FOR VALUES FROM (10) TO (20);
INSERT INTO m2 VALUES (6, 16, 4);
INSERT INTO m2 VALUES (5, 15, 1);
SELECT conrelid::regclass::text, conname, contype FROM pg_constraint WHERE conrelid IN ('m2'::regclass) ORDER BY 1, 2;
SELECT tableoid::regclass, id, k, rid FROM m ORDER BY id, k;
