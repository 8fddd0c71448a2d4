-- UPDATE ... SET col[i] = v: replace, extend, NULL arrays
CREATE TABLE p (id int PRIMARY KEY, scores int[], tags text[]);
INSERT INTO p VALUES (1, '{10,NULL}', NULL), (2, NULL, '{a}');
UPDATE p SET scores[2] = 20 WHERE id = 1 RETURNING scores;
UPDATE p SET scores[5] = '7', tags[0] = 'z' WHERE id = 1 RETURNING scores, tags;
UPDATE p SET scores[5] = '7', tags[0] = 'z' WHERE id = 2 RETURNING scores, tags;
UPDATE p SET scores[1] = 'x';
UPDATE p SET id[1] = 3;
SELECT id, scores, tags FROM p ORDER BY id;
