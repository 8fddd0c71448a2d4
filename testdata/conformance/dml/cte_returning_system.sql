-- conformance: ordered
-- A data-modifying WITH item's RETURNING list reads its target's system
-- columns (tableoid: the partition a row went to; ctid), as a plain
-- INSERT/UPDATE/DELETE ... RETURNING does; the main query reads only
-- what it returns.
CREATE TABLE u (a int);
CREATE TABLE p (id int, region text) PARTITION BY LIST (region);
CREATE TABLE p_eu PARTITION OF p FOR VALUES IN ('eu');
CREATE TABLE p_us PARTITION OF p FOR VALUES IN ('us');
INSERT INTO u VALUES (1) RETURNING tableoid::regclass, *;
WITH x AS (INSERT INTO u VALUES (2) RETURNING tableoid::regclass, *) SELECT * FROM x;
WITH x AS (UPDATE u SET a = a + 10 WHERE a = 2 RETURNING tableoid::regclass, a) SELECT * FROM x;
WITH x AS (DELETE FROM u WHERE a = 12 RETURNING tableoid::regclass AS t, a) SELECT t, a FROM x;
WITH x AS (INSERT INTO u VALUES (3) RETURNING tableoid) SELECT tableoid::regclass FROM x;
WITH x AS (INSERT INTO u VALUES (4) RETURNING ctid, u.tableoid::regclass AS t) SELECT * FROM x;
WITH x AS (INSERT INTO p VALUES (1, 'eu'), (2, 'us'), (3, 'eu') RETURNING tableoid::regclass AS part, id)
SELECT part, id FROM x ORDER BY id;
WITH x AS (UPDATE p SET region = 'us' WHERE id = 1 RETURNING tableoid::regclass AS part, id, region) SELECT * FROM x;
WITH x AS (DELETE FROM p WHERE id = 3 RETURNING p.tableoid::regclass AS part, id) SELECT * FROM x;
WITH moved AS (DELETE FROM p WHERE id = 2 RETURNING tableoid::regclass AS part, id),
     kept AS (INSERT INTO u SELECT id FROM moved RETURNING tableoid::regclass AS t, a)
SELECT m.part, k.t, k.a FROM moved m JOIN kept k ON k.a = m.id;
WITH x AS (INSERT INTO u VALUES (5) RETURNING a) SELECT tableoid FROM x;
WITH x AS (INSERT INTO u VALUES (6) RETURNING a) SELECT x.tableoid FROM x;
WITH x AS (INSERT INTO u VALUES (7) RETURNING v.tableoid) SELECT * FROM x;
SELECT tableoid::regclass AS t, a FROM u ORDER BY a;
SELECT tableoid::regclass AS part, id, region FROM p ORDER BY id;
