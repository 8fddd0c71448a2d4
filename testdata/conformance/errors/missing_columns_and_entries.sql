-- Misspelled columns and table references as agents write them: the
-- column PostgreSQL reports (hints are in TestMissingColumnHints), a
-- qualifier no FROM item has (missing FROM-clause entry) or a table the
-- FROM clause renamed (invalid reference), at the reference.
CREATE TABLE posts (id int PRIMARY KEY, author_id int, title text, created_at timestamptz);
CREATE TABLE users (id int PRIMARY KEY, name text, email text);
SELECT titel FROM posts;
SELECT p.titel FROM posts p;
SELECT nme FROM posts JOIN users ON users.id = posts.author_id;
SELECT idd FROM posts JOIN users ON users.id = posts.author_id;
SELECT * FROM posts WHERE create_at > now();
UPDATE posts SET title = 'x' WHERE autor_id = 1;
DELETE FROM posts WHERE titl = 'x';
SELECT (SELECT nam FROM users u WHERE u.id = p.author_id) FROM posts p;
SELECT p.id FROM posts p WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = p.autor_id);
SELECT author_id, count(*) FROM posts GROUP BY autor_id;
SELECT posts.title FROM posts p;
SELECT q.title FROM posts p;
SELECT p.title FROM posts p JOIN users u ON users.id = p.author_id;
SELECT x.* FROM posts;
SELECT count(*) FROM posts p WHERE posts.id > 1;
WITH w AS (SELECT 1 AS a) SELECT w.a FROM w;
SELECT s.a FROM (SELECT 1 AS a) s;
