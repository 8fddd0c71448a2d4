-- RETURNING on views with INSTEAD OF triggers: the rows the triggers returned
CREATE TABLE accounts (id int PRIMARY KEY, name text NOT NULL, balance int NOT NULL DEFAULT 0);
INSERT INTO accounts VALUES (1, 'alice', 100), (2, 'bob', 50);
CREATE VIEW account_names AS SELECT id, upper(name) AS shout, balance * 2 AS doubled FROM accounts;
CREATE FUNCTION account_names_io() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.id < 0 THEN RETURN NULL; END IF;
    INSERT INTO accounts VALUES (NEW.id, lower(NEW.shout), NEW.doubled / 2);
    NEW.shout := NEW.shout || '!';
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE accounts SET name = lower(NEW.shout), balance = NEW.doubled / 2 WHERE id = OLD.id;
    RETURN NEW;
  ELSE
    DELETE FROM accounts WHERE id = OLD.id;
    RETURN OLD;
  END IF;
END $$;
CREATE TRIGGER account_names_io INSTEAD OF INSERT OR UPDATE OR DELETE ON account_names FOR EACH ROW EXECUTE FUNCTION account_names_io();
INSERT INTO account_names VALUES (3, 'CAROL', 40), (-1, 'SKIP', 0) RETURNING *;
INSERT INTO account_names VALUES (4, 'DAVE', 10) RETURNING id, shout AS s, doubled + 1 AS plus;
INSERT INTO account_names VALUES (-2, 'SKIP', 0) RETURNING *;
UPDATE account_names AS a SET doubled = doubled + 2 WHERE id <= 2 RETURNING a.id, a.doubled;
UPDATE account_names SET shout = 'NOBODY' WHERE id = 99 RETURNING *;
DELETE FROM account_names WHERE id = 4 RETURNING shout, account_names.id;
SELECT * FROM accounts ORDER BY id;
INSERT INTO account_names (id, shout, doubled) SELECT g, 'GEN' || g, g * 10 FROM generate_series(5, 6) AS g RETURNING id, shout;
SELECT count(*) FROM accounts;
