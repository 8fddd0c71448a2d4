-- FETCH FIRST n ROWS WITH TIES
CREATE TABLE tasks (id int PRIMARY KEY, priority int, title text);
INSERT INTO tasks VALUES (1, 1, 'a'), (2, 3, 'b'), (3, 2, 'c'), (4, 5, 'd'), (5, 4, 'e'), (6, 2, 'f'), (7, NULL, 'g');
SELECT id, priority FROM tasks ORDER BY priority DESC FETCH FIRST 1 ROW WITH TIES;
SELECT title FROM tasks WHERE id > 1 ORDER BY priority FETCH FIRST 1 ROWS WITH TIES;
SELECT count(*) FROM (SELECT id FROM tasks ORDER BY priority NULLS FIRST FETCH FIRST 2 ROWS WITH TIES) s;
SELECT id, priority * 2 AS dbl FROM tasks ORDER BY priority, id FETCH FIRST 3 ROWS WITH TIES;
