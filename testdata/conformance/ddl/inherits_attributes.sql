-- pg_attribute.attislocal / attinhcount of inheritance children and
-- partitions: declared, merged, added through the parent, INHERIT / NO INHERIT
CREATE TABLE ip (a int, b text);
CREATE TABLE ip2 (b text, c int);
CREATE TABLE ic1 () INHERITS (ip);
CREATE TABLE ic2 (b text, d int) INHERITS (ip);
CREATE TABLE ic3 (x int) INHERITS (ip, ip2);
CREATE TABLE ic4 (z int, b text, a int);
ALTER TABLE ic4 INHERIT ip;
ALTER TABLE ip ADD COLUMN e int;
SELECT attrelid::regclass::text, attname, attislocal, attinhcount FROM pg_attribute WHERE attrelid::regclass::text IN ('ip', 'ip2', 'ic1', 'ic2', 'ic3', 'ic4') AND attnum > 0 ORDER BY 1, attnum;
ALTER TABLE ic4 NO INHERIT ip;
ALTER TABLE ic3 NO INHERIT ip2;
SELECT attrelid::regclass::text, attname, attislocal, attinhcount FROM pg_attribute WHERE attrelid::regclass::text IN ('ic3', 'ic4') AND attnum > 0 ORDER BY 1, attnum;
CREATE TABLE pt (id int, k int, v text) PARTITION BY LIST (k);
CREATE TABLE pt1 PARTITION OF pt FOR VALUES IN (1);
CREATE TABLE pt2 (v text, k int, id int);
ALTER TABLE pt ATTACH PARTITION pt2 FOR VALUES IN (2);
ALTER TABLE pt ADD COLUMN w int;
SELECT attrelid::regclass::text, attname, attislocal, attinhcount FROM pg_attribute WHERE attrelid::regclass::text IN ('pt', 'pt1', 'pt2') AND attnum > 0 ORDER BY 1, attnum;
ALTER TABLE pt DETACH PARTITION pt2;
SELECT attname, attislocal, attinhcount FROM pg_attribute WHERE attrelid = 'pt2'::regclass AND attnum > 0 ORDER BY attnum;
