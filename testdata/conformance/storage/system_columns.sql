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

-- system columns read by queries
SELECT ctid, k FROM kv WHERE k = 'a';
SELECT k FROM kv WHERE ctid = '(0,1)';
SELECT count(*) FROM kv WHERE xmin = xmin;
