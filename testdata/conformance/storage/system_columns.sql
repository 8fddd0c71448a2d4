-- System columns and transaction ids.

-- the upsert idiom: xmax is 0 for a row the statement inserted
CREATE TABLE kv (k text PRIMARY KEY, v int);
INSERT INTO kv VALUES ('a', 1) RETURNING k, (xmax = 0) AS inserted;
INSERT INTO kv VALUES ('a', 2), ('b', 1) ON CONFLICT (k) DO UPDATE SET v = excluded.v RETURNING k, v, (xmax = 0) AS inserted;
INSERT INTO kv AS t VALUES ('b', 5), ('c', 3) ON CONFLICT (k) DO UPDATE SET v = t.v + excluded.v RETURNING t.k, t.v, (t.xmax = 0) AS inserted, t.xmax <> 0 AS updated;
INSERT INTO kv VALUES ('c', 9), ('d', 4) ON CONFLICT (k) DO NOTHING RETURNING k, (xmax = 0) AS inserted;
INSERT INTO kv VALUES ('e', 1) RETURNING pg_typeof(xmax), pg_typeof(xmin);
SELECT k, v FROM kv ORDER BY k;

-- transaction ids: one per transaction, increasing
SELECT pg_typeof(txid_current()), pg_typeof(pg_current_xact_id());
CREATE TABLE ids (n int PRIMARY KEY, x bigint);
INSERT INTO ids VALUES (1, txid_current());
INSERT INTO ids VALUES (2, txid_current());
SELECT (SELECT x FROM ids WHERE n = 2) > (SELECT x FROM ids WHERE n = 1) AS increasing;
BEGIN;
SELECT txid_current() = txid_current() AS same;
INSERT INTO ids VALUES (3, txid_current());
INSERT INTO ids VALUES (4, txid_current());
SELECT pg_current_xact_id()::text::bigint = txid_current() AS xid8_agrees;
INSERT INTO kv VALUES ('f', 1) RETURNING xmin::text::bigint = txid_current() AS xmin_is_mine;
COMMIT;
SELECT count(DISTINCT x) FROM ids WHERE n IN (3, 4);
SELECT (SELECT x FROM ids WHERE n = 3) > (SELECT x FROM ids WHERE n = 2) AS increasing;
SELECT '42'::xid, '42'::xid8;

-- system columns read by queries; ctid is exact while a table fits its
-- first block
SELECT ctid, k FROM kv WHERE k = 'a';
SELECT k FROM kv WHERE ctid = '(0,1)';
SELECT count(*) FROM kv WHERE xmin = xmin;
CREATE TABLE notes (id int PRIMARY KEY, body text);
INSERT INTO notes VALUES (1, 'one'), (2, 'two'), (3, 'three') RETURNING ctid, id;
SELECT ctid, id FROM notes;
UPDATE notes SET body = 'TWO' WHERE id = 2 RETURNING ctid, body;
SELECT ctid, * FROM notes;
SELECT id FROM notes WHERE ctid = '(0,4)';
SELECT id FROM notes WHERE ctid > '(0,1)' ORDER BY ctid DESC;
SELECT n.ctid, n.id, n.xmax FROM notes n WHERE n.id = 3;
DELETE FROM notes WHERE ctid = '(0,1)' RETURNING id;
INSERT INTO notes VALUES (1, 'again');
SELECT ctid, id FROM notes;
SELECT tableoid = 'notes'::regclass AS same, tableoid::regclass FROM notes WHERE id = 3;
SELECT pg_typeof(ctid), pg_typeof(xmin), pg_typeof(tableoid) FROM notes LIMIT 1;
INSERT INTO notes AS n VALUES (3, 'x'), (5, 'five') ON CONFLICT (id) DO UPDATE SET body = excluded.body RETURNING n.ctid, n.id, (n.xmax = 0) AS inserted;
SELECT * FROM notes;
SELECT '(0,1)'::tid, '( 2 , 3 )'::tid, '(0,2)'::tid < '(0,10)'::tid, '(1,1)'::tid > '(0,10)'::tid;
SELECT 'x'::tid;
SELECT '(0,70000)'::tid;
SELECT * FROM notes WHERE ctid = 'junk';

-- system columns are not in *, and need an unambiguous table
SELECT * FROM notes WHERE id = 5;
SELECT ctid FROM notes a, notes b;
SELECT a.ctid, b.id FROM notes a JOIN notes b ON a.id = b.id WHERE b.id = 5;

-- deduplicating with ctid
CREATE TABLE dupes (id int PRIMARY KEY, email text);
INSERT INTO dupes VALUES (1, 'a@x'), (2, 'b@x'), (3, 'a@x'), (4, 'b@x'), (5, 'c@x');
DELETE FROM dupes d USING dupes e WHERE d.email = e.email AND d.ctid > e.ctid;
SELECT ctid, * FROM dupes;
