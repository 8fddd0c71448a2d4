-- LATERAL subqueries and functions
CREATE TABLE authors (id int PRIMARY KEY, name text);
CREATE TABLE posts (id int PRIMARY KEY, author_id int, title text, likes int);
INSERT INTO authors VALUES (1, 'ann'), (2, 'bob'), (3, 'cy');
INSERT INTO posts VALUES (1, 1, 'a1', 5), (2, 1, 'a2', 50), (3, 1, 'a3', 20), (4, 2, 'b1', 7);
SELECT a.name, top.title, top.likes FROM authors a CROSS JOIN LATERAL (SELECT title, likes FROM posts p WHERE p.author_id = a.id ORDER BY likes DESC LIMIT 2) top ORDER BY a.name, top.likes DESC;
SELECT a.name, top.title FROM authors a LEFT JOIN LATERAL (SELECT title FROM posts p WHERE p.author_id = a.id ORDER BY likes DESC LIMIT 1) top ON true ORDER BY a.id;
SELECT a.name, s.n, s.total FROM authors a, LATERAL (SELECT count(*) AS n, sum(likes) AS total FROM posts WHERE author_id = a.id) s ORDER BY a.id;
SELECT p.title, w.word FROM posts p, LATERAL unnest(string_to_array(p.title, '')) AS w(word) WHERE p.id = 4 ORDER BY w.word;
SELECT a.name, g FROM authors a, LATERAL generate_series(1, a.id) g ORDER BY a.id, g;
SELECT a.name, top.title FROM authors a JOIN (SELECT title FROM posts p WHERE p.author_id = a.id LIMIT 1) top ON true;
SELECT x, y FROM generate_series(1, 3) x, LATERAL (SELECT x * 10 AS y) z ORDER BY x;
SELECT a.name, l.title FROM authors a LEFT JOIN LATERAL (SELECT title FROM posts WHERE author_id = a.id AND likes > 100) l ON true ORDER BY a.id;
