-- SELECT from a table with inheritance children reads their rows too,
-- as the parent's columns; ONLY reads the table alone
CREATE TABLE cities (name text, population int);
CREATE TABLE capitals (state char(2)) INHERITS (cities);
CREATE TABLE towns () INHERITS (cities);
CREATE TABLE hamlets (tiny bool DEFAULT true) INHERITS (towns);
INSERT INTO cities VALUES ('Las Vegas', 600000), ('Mariposa', 1200);
INSERT INTO capitals VALUES ('Madison', 250000, 'WI');
INSERT INTO towns VALUES ('Smallville', 4000);
INSERT INTO hamlets (name, population) VALUES ('Nowhere', 12);
SELECT name, population FROM cities ORDER BY name;
SELECT * FROM cities WHERE population > 3000 ORDER BY name;
SELECT name FROM ONLY cities ORDER BY name;
SELECT c.name FROM cities c WHERE c.population < 5000 ORDER BY 1;
SELECT count(*), sum(population) FROM cities;
SELECT * FROM towns ORDER BY name;
SELECT * FROM hamlets;
SELECT t.name, c.state FROM cities t JOIN capitals c USING (name);
CREATE VIEW big AS SELECT name FROM cities WHERE population > 100000;
SELECT * FROM big ORDER BY name;
INSERT INTO capitals VALUES ('Sacramento', 500000, 'CA');
SELECT * FROM big ORDER BY name;
SELECT name FROM cities WHERE name IN (SELECT name FROM towns) ORDER BY 1;
