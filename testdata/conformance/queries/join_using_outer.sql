-- USING and NATURAL with outer joins: merged columns and the column order of *
CREATE TABLE authors (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE profiles (id int PRIMARY KEY, bio text);
INSERT INTO authors VALUES (1, 'ann'), (2, 'bob'), (3, 'cy');
INSERT INTO profiles VALUES (1, 'sci-fi'), (3, 'poetry'), (4, 'orphan');
SELECT * FROM authors NATURAL LEFT JOIN profiles ORDER BY id;
SELECT * FROM profiles RIGHT JOIN authors USING (id) ORDER BY id;
SELECT * FROM profiles NATURAL RIGHT JOIN authors ORDER BY id;
SELECT id, name, bio FROM profiles RIGHT JOIN authors USING (id) ORDER BY id;
SELECT * FROM authors FULL JOIN profiles USING (id) ORDER BY id;
SELECT * FROM authors NATURAL FULL JOIN profiles ORDER BY id;
SELECT * FROM (authors FULL JOIN profiles USING (id)) AS j ORDER BY id;
SELECT j.id, j.name, j.bio FROM (authors NATURAL FULL JOIN profiles) j ORDER BY 1;
SELECT count(*) FROM (authors a FULL JOIN profiles p USING (id)) j WHERE j.name IS NULL OR j.bio IS NULL;
SELECT id, name, bio FROM authors FULL JOIN profiles USING (id) WHERE id > 1 ORDER BY id;
SELECT authors.id AS a_id, profiles.id AS p_id, id FROM authors FULL JOIN profiles USING (id) ORDER BY id;
SELECT count(*) FROM authors a NATURAL FULL JOIN profiles p WHERE a.id IS NULL;
SELECT id, count(*) FROM authors FULL JOIN profiles USING (id) GROUP BY id ORDER BY id;
