-- LIMIT 0 over an aggregate without GROUP BY keys reads no row (the
-- aggregate's iterator used to fail when closed unread).
CREATE TABLE posts (id int PRIMARY KEY, score int);
INSERT INTO posts VALUES (1, 5), (2, 7);
SELECT max(score) FROM posts LIMIT 0;
SELECT max(score) FROM posts ORDER BY 1 LIMIT 0;
SELECT count(*) FROM posts LIMIT 0 OFFSET 1;
SELECT (SELECT max(p.score)) FROM posts p LIMIT 0;
SELECT * FROM (SELECT max(score) FROM posts LIMIT 0) s;
SELECT (SELECT max(score) FROM posts LIMIT 0);
SELECT count(*) FROM posts LIMIT 1;
