-- DISTINCT ON's own errors (a non-integer constant key, a position past
-- the select list, keys that do not lead ORDER BY) come after the errors
-- of the select list, WHERE, GROUP BY, HAVING and ORDER BY, as
-- PostgreSQL's parse analysis checks DISTINCT ON last; LIMIT's come after.
CREATE TABLE d (id int PRIMARY KEY, a int, b text);
INSERT INTO d VALUES (1, 10, 'x'), (2, 10, 'y'), (3, 20, 'z');
SELECT DISTINCT ON (2.25) id FROM d;
SELECT DISTINCT ON (2.25) id FROM d WHERE b + 1 > 0;
SELECT DISTINCT ON (3) id FROM d WHERE b + 1 > 0;
SELECT DISTINCT ON (3) id FROM d;
SELECT DISTINCT ON (0) id FROM d;
SELECT DISTINCT ON (a) id FROM d ORDER BY id;
SELECT DISTINCT ON (a) id FROM d ORDER BY b + 1;
SELECT DISTINCT ON (a) id FROM d ORDER BY id LIMIT 'x';
SELECT DISTINCT ON ('k') b FROM d GROUP BY b HAVING a > 0;
SELECT DISTINCT ON (b) b FROM d GROUP BY b HAVING a > 0;
SELECT DISTINCT ON (a) id, b + 1 FROM d ORDER BY id;
SELECT DISTINCT ON (2.5) nosuch FROM d;
SELECT DISTINCT ON (a) a, id FROM d ORDER BY a, id DESC;
