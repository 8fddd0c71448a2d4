-- INSERT with DEFAULT values and RETURNING, on tables with serial and constant defaults
CREATE TABLE dr_serial (id serial PRIMARY KEY, v text DEFAULT 'x', n int);
CREATE TABLE dr_const (id int PRIMARY KEY, v text DEFAULT 'x');
INSERT INTO dr_serial (n) VALUES (5) RETURNING *;
INSERT INTO dr_serial DEFAULT VALUES;
INSERT INTO dr_serial DEFAULT VALUES RETURNING *;
INSERT INTO dr_serial VALUES (default) RETURNING id, v, n;
INSERT INTO dr_serial (n) VALUES (default) RETURNING n;
INSERT INTO dr_serial (id, v, n) VALUES (default, default, 7) RETURNING *;
INSERT INTO dr_const (id, v) VALUES (1, default) RETURNING *;
INSERT INTO dr_const VALUES (2, default), (3, 'y') RETURNING v;
SELECT * FROM dr_serial ORDER BY id;
SELECT * FROM dr_const ORDER BY id;
