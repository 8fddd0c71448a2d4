-- CREATE CONSTRAINT TRIGGER: AFTER ROW triggers that may be deferred to COMMIT
CREATE TABLE acct (id int PRIMARY KEY, balance int);
CREATE TABLE audit (n serial PRIMARY KEY, msg text);
CREATE FUNCTION acct_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (msg) VALUES (TG_NAME || ' ' || TG_OP || ' ' || NEW.id || ' ' || (SELECT sum(balance) FROM acct));
  IF (SELECT sum(balance) FROM acct) < 0 THEN
    RAISE EXCEPTION 'total balance negative: %', (SELECT sum(balance) FROM acct) USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER acct_total AFTER INSERT OR UPDATE ON acct DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION acct_check();
CREATE CONSTRAINT TRIGGER acct_now AFTER DELETE ON acct FOR EACH ROW EXECUTE FUNCTION acct_check();
SELECT tgname, tgdeferrable, tginitdeferred, tgconstraint <> 0 AS has_constraint FROM pg_trigger WHERE tgrelid = 'acct'::regclass ORDER BY tgname;
BEGIN;
INSERT INTO acct VALUES (1, -5);
SELECT count(*) FROM audit;
INSERT INTO acct VALUES (2, 10);
COMMIT;
SELECT msg FROM audit ORDER BY n;
BEGIN;
UPDATE acct SET balance = -20 WHERE id = 2;
COMMIT;
SELECT id, balance FROM acct ORDER BY id;
BEGIN;
SET CONSTRAINTS acct_total IMMEDIATE;
UPDATE acct SET balance = 7 WHERE id = 2;
SELECT count(*) FROM audit;
COMMIT;
BEGIN;
UPDATE acct SET balance = 8 WHERE id = 2;
SET CONSTRAINTS ALL IMMEDIATE;
SELECT count(*) FROM audit;
COMMIT;
INSERT INTO acct VALUES (3, -100);
SELECT id FROM acct ORDER BY id;
SELECT msg FROM audit ORDER BY n;
SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = 'acct'::regclass ORDER BY tgname;
SET search_path = '';
SELECT tgname, pg_catalog.pg_get_triggerdef(oid, false) FROM pg_catalog.pg_trigger WHERE tgrelid = 'public.acct'::regclass ORDER BY tgname;
RESET search_path;
DROP TRIGGER acct_total ON acct;
BEGIN;
SET CONSTRAINTS acct_total DEFERRED;
ROLLBACK;
SELECT c.conname, c.contype, c.condeferrable, c.condeferred, c.conrelid::regclass, c.conkey, t.tgname FROM pg_constraint c JOIN pg_trigger t ON t.tgconstraint = c.oid ORDER BY c.conname;
