-- the tableoid system column names the table each row of an inheritance
-- or partition tree comes from
CREATE TABLE m (a int, b text) PARTITION BY RANGE (a);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (1) TO (10);
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20);
INSERT INTO m VALUES (1, 'x'), (15, 'y'), (9, 'z');
SELECT tableoid::regclass, * FROM m ORDER BY a;
SELECT tableoid::regclass AS part, count(*) FROM m GROUP BY tableoid ORDER BY 1;
SELECT x.tableoid::regclass, x.* FROM m x WHERE x.tableoid = 'm2'::regclass;
SELECT tableoid::regclass, a FROM m1;
SELECT tableoid::regclass, * FROM ONLY m;
UPDATE m SET b = b || '?' WHERE a = 9 RETURNING tableoid::regclass, *;
DELETE FROM m WHERE a = 15 RETURNING tableoid::regclass, a;
INSERT INTO m VALUES (3, 'i');
UPDATE m SET a = 12 WHERE a = 3;
SELECT tableoid::regclass, * FROM m ORDER BY a;
CREATE TABLE cities (name text, population int);
CREATE TABLE capitals (state text) INHERITS (cities);
INSERT INTO cities VALUES ('Las Vegas', 2000);
INSERT INTO capitals VALUES ('Madison', 1900, 'WI');
SELECT c.tableoid::regclass, c.name FROM cities c ORDER BY name;
SELECT p.relname, c.* FROM cities c JOIN pg_class p ON p.oid = c.tableoid ORDER BY c.name;
