-- aliased joins in subqueries: a hidden name still reaches an outer query's table of that name
CREATE TABLE authors (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE books (id int PRIMARY KEY, author_id int REFERENCES authors, title text NOT NULL);
CREATE TABLE profiles (id int PRIMARY KEY REFERENCES authors, bio text);
INSERT INTO authors VALUES (1, 'ann'), (2, 'bob'), (3, 'cy');
INSERT INTO books VALUES (10, 1, 'dune'), (11, 1, 'emma'), (12, 2, 'ulysses');
INSERT INTO profiles VALUES (1, 'sci-fi'), (3, 'poetry');
SELECT a.name, (SELECT count(*) FROM (books b JOIN authors x ON x.id = b.author_id) j WHERE j.author_id = a.id) AS n FROM authors a ORDER BY a.id;
SELECT a.name, (SELECT a.name || ':' || j.title FROM (authors a JOIN books b ON b.author_id = a.id) j ORDER BY j.title DESC LIMIT 1) AS last FROM authors a ORDER BY a.id;
SELECT a.id FROM authors a WHERE EXISTS (SELECT 1 FROM (books b JOIN profiles p ON p.id = b.author_id) j WHERE b.id = 10);
SELECT x.id FROM authors x WHERE EXISTS (SELECT 1 FROM (books b JOIN profiles p ON p.id = b.author_id) j WHERE j.author_id = x.id) ORDER BY 1;
SELECT s.t FROM (SELECT j.title AS t FROM (books b JOIN authors a ON a.id = b.author_id) j WHERE a.name = 'ann') s;
SELECT (SELECT max(j.title) FROM (books b JOIN authors a ON a.id = b.author_id) j) AS top;
