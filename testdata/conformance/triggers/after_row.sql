-- AFTER ROW triggers: audit logs, seeing the statement's changes, writes to other tables
CREATE TABLE accounts (id int PRIMARY KEY, balance int NOT NULL);
CREATE TABLE audit (n serial PRIMARY KEY, op text, tbl text, old_balance int, new_balance int, total int);
CREATE FUNCTION audit_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO audit (op, tbl, old_balance, total) VALUES (TG_OP, TG_TABLE_NAME, OLD.balance, (SELECT sum(balance) FROM accounts));
    RETURN OLD;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO audit (op, tbl, old_balance, new_balance, total) VALUES (TG_OP, TG_TABLE_NAME, OLD.balance, NEW.balance, (SELECT sum(balance) FROM accounts));
  ELSE
    INSERT INTO audit (op, tbl, new_balance, total) VALUES (TG_OP, TG_TABLE_NAME, NEW.balance, (SELECT sum(balance) FROM accounts));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER audit_all AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION audit_accounts();
INSERT INTO accounts VALUES (1, 100), (2, 50);
SELECT op, tbl, old_balance, new_balance, total FROM audit ORDER BY n;
UPDATE accounts SET balance = balance + 10;
SELECT op, old_balance, new_balance, total FROM audit WHERE op = 'UPDATE' ORDER BY old_balance;
DELETE FROM accounts WHERE id = 2;
SELECT op, old_balance, total FROM audit WHERE op = 'DELETE';
SELECT count(*) FROM audit;
CREATE FUNCTION guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance < 0 THEN
    RAISE EXCEPTION 'balance of % would be negative', NEW.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER guard AFTER UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION guard();
UPDATE accounts SET balance = balance - 1000;
SELECT balance FROM accounts;
SELECT count(*) FROM audit;
BEGIN;
UPDATE accounts SET balance = balance - 10;
SELECT count(*) FROM audit;
ROLLBACK;
SELECT count(*) FROM audit;
CREATE FUNCTION custom_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'not allowed' USING ERRCODE = 'PT401', HINT = 'ask an admin';
END $$;
CREATE TRIGGER no_insert BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION custom_code();
INSERT INTO accounts VALUES (9, 1);
SELECT count(*) FROM accounts;
