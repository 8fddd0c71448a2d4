-- RETURNING on tables with CHECK constraints returns the row, not the checks
CREATE TABLE c1 (id int GENERATED ALWAYS AS IDENTITY, b int CHECK (b > 0), c text CHECK (c <> ''));
INSERT INTO c1 (b, c) VALUES (2, 'x') RETURNING id, b, c;
INSERT INTO c1 (b, c) VALUES (3, 'y'), (4, 'z') RETURNING c, b, id, b > 2;
INSERT INTO c1 (b, c) VALUES (5, 'w') RETURNING *;
UPDATE c1 SET b = b + 10 WHERE id = 1 RETURNING id, b, c;
INSERT INTO c1 (b, c) VALUES (0, 'v') RETURNING id;
UPDATE c1 SET b = b + (SELECT 1) WHERE id IN (SELECT 2) RETURNING id, b, c;
UPDATE c1 SET b = -1 WHERE id = (SELECT max(id) FROM c1) RETURNING id;
UPDATE c1 SET (b, c) = (SELECT b * 2, c || '!' FROM c1 WHERE id = 1) WHERE id = 3 RETURNING *;
