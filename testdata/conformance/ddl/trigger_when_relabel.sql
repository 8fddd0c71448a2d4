-- pg_get_triggerdef prints a WHEN condition as PostgreSQL deparses it:
-- oid comparisons with regclass and regtype constants show their ::oid
-- relabel; the same shapes in pg_get_constraintdef, pg_get_indexdef and
-- pg_get_expr.

CREATE TABLE a (id int);
CREATE TABLE t (id int, o oid, r regclass, n name);
CREATE FUNCTION tf() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER t1 BEFORE INSERT ON t FOR EACH ROW WHEN (NEW.o = 'a'::regclass) EXECUTE FUNCTION tf();
CREATE TRIGGER t2 BEFORE INSERT ON t FOR EACH ROW WHEN (NEW.r = 'a'::regclass) EXECUTE FUNCTION tf();
CREATE TRIGGER t3 BEFORE INSERT ON t FOR EACH ROW WHEN (NEW.o <> 'int4'::regtype) EXECUTE FUNCTION tf();
CREATE TRIGGER t4 BEFORE UPDATE ON t FOR EACH ROW WHEN (OLD.o IS DISTINCT FROM NEW.o AND NEW.r IN ('a'::regclass, 't'::regclass)) EXECUTE FUNCTION tf();
CREATE TRIGGER t5 BEFORE INSERT ON t FOR EACH ROW WHEN (NEW.o = 1259 OR NEW.r::oid = 0) EXECUTE FUNCTION tf();
CREATE TRIGGER t6 BEFORE INSERT ON t FOR EACH ROW WHEN (NEW.n = 'x' AND NEW.id::oid > 3) EXECUTE FUNCTION tf();
SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = 't'::regclass ORDER BY tgname;
SELECT tgname, pg_get_triggerdef(oid, true) FROM pg_trigger WHERE tgrelid = 't'::regclass ORDER BY tgname;
ALTER TABLE t ADD CONSTRAINT c1 CHECK (o <> 'a'::regclass);
ALTER TABLE t ADD CONSTRAINT c2 CHECK (r = 'a'::regclass OR r IS NULL);
ALTER TABLE t ADD CONSTRAINT c3 CHECK (o <> 'int4'::regtype AND r::oid <> 0);
ALTER TABLE t ADD CONSTRAINT c4 CHECK (r IN ('a'::regclass, 't'::regclass));
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 't'::regclass ORDER BY conname;
SELECT conname, pg_get_expr(conbin, conrelid) FROM pg_constraint WHERE conrelid = 't'::regclass ORDER BY conname;
CREATE INDEX i1 ON t (id) WHERE o = 'a'::regclass;
CREATE INDEX i2 ON t (id) WHERE r IN ('a'::regclass, 't'::regclass);
CREATE INDEX i3 ON t ((o = 'int4'::regtype));
SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 't'::regclass ORDER BY 1;
SELECT indexrelid::regclass::text, pg_get_expr(indpred, indrelid), pg_get_expr(indexprs, indrelid) FROM pg_index WHERE indrelid = 't'::regclass ORDER BY 1;
ALTER TABLE t ALTER COLUMN o SET DEFAULT 'a'::regclass;
ALTER TABLE t ALTER COLUMN id SET DEFAULT ('a'::regclass)::oid::int;
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 't'::regclass ORDER BY attname;
