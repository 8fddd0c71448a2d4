-- CREATE TABLE AS: column names and types from the query, WITH NO DATA, IF NOT EXISTS
CREATE TABLE src (id int PRIMARY KEY, name text, score numeric(5,2));
INSERT INTO src VALUES (1, 'ann', 9.5), (2, 'bob', NULL), (3, 'cy', 7.25);
CREATE TABLE top AS SELECT id, upper(name) AS name, score * 2 AS doubled, 'x' AS tag FROM src WHERE score IS NOT NULL;
SELECT id, name, doubled, tag, pg_typeof(doubled), pg_typeof(tag) FROM top ORDER BY id;
CREATE TABLE renamed (a, b) AS SELECT id, name FROM src;
SELECT a, b FROM renamed ORDER BY a;
CREATE TABLE empty_copy AS SELECT * FROM src WITH NO DATA;
SELECT count(*) FROM empty_copy;
INSERT INTO empty_copy VALUES (1, 'dup', 1), (1, 'dup', 1);
CREATE TABLE top AS SELECT 1;
CREATE TABLE IF NOT EXISTS top AS SELECT 1;
CREATE TABLE too_many (a, b, c) AS SELECT id, name FROM src;
