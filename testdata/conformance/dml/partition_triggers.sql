-- Triggers and partitions: a partitioned table's row triggers are cloned
-- to every partition (pg_trigger.tgparentid), existing and created or
-- attached later, and fire on the partition a row is routed to; its
-- statement triggers fire once; a partition's own row triggers fire for
-- rows written through the parent; a moved row fires DELETE and INSERT
-- row triggers; a cloned BEFORE trigger changing the key is 0A000; the
-- parent's statement triggers see every partition's rows in their transition
-- tables
CREATE TABLE log (n serial, msg text);
CREATE FUNCTION trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO log (msg) VALUES (TG_NAME || ' ' || TG_WHEN || ' ' || TG_LEVEL || ' ' || TG_OP || ' on ' || TG_TABLE_NAME
    || coalesce(' new=' || CASE WHEN TG_LEVEL = 'ROW' AND TG_OP <> 'DELETE' THEN NEW::text END, '')
    || coalesce(' old=' || CASE WHEN TG_LEVEL = 'ROW' AND TG_OP <> 'INSERT' THEN OLD::text END, ''));
  IF TG_LEVEL = 'ROW' AND TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
CREATE TABLE m (a int, b text) PARTITION BY RANGE (a);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (1) TO (10);
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20);
CREATE TRIGGER p_bi BEFORE INSERT ON m FOR EACH ROW EXECUTE FUNCTION trg();
CREATE TRIGGER p_ai AFTER INSERT OR UPDATE OR DELETE ON m FOR EACH ROW EXECUTE FUNCTION trg();
CREATE TRIGGER p_s BEFORE INSERT OR UPDATE OR DELETE ON m FOR EACH STATEMENT EXECUTE FUNCTION trg();
CREATE TRIGGER p_as AFTER UPDATE ON m FOR EACH STATEMENT EXECUTE FUNCTION trg();
CREATE TRIGGER c1_bi BEFORE INSERT OR UPDATE ON m1 FOR EACH ROW EXECUTE FUNCTION trg();
CREATE TRIGGER c1_s AFTER INSERT OR UPDATE ON m1 FOR EACH STATEMENT EXECUTE FUNCTION trg();
CREATE TRIGGER c2_bd BEFORE DELETE ON m2 FOR EACH ROW EXECUTE FUNCTION trg();
INSERT INTO m VALUES (1, 'x'), (15, 'y');
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
UPDATE m SET b = b || '!';
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
UPDATE m SET a = 12 WHERE a = 1;
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
UPDATE m SET a = 5 WHERE a = 15;
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
INSERT INTO m1 VALUES (2, 'd');
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
DELETE FROM m WHERE a > 10;
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
DELETE FROM m;
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
SELECT tgname, tgrelid::regclass, tgparentid <> 0 AS clone, tgenabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgrelid::regclass::text, tgname;
SELECT c.tgname, p.tgname AS parent, p.tgrelid::regclass AS parent_table FROM pg_trigger c JOIN pg_trigger p ON p.oid = c.tgparentid ORDER BY c.tgrelid::regclass::text, 1;
DROP TRIGGER p_bi ON m1;
DROP TRIGGER IF EXISTS p_bi ON m1;
CREATE TABLE m3 PARTITION OF m FOR VALUES FROM (20) TO (30) PARTITION BY LIST (b);
CREATE TABLE m3x PARTITION OF m3 FOR VALUES IN ('x');
SELECT tgname, tgrelid::regclass FROM pg_trigger WHERE tgrelid IN ('m3'::regclass, 'm3x'::regclass) ORDER BY tgrelid::regclass::text, tgname;
INSERT INTO m VALUES (21, 'x');
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
CREATE TABLE d (a int, b text);
CREATE TRIGGER p_ai AFTER INSERT ON d FOR EACH ROW EXECUTE FUNCTION trg();
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (30) TO (40);
DROP TRIGGER p_ai ON d;
ALTER TABLE m ATTACH PARTITION d FOR VALUES FROM (30) TO (40);
SELECT tgname, tgrelid::regclass, tgparentid <> 0 AS clone FROM pg_trigger WHERE tgrelid = 'd'::regclass ORDER BY 1;
INSERT INTO m VALUES (31, 'd');
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
ALTER TABLE m DETACH PARTITION d;
SELECT count(*) FROM pg_trigger WHERE tgrelid = 'd'::regclass;
ALTER TABLE m DISABLE TRIGGER p_ai;
SELECT tgname, tgrelid::regclass, tgenabled FROM pg_trigger WHERE tgname = 'p_ai' ORDER BY tgrelid::regclass::text;
ALTER TABLE m2 ENABLE TRIGGER p_ai;
INSERT INTO m VALUES (3, 'e'), (13, 'e');
SELECT msg FROM log ORDER BY n;
DELETE FROM log;
ALTER TABLE m ENABLE TRIGGER p_ai;
DROP TRIGGER p_ai ON m;
SELECT tgname, tgrelid::regclass FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgrelid::regclass::text, tgname;
CREATE TRIGGER tt AFTER INSERT ON m REFERENCING NEW TABLE AS nt FOR EACH ROW EXECUTE FUNCTION trg();
CREATE TRIGGER tt AFTER INSERT ON m1 REFERENCING NEW TABLE AS nt FOR EACH ROW EXECUTE FUNCTION trg();
CREATE TRIGGER c1_bi BEFORE INSERT ON m FOR EACH ROW EXECUTE FUNCTION trg();
CREATE OR REPLACE TRIGGER p_bi BEFORE INSERT ON m1 FOR EACH ROW EXECUTE FUNCTION trg();
CREATE OR REPLACE TRIGGER c1_bi BEFORE INSERT ON m FOR EACH ROW EXECUTE FUNCTION trg();
SELECT tgname, tgrelid::regclass, tgparentid <> 0 AS clone FROM pg_trigger WHERE tgname = 'c1_bi' ORDER BY tgrelid::regclass::text;
DROP TABLE m1;
SELECT tgname, tgrelid::regclass FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgrelid::regclass::text, tgname;
CREATE FUNCTION bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.a := NEW.a + 10; RETURN NEW; END $$;
CREATE TABLE k (a int, b text) PARTITION BY RANGE (a);
CREATE TABLE k1 PARTITION OF k FOR VALUES FROM (1) TO (10);
CREATE TABLE k2 PARTITION OF k FOR VALUES FROM (10) TO (20);
INSERT INTO k VALUES (1, 'x');
CREATE TRIGGER k_bump BEFORE INSERT OR UPDATE ON k FOR EACH ROW EXECUTE FUNCTION bump();
INSERT INTO k VALUES (1, 'y');
INSERT INTO k1 VALUES (2, 'y');
UPDATE k SET b = 'z';
UPDATE k1 SET b = 'z';
DROP TRIGGER k_bump ON k;
CREATE TRIGGER k1_bump BEFORE INSERT OR UPDATE ON k1 FOR EACH ROW EXECUTE FUNCTION bump();
INSERT INTO k VALUES (2, 'y');
INSERT INTO k1 VALUES (2, 'y');
UPDATE k SET b = 'w' RETURNING *;
SELECT * FROM k ORDER BY a;
CREATE FUNCTION skip() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE TRIGGER k2_skip BEFORE INSERT ON k2 FOR EACH ROW EXECUTE FUNCTION skip();
INSERT INTO k VALUES (12, 'skipped'), (13, 'skipped') RETURNING *;
SELECT * FROM k ORDER BY a;
CREATE TABLE items (id int, tenant text, note text, updated_at timestamp) PARTITION BY LIST (tenant);
CREATE TABLE items_a PARTITION OF items FOR VALUES IN ('a');
CREATE TABLE items_b PARTITION OF items FOR VALUES IN ('b');
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := '2024-01-02 03:04:05'; RETURN NEW; END $$;
CREATE TRIGGER items_touch BEFORE INSERT OR UPDATE ON items FOR EACH ROW EXECUTE FUNCTION touch();
CREATE TABLE audit (n serial, tbl text, op text, row_data jsonb);
CREATE FUNCTION audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (tbl, op, row_data) VALUES (TG_TABLE_NAME, TG_OP, CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END);
  RETURN NULL;
END $$;
CREATE TRIGGER items_audit AFTER INSERT OR UPDATE OR DELETE ON items FOR EACH ROW EXECUTE FUNCTION audit();
INSERT INTO items (id, tenant, note) VALUES (1, 'a', 'one'), (2, 'b', 'two') RETURNING *;
UPDATE items SET note = note || '!', tenant = 'b' WHERE id = 1 RETURNING *;
DELETE FROM items WHERE id = 2;
SELECT tbl, op, row_data FROM audit ORDER BY n;
SELECT * FROM items ORDER BY id;
CREATE TABLE tl (m text);
CREATE TABLE tm (a int, b text) PARTITION BY RANGE (a);
CREATE TABLE tm1 PARTITION OF tm FOR VALUES FROM (1) TO (10);
CREATE TABLE tm2 PARTITION OF tm FOR VALUES FROM (10) TO (20);
CREATE FUNCTION tcount() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO tl VALUES (TG_OP || ' ' || (SELECT string_agg(a::text, ',' ORDER BY a) FROM nt)); RETURN NULL; END $$;
CREATE TRIGGER ti AFTER INSERT ON tm REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION tcount();
CREATE TRIGGER tu AFTER UPDATE ON tm REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION tcount();
CREATE TRIGGER td AFTER DELETE ON tm REFERENCING OLD TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION tcount();
INSERT INTO tm VALUES (1, 'x'), (15, 'y'), (3, 'z');
UPDATE tm SET b = 'q';
UPDATE tm SET a = a + 10 WHERE a < 10;
DELETE FROM tm WHERE a > 12;
SELECT m FROM tl;
