-- DELETE: WHERE, USING, RETURNING, subqueries
CREATE TABLE users (id int PRIMARY KEY, email text NOT NULL, banned boolean NOT NULL DEFAULT false);
CREATE TABLE sessions (id int PRIMARY KEY, user_id int NOT NULL REFERENCES users ON DELETE CASCADE, expires date NOT NULL);
INSERT INTO users VALUES (1, 'a@x.io', false), (2, 'b@x.io', true), (3, 'c@x.io', false), (4, 'd@x.io', true);
INSERT INTO sessions VALUES (10, 1, '2024-01-01'), (11, 1, '2030-01-01'), (12, 2, '2030-01-01'), (13, 3, '2020-06-01'), (14, 4, '2030-01-01');
DELETE FROM sessions WHERE expires < '2024-06-01' RETURNING id;
DELETE FROM sessions s USING users u WHERE s.user_id = u.id AND u.banned AND u.id = 2 RETURNING s.id, u.email;
DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE banned);
SELECT id, user_id FROM sessions ORDER BY id;
DELETE FROM users WHERE id = 1 RETURNING *;
SELECT count(*) FROM sessions;
DELETE FROM users WHERE id = 42;
DELETE FROM users WHERE nope = 1;
DELETE FROM users u WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id) AND u.banned RETURNING u.email;
DELETE FROM users AS u WHERE u.email LIKE 'c%' RETURNING u.id, length(u.email);
SELECT id, email FROM users ORDER BY id;
DELETE FROM users;
SELECT count(*) FROM users;
DELETE FROM nope;
