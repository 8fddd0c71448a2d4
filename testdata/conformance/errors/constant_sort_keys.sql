-- A constant other than an integer ordinal as a GROUP BY, ORDER BY or
-- DISTINCT ON key is a syntax error; inside expressions and window
-- clauses it is allowed (found by bench/pgfuzz).
CREATE TABLE ck_items (id int PRIMARY KEY, name text);
INSERT INTO ck_items VALUES (1, 'pen'), (2, 'ink'), (3, NULL);

SELECT id FROM ck_items ORDER BY 'name';
SELECT id FROM ck_items ORDER BY NULL;
SELECT id FROM ck_items ORDER BY 1.5;
SELECT count(*) FROM ck_items GROUP BY true;
SELECT count(*) FROM ck_items GROUP BY ROLLUP (name, 'x');
SELECT DISTINCT ON (true) id FROM ck_items;
SELECT 1 AS a UNION SELECT 2 ORDER BY 'a';
SELECT id FROM ck_items ORDER BY 'name'::text, id;
SELECT id, rank() OVER (ORDER BY 'a') FROM ck_items ORDER BY 1;
SELECT string_agg(name, ',' ORDER BY name, 'a') FROM ck_items;
SELECT count(*) FROM ck_items GROUP BY 1 = 1;
SELECT id FROM ck_items ORDER BY 1 DESC;
