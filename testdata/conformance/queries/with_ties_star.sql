-- FETCH FIRST n ROWS WITH TIES under SELECT * and alias.*: the star lists the FROM items' columns and the rows tied with the n-th in ORDER BY order are kept.
CREATE TABLE wts (id int PRIMARY KEY, score int, name text);
INSERT INTO wts VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 20, 'c'), (4, 5, 'd'), (5, 10, 'e');
SELECT * FROM wts ORDER BY score DESC FETCH FIRST 2 ROWS WITH TIES;
SELECT s.* FROM wts s ORDER BY s.score DESC FETCH FIRST 1 ROW WITH TIES;
WITH w AS (SELECT id, score FROM wts) SELECT * FROM w ORDER BY score FETCH FIRST 2 ROWS WITH TIES;
SELECT *, score * 2 AS twice FROM wts WHERE id > 1 ORDER BY score FETCH FIRST 1 ROWS WITH TIES;
SELECT * FROM (SELECT name, score FROM wts) x ORDER BY x.score DESC FETCH NEXT 3 ROWS WITH TIES;
