-- INSTEAD OF row triggers on views, and DML on views without them
CREATE TABLE accounts (id int PRIMARY KEY, name text NOT NULL, balance int NOT NULL DEFAULT 0);
CREATE TABLE audit (n serial PRIMARY KEY, msg text);
INSERT INTO accounts VALUES (1, 'alice', 100), (2, 'bob', 50);
CREATE VIEW account_names AS SELECT id, upper(name) AS shout, balance * 2 AS doubled FROM accounts;
INSERT INTO account_names VALUES (3, 'CAROL', 0);
UPDATE account_names SET shout = 'X';
DELETE FROM account_names WHERE id = 1;
CREATE FUNCTION account_names_dml() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (msg) VALUES (TG_NAME || ' ' || TG_WHEN || ' ' || TG_LEVEL || ' ' || TG_OP || ' ' || TG_TABLE_NAME);
  IF TG_OP = 'INSERT' THEN
    IF NEW.id < 0 THEN
      RETURN NULL;
    END IF;
    INSERT INTO accounts VALUES (NEW.id, lower(NEW.shout), NEW.doubled / 2);
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE accounts SET name = lower(NEW.shout), balance = NEW.doubled / 2 WHERE id = OLD.id;
    RETURN NEW;
  ELSE
    DELETE FROM accounts WHERE id = OLD.id;
    RETURN OLD;
  END IF;
END $$;
CREATE TRIGGER account_names_io INSTEAD OF INSERT OR UPDATE OR DELETE ON account_names FOR EACH ROW EXECUTE FUNCTION account_names_dml();
INSERT INTO account_names VALUES (3, 'CAROL', 40);
INSERT INTO account_names VALUES (4, 'DAVE', 10), (-1, 'SKIP', 0), (5, 'ERIN', 6);
SELECT * FROM accounts ORDER BY id;
UPDATE account_names SET doubled = doubled + 2 WHERE id IN (1, 2);
SELECT * FROM accounts ORDER BY id;
UPDATE account_names SET shout = 'ZED' WHERE id = 99;
DELETE FROM account_names WHERE doubled < 20;
SELECT * FROM accounts ORDER BY id;
SELECT msg FROM audit ORDER BY n;
INSERT INTO account_names (id, shout) VALUES (7, 'GUS');
SELECT * FROM accounts WHERE id = 7;
CREATE TRIGGER bad_before BEFORE INSERT ON account_names FOR EACH ROW EXECUTE FUNCTION account_names_dml();
CREATE TRIGGER bad_io INSTEAD OF INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION account_names_dml();
CREATE TRIGGER bad_stmt INSTEAD OF INSERT ON account_names FOR EACH STATEMENT EXECUTE FUNCTION account_names_dml();
CREATE TRIGGER bad_when INSTEAD OF UPDATE ON account_names FOR EACH ROW WHEN (OLD.id > 0) EXECUTE FUNCTION account_names_dml();
CREATE TRIGGER bad_cols INSTEAD OF UPDATE OF shout ON account_names FOR EACH ROW EXECUTE FUNCTION account_names_dml();
CREATE VIEW simple_accounts AS SELECT id, name FROM accounts WHERE balance >= 0;
INSERT INTO simple_accounts VALUES (20, 'simple');
UPDATE simple_accounts SET name = 'simpler' WHERE id = 20;
SELECT * FROM accounts WHERE id = 20;
CREATE FUNCTION simple_io() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (msg) VALUES ('simple_io ' || TG_OP);
  RETURN NULL;
END $$;
CREATE TRIGGER simple_io INSTEAD OF DELETE ON simple_accounts FOR EACH ROW EXECUTE FUNCTION simple_io();
DELETE FROM simple_accounts WHERE id = 20;
SELECT count(*) FROM accounts WHERE id = 20;
SELECT msg FROM audit WHERE msg LIKE 'simple%';
CREATE FUNCTION failing_io() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO accounts VALUES (NEW.id, 'partial', 0);
  IF NEW.id > 50 THEN
    RAISE EXCEPTION 'too big: %', NEW.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE VIEW guarded AS SELECT id, name FROM accounts WHERE id > 0 GROUP BY id, name;
CREATE TRIGGER guarded_io INSTEAD OF INSERT ON guarded FOR EACH ROW EXECUTE FUNCTION failing_io();
INSERT INTO guarded VALUES (30, 'x'), (60, 'y');
SELECT count(*) FROM accounts WHERE name = 'partial';
INSERT INTO guarded VALUES (31, 'x');
SELECT id, name FROM accounts WHERE name = 'partial';
DROP TRIGGER guarded_io ON guarded;
INSERT INTO guarded VALUES (32, 'x');
