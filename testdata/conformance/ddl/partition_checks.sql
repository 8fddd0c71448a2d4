-- A partitioned table's CHECK constraints are its partitions' (pg_constraint
-- conislocal / coninhcount), also for partitions created later and at every
-- level; ADD CONSTRAINT checks every partition's rows and reaches them, DROP
-- CONSTRAINT too; a partition cannot drop an inherited check (42P16); ATTACH
-- wants the NOT NULL columns and the checks (42804); rows written through the
-- parent fail in their partition, also on a partition's own checks
CREATE TABLE m (a int NOT NULL, b text, c int CHECK (c > 0), CONSTRAINT b_len CHECK (length(b) < 5)) PARTITION BY RANGE (a);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (1) TO (10);
SELECT conrelid::regclass, conname, contype, conislocal, coninhcount FROM pg_constraint WHERE conrelid IN ('m'::regclass, 'm1'::regclass) ORDER BY conrelid::regclass::text, conname;
SELECT attname, attnotnull FROM pg_attribute WHERE attrelid = 'm1'::regclass AND attnum > 0 ORDER BY attnum;
INSERT INTO m VALUES (1, 'x', 0);
INSERT INTO m VALUES (1, 'xxxxxx', 1);
INSERT INTO m1 VALUES (1, 'x', -1);
INSERT INTO m VALUES (1, 'x', 1);
UPDATE m SET c = -5;
UPDATE m1 SET c = -5;
INSERT INTO m VALUES (2, 'x', 50);
ALTER TABLE m ADD CONSTRAINT c_small CHECK (c < 10);
ALTER TABLE m ADD CONSTRAINT c_small CHECK (c < 100);
SELECT conrelid::regclass, conname, conislocal, coninhcount FROM pg_constraint WHERE conname = 'c_small' ORDER BY conrelid::regclass::text;
INSERT INTO m VALUES (3, 'x', 200);
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20) PARTITION BY LIST (b);
CREATE TABLE m2x PARTITION OF m2 FOR VALUES IN ('x');
SELECT conrelid::regclass, conname, conislocal, coninhcount FROM pg_constraint WHERE conrelid IN ('m2'::regclass, 'm2x'::regclass) ORDER BY conrelid::regclass::text, conname;
INSERT INTO m VALUES (11, 'x', 500);
INSERT INTO m VALUES (11, 'x', 5);
ALTER TABLE m2x DROP CONSTRAINT c_small;
ALTER TABLE m1 DROP CONSTRAINT m_c_check;
ALTER TABLE m DROP CONSTRAINT c_small;
SELECT conrelid::regclass, conname FROM pg_constraint WHERE conname = 'c_small';
INSERT INTO m VALUES (12, 'x', 500);
ALTER TABLE m1 ADD CONSTRAINT own_check CHECK (c <> 7);
SELECT conrelid::regclass, conname, conislocal, coninhcount FROM pg_constraint WHERE conname = 'own_check';
INSERT INTO m VALUES (4, 'x', 7);
INSERT INTO m VALUES (4, 'x', NULL), (5, 'x', 8);
UPDATE m SET a = 6, c = 7 WHERE a = 12;
UPDATE m SET a = 6 WHERE a = 12;
ALTER TABLE m1 DROP CONSTRAINT own_check;
CREATE TABLE d (a int, b text, c int);
INSERT INTO d VALUES (21, 'x', -1);
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (20) TO (30);
ALTER TABLE d ALTER COLUMN a SET NOT NULL;
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (20) TO (30);
ALTER TABLE d ADD CONSTRAINT m_c_check CHECK (c > 0);
UPDATE d SET c = 1;
ALTER TABLE d ADD CONSTRAINT m_c_check CHECK (c > 0);
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (20) TO (30);
ALTER TABLE d ADD CONSTRAINT b_len CHECK (length(b) < 5);
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (20) TO (30);
SELECT conname, coninhcount FROM pg_constraint WHERE conrelid = 'd'::regclass ORDER BY conname;
INSERT INTO m VALUES (22, 'x', -3);
SELECT tableoid::regclass, * FROM m ORDER BY a;
