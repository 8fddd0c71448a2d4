-- Set-returning functions as grouping expressions: PostgreSQL evaluates them below the aggregation (ProjectSet under Agg).
CREATE TABLE posts (id int PRIMARY KEY, tags text[], score int NOT NULL, tag text);
INSERT INTO posts VALUES (1, '{a,b}', 1, 'x'), (2, '{b,c}', 2, 'y'), (3, '{}', 3, 'x'), (4, NULL, 4, 'z'), (5, '{b}', 5, 'y');
SELECT unnest(tags) AS t, count(*) FROM posts GROUP BY t ORDER BY count(*) DESC, t;
SELECT unnest(tags), count(*) FROM posts GROUP BY 1 ORDER BY 2 DESC, 1;
SELECT unnest(tags), count(*) FROM posts GROUP BY unnest(tags) ORDER BY unnest(tags);
SELECT unnest(tags) AS t, count(*), sum(score) FROM posts WHERE score > 1 GROUP BY 1 HAVING count(*) > 1 ORDER BY count(*) DESC;
SELECT upper(unnest(tags)) AS u, count(*) FROM posts GROUP BY unnest(tags) ORDER BY 1;
SELECT unnest(tags) AS t, tag, count(*) FROM posts GROUP BY t, tag ORDER BY 1, 2;
SELECT generate_series(1, score % 3) AS g, count(*) FROM posts GROUP BY g ORDER BY g;
SELECT unnest(tags) AS t, count(*) FROM posts p JOIN (SELECT id AS pid FROM posts) q ON q.pid = p.id GROUP BY t ORDER BY t;
SELECT unnest(tags) AS tag, count(*) FROM posts GROUP BY tag ORDER BY 2;
SELECT generate_series(1, 3) % 2 AS parity, count(*) FROM (VALUES (1), (2)) v(x) GROUP BY 1 ORDER BY 1;
CREATE FUNCTION post_words(p posts) RETURNS SETOF text LANGUAGE sql AS $$ SELECT unnest(p.tags) || '!' $$;
SELECT post_words(posts) AS w, count(*) FROM posts GROUP BY w ORDER BY w;
SELECT unnest(tags) AS t, max(score) FROM posts GROUP BY unnest(tags) HAVING unnest(tags) <> 'c' ORDER BY t DESC;
