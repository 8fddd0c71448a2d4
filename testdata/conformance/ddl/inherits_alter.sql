-- ALTER TABLE ... INHERIT / NO INHERIT: the child must have the parent's
-- columns with their types, NOT NULL and CHECK constraints (42804), no
-- inheritance cycles or repeats (42P07), no partitioned tables or partitions
-- (42809); afterwards the parent's reads and writes reach the child's rows
CREATE TABLE p (a int NOT NULL, b text CHECK (b <> ''));
CREATE TABLE c (a int, b text, z int);
ALTER TABLE c INHERIT p;
ALTER TABLE c ALTER a SET NOT NULL;
ALTER TABLE c INHERIT p;
ALTER TABLE c ADD CONSTRAINT p_b_check CHECK (b <> '');
ALTER TABLE c INHERIT p;
ALTER TABLE c INHERIT p;
ALTER TABLE p INHERIT c;
ALTER TABLE p INHERIT p;
CREATE TABLE w (a bigint);
ALTER TABLE w INHERIT p;
CREATE TABLE y (b text);
ALTER TABLE y INHERIT p;
INSERT INTO c VALUES (1, 'x', 9);
SELECT * FROM p;
SELECT inhrelid::regclass, inhparent::regclass, inhseqno FROM pg_inherits;
ALTER TABLE c NO INHERIT p;
ALTER TABLE c NO INHERIT p;
SELECT * FROM p;
CREATE TABLE pt (a int) PARTITION BY LIST (a);
ALTER TABLE c INHERIT pt;
ALTER TABLE pt INHERIT c;
ALTER TABLE c INHERIT p;
CREATE TABLE q (z int);
ALTER TABLE c INHERIT q;
SELECT inhrelid::regclass, inhparent::regclass, inhseqno FROM pg_inherits ORDER BY inhrelid::regclass::text, inhseqno;
SELECT relname, relhassubclass FROM pg_class WHERE relname IN ('p', 'q', 'c') ORDER BY 1;
UPDATE p SET b = 'y' RETURNING *;
SELECT * FROM q;
DELETE FROM p WHERE a = 1;
SELECT count(*) FROM c;
ALTER TABLE c NO INHERIT p;
SELECT inhrelid::regclass, inhparent::regclass FROM pg_inherits ORDER BY inhrelid::regclass::text, inhseqno;
DROP TABLE q;
ALTER TABLE c NO INHERIT q;
DROP TABLE q;
