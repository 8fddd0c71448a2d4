-- A name that is both a PL/pgSQL variable and a column the query can see
-- is ambiguous (plpgsql.variable_conflict = error); a qualified column or
-- an unambiguous name is fine, and a view's own query never sees the
-- caller's variables.
CREATE TABLE accounts (id int PRIMARY KEY, owner text, balance int);
INSERT INTO accounts VALUES (1, 'a', 10), (2, 'b', 20);
CREATE VIEW rich AS SELECT id, owner FROM accounts WHERE balance > 15;
CREATE FUNCTION f1() RETURNS TABLE (id int, owner text) LANGUAGE plpgsql AS $$ BEGIN RETURN QUERY SELECT id, owner FROM accounts ORDER BY id; END $$;
SELECT * FROM f1();
CREATE FUNCTION f2() RETURNS TABLE (id int, owner text) LANGUAGE plpgsql AS $$ BEGIN RETURN QUERY SELECT a.id, a.owner FROM accounts a ORDER BY a.id; END $$;
SELECT * FROM f2();
CREATE FUNCTION f3(owner text) RETURNS int LANGUAGE plpgsql AS $$ DECLARE n int; BEGIN SELECT count(*) INTO n FROM accounts WHERE owner = owner; RETURN n; END $$;
SELECT f3('a');
CREATE FUNCTION f4(p_owner text) RETURNS int LANGUAGE plpgsql AS $$ DECLARE n int; BEGIN SELECT count(*) INTO n FROM accounts WHERE owner = p_owner; RETURN n; END $$;
SELECT f4('a');
CREATE FUNCTION f5(owner text DEFAULT 'PARAM') RETURNS text LANGUAGE plpgsql AS $$ DECLARE r text; BEGIN SELECT v.owner INTO r FROM rich v WHERE v.id = 2; RETURN r; END $$;
SELECT f5();
CREATE FUNCTION f6(id int) RETURNS text LANGUAGE plpgsql AS $$ DECLARE r text; BEGIN SELECT a.owner INTO r FROM accounts a WHERE a.id = f6.id; RETURN r; END $$;
SELECT f6(1);
CREATE FUNCTION f7(balance int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN (SELECT count(*) FROM accounts a WHERE a.balance > balance); END $$;
SELECT f7(5);
CREATE FUNCTION f8() RETURNS int LANGUAGE plpgsql AS $$ DECLARE id int := 1; BEGIN RETURN (SELECT count(*) FROM rich); END $$;
SELECT f8();
