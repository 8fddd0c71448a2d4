-- A FULL JOIN without a merge- or hash-joinable condition is accepted
-- when WHERE rejects the right side's NULL-extended rows (PostgreSQL
-- reduces it to a right join, a nested loop) (found by bench/pgfuzz).
CREATE TABLE fr_a (id int PRIMARY KEY, a int, b text);
CREATE TABLE fr_b (id int PRIMARY KEY, a_id int, x int, y text);
INSERT INTO fr_a VALUES (1, 10, 'apple'), (2, 20, 'fig'), (3, NULL, 'x'), (4, 5, NULL);
INSERT INTO fr_b VALUES (1, 1, 5, 'x'), (2, 1, 7, 'y'), (3, 2, NULL, 'x'), (4, 4, 10, NULL), (5, NULL, 3, 'apple'), (6, 9, 20, 'z');

SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id BETWEEN fr_a.id AND fr_a.id + 1 WHERE fr_b.y LIKE '%x%' ORDER BY 1, 2;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE fr_b.x > 0 ORDER BY 2, 1;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE fr_a.a > 0 ORDER BY 1, 2;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON lower(fr_a.b) = fr_b.y OR fr_b.x = fr_a.a WHERE fr_b.id IN (1, 5, 6) ORDER BY 2, 1;
SELECT count(*) FROM fr_a FULL JOIN fr_b ON fr_b.a_id < fr_a.id WHERE fr_b.y IS NOT NULL;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id < fr_a.id WHERE fr_a.id IS NULL OR fr_b.id IS NULL;
SELECT count(*) FROM fr_a FULL JOIN fr_b ON lower(fr_a.b) = fr_b.y OR fr_b.x = fr_a.a WHERE fr_a.a IN (5, NULL::int, NULL::int);
SELECT count(*) FROM fr_a FULL JOIN fr_b ON lower(fr_a.b) = fr_b.y OR fr_b.x = fr_a.a WHERE fr_b.id IN (NULL::int, 2, 5);
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON lower(fr_a.b) = fr_b.y OR fr_b.x = fr_a.a WHERE NOT (fr_b.id IN (NULL::int, 1));
SELECT fr_a.id, fr_b.id FROM fr_a LEFT JOIN fr_b ON fr_b.a_id = fr_a.id WHERE fr_b.x IN (NULL::int, 5) ORDER BY 1, 2;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE EXISTS (SELECT 1 FROM fr_b s WHERE s.a_id = fr_b.id AND s.x > 2) ORDER BY 2, 1;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE EXISTS (SELECT 1 FROM fr_b s WHERE s.a_id = fr_a.id) ORDER BY 1, 2;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE fr_b.id + 1 IN (SELECT s.id FROM fr_b s) ORDER BY 2, 1;
SELECT fr_a.id, fr_b.id FROM fr_a LEFT JOIN fr_b ON fr_b.a_id = fr_a.id WHERE EXISTS (SELECT count(*) FROM fr_b s WHERE s.a_id = fr_b.x) ORDER BY 1, 2;
SELECT fr_a.id, fr_b.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE NOT EXISTS (SELECT 1 FROM fr_b s WHERE s.a_id = fr_b.x);
SELECT fr_a.id FROM fr_a FULL JOIN fr_b ON lower(fr_a.b) = fr_b.y OR fr_b.x = fr_a.a WHERE (fr_a.a IN (SELECT s.x FROM fr_b s WHERE s.a_id = fr_a.a) OR fr_a.id > 2);
SELECT fr_a.id FROM fr_a FULL JOIN fr_b ON fr_b.a_id = fr_a.id OR fr_b.x = fr_a.a WHERE fr_a.b IN (SELECT u.b FROM fr_a u WHERE u.a = fr_b.id);
SELECT count(*) FROM fr_a FULL JOIN fr_b ON lower(fr_a.b) = fr_b.y OR fr_b.x = fr_a.a WHERE NULL::boolean;
