-- INSERT ... SELECT reading the table it inserts into reads the rows the
-- statement started with, not the ones it inserts (found by
-- bench/pgfuzz: an index lookup in NOT EXISTS saw them).
CREATE TABLE io_g (id int PRIMARY KEY);
CREATE TABLE io_h (id int PRIMARY KEY, k int);
CREATE INDEX io_h_k ON io_h (k);
INSERT INTO io_g VALUES (1), (2), (3), (4);
INSERT INTO io_h VALUES (1, 1);

INSERT INTO io_h SELECT io_g.id + 10, io_g.id + 1 FROM io_g WHERE NOT EXISTS (SELECT 1 FROM io_h x WHERE x.k = io_g.id);
SELECT id, k FROM io_h ORDER BY id;
INSERT INTO io_h SELECT io_g.id + 20, io_g.id + 1 FROM io_g WHERE NOT EXISTS (SELECT 1 FROM io_h x WHERE x.k = io_g.id) RETURNING id, k;
INSERT INTO io_h SELECT io_g.id + 30, 2 FROM io_g WHERE io_g.id NOT IN (SELECT x.k FROM io_h x WHERE x.k IS NOT NULL) RETURNING id;
INSERT INTO io_h SELECT id + 100, k + 1 FROM io_h WHERE k + 1 NOT IN (SELECT k FROM io_h WHERE k IS NOT NULL);
SELECT id, k FROM io_h ORDER BY id;
INSERT INTO io_h (id, k) SELECT 200 + io_g.id, (SELECT count(*) FROM io_h) FROM io_g RETURNING id, k;
UPDATE io_h SET k = k + 1 WHERE NOT EXISTS (SELECT 1 FROM io_h x WHERE x.k = io_h.k + 1) RETURNING id, k;
SELECT id, k FROM io_h ORDER BY id;
DELETE FROM io_h WHERE k > (SELECT min(k) FROM io_h x WHERE x.id > io_h.id) RETURNING id;
SELECT id, k FROM io_h ORDER BY id;
