-- A LATERAL subquery reading its table through an index range (with the
-- outer row's key as a filter beside it, under ORDER BY ... LIMIT): the
-- rows keep the outer row's columns in front, and a condition on an outer
-- column named like one of the table's stays the outer row's.
CREATE TABLE users (id int PRIMARY KEY, name text);
CREATE TABLE posts (id int PRIMARY KEY, user_id int, title text);
CREATE INDEX ON posts (user_id);
INSERT INTO users SELECT g, 'u' || g FROM generate_series(1, 4) g;
INSERT INTO posts SELECT g, g % 4 + 1, 't' || g FROM generate_series(1, 30) g;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT * FROM posts WHERE posts.user_id = u.id AND posts.id > 5 ORDER BY posts.id LIMIT 2) p ORDER BY 1, 2;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT * FROM posts WHERE posts.id > 5 AND posts.user_id = u.id ORDER BY posts.id DESC LIMIT 2) p ORDER BY 1, 2;
SELECT u.id, p.* FROM users u LEFT JOIN LATERAL (SELECT * FROM posts WHERE posts.user_id = u.id AND posts.id > 25 ORDER BY posts.id LIMIT 2) p ON true ORDER BY 1, 2;
SELECT u.id, p.* FROM users u, LATERAL (SELECT id, title FROM posts WHERE posts.user_id = u.id AND posts.id BETWEEN 5 AND 20 ORDER BY posts.id LIMIT 2 OFFSET 1) p ORDER BY 1, 2;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT * FROM posts WHERE posts.user_id = u.id AND posts.id > 5 AND posts.title LIKE 't1%' ORDER BY posts.id LIMIT 2) p ORDER BY 1, 2;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT count(*) AS n, max(title) FROM posts WHERE posts.id > 10 AND posts.user_id = u.id) p ORDER BY 1;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT count(*) + u.id AS n FROM posts) p ORDER BY 1;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT x.id FROM (SELECT * FROM posts WHERE posts.id > 20 AND posts.user_id = u.id ORDER BY id LIMIT 3) x ORDER BY 1 DESC LIMIT 1) p ORDER BY 1;
SELECT u.id, p.*, q.* FROM users u CROSS JOIN LATERAL (SELECT * FROM posts WHERE posts.user_id = u.id AND posts.id > 5 ORDER BY posts.id LIMIT 1) p CROSS JOIN LATERAL (SELECT * FROM posts WHERE posts.id > p.id AND posts.user_id = u.id ORDER BY id LIMIT 1) q ORDER BY 1;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT id FROM posts WHERE posts.id > 27 AND u.id < 3) p ORDER BY 1, 2;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT id FROM posts WHERE posts.id > 27 AND u.id < 3 UNION ALL SELECT id FROM posts WHERE posts.id < 3 AND posts.user_id = u.id ORDER BY 1) p ORDER BY 1, 2;
SELECT u.id, p.* FROM users u CROSS JOIN LATERAL (SELECT id FROM posts WHERE posts.title > 't27' AND u.id < 3 UNION ALL SELECT 0) p ORDER BY 1, 2;
SELECT u.id, (SELECT array_agg(id ORDER BY id) FROM (SELECT * FROM posts WHERE posts.user_id = u.id AND posts.id > 20 ORDER BY id LIMIT 2) s) FROM users u ORDER BY 1;
