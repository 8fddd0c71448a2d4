-- conformance: ordered
-- Row order without ORDER BY: PostgreSQL's physical (heap) order for
-- tables that fit one page.

CREATE TABLE users (id int PRIMARY KEY, name text NOT NULL, score int);
INSERT INTO users VALUES (3, 'carol', 30), (1, 'alice', 10), (2, 'bob', 20);
SELECT * FROM users;
SELECT name FROM users LIMIT 1;
INSERT INTO users VALUES (0, 'zoe', 0);
SELECT id, name FROM users;

-- an UPDATE writes the new version at the end
UPDATE users SET score = score + 1 WHERE id = 3;
SELECT id, score FROM users;
UPDATE users SET name = 'Alice' WHERE name = 'alice';
SELECT id, name FROM users;
SELECT name FROM users LIMIT 1;

-- updating several rows moves each, in scan order
UPDATE users SET score = score + 5 WHERE id IN (0, 2);
SELECT * FROM users;

-- changing the primary key
UPDATE users SET id = 10 WHERE id = 0;
SELECT id FROM users;

-- DELETE leaves the slot empty; a new row goes at the end
DELETE FROM users WHERE id = 2;
SELECT id FROM users;
INSERT INTO users VALUES (2, 'bob again', 5);
SELECT id, name FROM users;

-- filters keep the order
SELECT id FROM users WHERE score > 5;
SELECT id FROM users WHERE name LIKE '%o%';

-- UPDATE ... RETURNING and DELETE ... RETURNING
UPDATE users SET score = 0 WHERE score < 25 RETURNING id;
DELETE FROM users WHERE score = 0 RETURNING id, name;
SELECT id FROM users;

-- every row updated: the whole table moves, in its old order
UPDATE users SET score = score + 100;
SELECT id, score FROM users;

-- an aborted transaction's rows never show
BEGIN;
INSERT INTO users VALUES (50, 'ghost', 1);
UPDATE users SET score = 1 WHERE id = 3;
ROLLBACK;
SELECT id, score FROM users;
INSERT INTO users VALUES (51, 'real', 1);
SELECT id FROM users;

-- savepoints
BEGIN;
UPDATE users SET score = 2 WHERE id = 3;
SAVEPOINT a;
UPDATE users SET score = 3 WHERE id = 10;
ROLLBACK TO SAVEPOINT a;
INSERT INTO users VALUES (52, 'after savepoint', 1);
COMMIT;
SELECT id, score FROM users;

-- a no-op UPDATE still writes a new version
UPDATE users SET name = name WHERE id = 3;
SELECT id FROM users;
