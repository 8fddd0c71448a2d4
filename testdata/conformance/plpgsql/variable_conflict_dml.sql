-- plpgsql.variable_conflict = error (PostgreSQL's default) in data-modifying
-- statements: a variable named like a column of the target table is
-- ambiguous in UPDATE's SET expressions and WHERE, DELETE's WHERE,
-- RETURNING, and an ON CONFLICT (col) target; INSERT's column list and
-- SET targets are column names, never variables.
CREATE TABLE acct (id int PRIMARY KEY, owner text, balance int);
INSERT INTO acct VALUES (1, 'a', 10), (2, 'b', 20);
CREATE FUNCTION u1(balance int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE acct SET balance = balance + 1 WHERE id = 1; END $$;
SELECT u1(5);
CREATE FUNCTION u2(owner text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE acct SET balance = 0 WHERE owner = owner; END $$;
SELECT u2('a');
CREATE FUNCTION u3(owner text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE acct SET owner = owner WHERE id = 1; END $$;
SELECT u3('z');
CREATE FUNCTION u4(id int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE acct SET balance = 0 WHERE acct.id = u4.id; END $$;
SELECT u4(2);
CREATE FUNCTION i1(id int, owner text) RETURNS int LANGUAGE plpgsql AS $$ DECLARE r int; BEGIN INSERT INTO acct (id, owner) VALUES (id, owner) RETURNING id INTO r; RETURN r; END $$;
SELECT i1(3, 'c');
CREATE FUNCTION i2(p_id int) RETURNS int LANGUAGE plpgsql AS $$ DECLARE r int; BEGIN INSERT INTO acct (id) VALUES (p_id) RETURNING id INTO r; RETURN r; END $$;
SELECT i2(4);
CREATE FUNCTION i3(id int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN INSERT INTO acct (id, owner) VALUES (i3.id, 'x') ON CONFLICT (id) DO NOTHING; END $$;
SELECT i3(1);
CREATE FUNCTION i4(owner text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN INSERT INTO acct (id, owner) VALUES (1, i4.owner) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner; END $$;
SELECT i4('q');
CREATE FUNCTION i5(balance int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN INSERT INTO acct (id, balance) VALUES (1, i5.balance) ON CONFLICT (id) DO UPDATE SET balance = balance; END $$;
SELECT i5(7);
CREATE FUNCTION i6() RETURNS TABLE (id int) LANGUAGE plpgsql AS $$ BEGIN RETURN QUERY INSERT INTO acct (id, owner) VALUES (9, 'n') ON CONFLICT (id) DO NOTHING RETURNING acct.id; END $$;
SELECT * FROM i6();
CREATE FUNCTION i7() RETURNS TABLE (id int) LANGUAGE plpgsql AS $$ BEGIN INSERT INTO acct (id, owner) VALUES (10, 'n') ON CONFLICT (id) DO NOTHING; RETURN; END $$;
SELECT * FROM i7();
CREATE FUNCTION d1(owner text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN DELETE FROM acct WHERE owner = owner; END $$;
SELECT d1('a');
CREATE FUNCTION d2(p text) RETURNS int LANGUAGE plpgsql AS $$ DECLARE id int; BEGIN DELETE FROM acct WHERE owner = p RETURNING id INTO id; RETURN id; END $$;
SELECT d2('n');
CREATE FUNCTION i8() RETURNS TABLE (id int, owner text) LANGUAGE plpgsql AS $$ BEGIN RETURN QUERY INSERT INTO acct AS a (id, owner) VALUES (11, 'n') ON CONFLICT (id) DO UPDATE SET owner = 'm' RETURNING a.id, a.owner; END $$;
SELECT * FROM i8();
SELECT * FROM acct ORDER BY id;
INSERT INTO acct (id, balance) VALUES (1, 3) ON CONFLICT (id) DO UPDATE SET balance = balance;
