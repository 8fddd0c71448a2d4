-- quoted column names differing only in case from unquoted ones
CREATE TABLE people (id int PRIMARY KEY, "Name" text, nick text);
INSERT INTO people VALUES (1, 'Ann', 'a');
SELECT "Name", nick FROM people;
SELECT name FROM people;
SELECT p."Name", p.NICK FROM people p;
SELECT p.name FROM people p;
SELECT "Nick" FROM people;
SELECT nick AS "Tag" FROM people ORDER BY "Tag";
SELECT id FROM people WHERE EXISTS (SELECT 1 FROM people q WHERE q."Name" = people."Name");
SELECT "ID" FROM people JOIN people p2 USING (id);
