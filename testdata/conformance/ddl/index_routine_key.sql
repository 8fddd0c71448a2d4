-- Expression and partial indexes whose key calls a PL/pgSQL function:
-- building the index and every later write evaluate it (the function
-- may read another table), and its error fails the statement.
CREATE TABLE t (id int PRIMARY KEY, b text);
CREATE FUNCTION g(int) RETURNS int IMMUTABLE LANGUAGE plpgsql AS 'begin return $1 + 1; end';
INSERT INTO t VALUES (1, 'x');
CREATE INDEX t_g ON t (g(id));
CREATE UNIQUE INDEX t_g2 ON t (g(id)) WHERE g(id) > 0;
INSERT INTO t VALUES (2, 'y');
INSERT INTO t VALUES (3, 'y') RETURNING id, g(id);
UPDATE t SET id = 10 WHERE id = 3;
DELETE FROM t WHERE id = 2;
SELECT id, g(id) FROM t ORDER BY 1;
CREATE TABLE cfg (k int);
INSERT INTO cfg VALUES (100);
CREATE FUNCTION peek(int) RETURNS int IMMUTABLE LANGUAGE plpgsql AS 'begin return $1 + (select max(k) from cfg); end';
CREATE INDEX t_peek ON t (peek(id));
INSERT INTO t VALUES (4, 'z');
SELECT id FROM t WHERE g(id) = 11;
SELECT id, peek(id) FROM t ORDER BY 1;
CREATE FUNCTION bad(int) RETURNS int IMMUTABLE LANGUAGE plpgsql AS 'begin if $1 > 4 then raise exception ''bad key %'', $1; end if; return $1; end';
CREATE INDEX t_bad ON t (bad(id));
INSERT INTO t VALUES (5, 'w');
INSERT INTO t VALUES (4, 'dup');
SELECT id, b FROM t ORDER BY 1;
