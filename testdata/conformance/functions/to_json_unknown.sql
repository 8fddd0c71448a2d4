-- to_json and to_jsonb take anyelement: an untyped literal cannot settle
-- the type (42804, even over no rows), a typed one or a column can.
CREATE TABLE t (id int PRIMARY KEY, b text);
INSERT INTO t VALUES (1, 'x');
SELECT to_jsonb('x');
SELECT to_json('x');
SELECT to_jsonb('x') FROM t WHERE false;
SELECT to_jsonb(NULL);
SELECT to_jsonb('x'::text) AS a, to_json(1) AS b, to_jsonb(b) AS c, to_json(b) AS d FROM t;
SELECT jsonb_set('{}', '{k}', to_jsonb('apple'));
SELECT jsonb_build_object('k', 'apple') AS o;
