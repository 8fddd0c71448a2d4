-- views keep reading a table after it or its columns are renamed, under their own column names
CREATE TABLE p (id int PRIMARY KEY, a int, b text);
CREATE TABLE o (id int PRIMARY KEY, p_id int, a int);
CREATE VIEW v1 AS SELECT a, p.b, a + 1 AS c FROM p WHERE a > 0;
CREATE VIEW v2 AS SELECT x.id, x.a, o.a AS oa FROM p x JOIN o ON o.p_id = x.id WHERE x.a IN (SELECT a FROM o WHERE o.a = x.a);
CREATE VIEW v3 AS SELECT count(*) AS n, max(p.a) AS m FROM public.p GROUP BY p.b ORDER BY 1;
INSERT INTO p VALUES (1, 1, 'one'), (2, 2, 'two');
INSERT INTO o VALUES (10, 1, 1), (11, 2, 5);
ALTER TABLE p RENAME COLUMN a TO aa;
ALTER TABLE p RENAME COLUMN b TO "B b";
ALTER TABLE p RENAME TO pp;
ALTER TABLE o RENAME COLUMN a TO oa2;
SELECT * FROM v1 ORDER BY a;
SELECT * FROM v2 ORDER BY id;
SELECT * FROM v3;
SELECT table_name, column_name, data_type, udt_name, is_nullable, is_updatable, ordinal_position FROM information_schema.columns WHERE table_name IN ('v1', 'v2', 'v3') ORDER BY table_name, ordinal_position;
CREATE VIEW v4 AS SELECT * FROM o;
CREATE VIEW v5 AS SELECT id, oa2 * 2 AS d, p_id FROM o;
SELECT table_name, column_name, data_type, is_updatable FROM information_schema.columns WHERE table_name IN ('v4', 'v5') ORDER BY table_name, ordinal_position;
