-- Misuse of an outer query's aggregate inside a sub-select: the outer
-- query it groups reads ungrouped columns, the aggregate nests in
-- another, or sits where aggregates are not allowed (42803).
CREATE TABLE users (id int PRIMARY KEY, name text NOT NULL, email text);
CREATE TABLE posts (id int PRIMARY KEY, user_id int REFERENCES users, title text, score int);
CREATE TABLE t (x int);
INSERT INTO users VALUES (1, 'ann', 'a@x'), (2, 'bob', NULL), (3, 'x', 'x@x');
INSERT INTO posts VALUES (1, 1, 'p1', 5), (2, 1, 'ann', 3), (3, 2, 'p3', NULL), (4, 3, 'x', 1);
INSERT INTO t VALUES (1), (2), (-3), (NULL);
SELECT x, (SELECT sum(t.x)) FROM t;
SELECT (SELECT sum(t.x) WHERE x > 0) FROM t;
SELECT sum((SELECT sum(t.x))) FROM t;
SELECT (SELECT sum((SELECT max(t.x)))) FROM t;
SELECT 1 FROM t WHERE (SELECT sum(t.x)) > 0;
SELECT x FROM t ORDER BY (SELECT sum(t.x));
SELECT x FROM t GROUP BY x, (SELECT max(t.x));
SELECT x FROM t, LATERAL (SELECT max(t.x)) s;
SELECT 1 FROM t JOIN users u ON (SELECT max(t.x)) > 0;
SELECT (SELECT max(u.name) FROM posts p WHERE p.user_id = u.id) FROM users u;
SELECT (SELECT max(u.name) + 1) FROM users u;
SELECT u.id, (SELECT max(p.score) + p.id) FROM users u JOIN posts p ON p.user_id = u.id GROUP BY u.id;
SELECT (SELECT max(p.score) + p.id) FROM posts p;
SELECT p.id, (SELECT max(p.score)) FROM posts p;
SELECT p.user_id, (SELECT max(p.score) FROM users u WHERE u.id = p.id) FROM posts p GROUP BY p.user_id;
SELECT p.user_id, (SELECT p.title) FROM posts p GROUP BY p.user_id;
SELECT (SELECT max(p.score)), p.title FROM posts p;
