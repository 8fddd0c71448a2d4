-- A NOT NULL column whose default is NULL for the inserting role
-- (`default auth.uid()` inserted by anon): the row meets the policies'
-- WITH CHECK first (42501), then the not-null constraint (23502).
CREATE TABLE notes (id int PRIMARY KEY, owner uuid NOT NULL DEFAULT auth.uid(), body text);
GRANT ALL ON notes TO anon, authenticated;
INSERT INTO notes (id, body) VALUES (1, 'no claims');
INSERT INTO notes (id, body) VALUES (1, DEFAULT);
ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_insert ON notes FOR INSERT TO anon, authenticated WITH CHECK (owner = auth.uid());
CREATE POLICY own_select ON notes FOR SELECT TO anon, authenticated USING (owner = auth.uid());
SET ROLE anon;
INSERT INTO notes (id, body) VALUES (2, 'anon');
INSERT INTO notes (id, owner, body) VALUES (3, NULL, 'anon null');
INSERT INTO notes (id, body) VALUES (4, 'anon') RETURNING id;
RESET ROLE;
CREATE POLICY open_insert ON notes FOR INSERT TO anon WITH CHECK (true);
SET ROLE anon;
INSERT INTO notes (id, body) VALUES (5, 'anon, open policy');
INSERT INTO notes (id, owner, body) VALUES (6, NULL, 'anon null, open policy');
RESET ROLE;
SELECT set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', false);
SET ROLE authenticated;
INSERT INTO notes (id, body) VALUES (7, 'signed in');
INSERT INTO notes (id, body) VALUES (8, 'signed in') RETURNING id, owner;
SELECT id, owner, body FROM notes ORDER BY id;
RESET ROLE;
SELECT set_config('request.jwt.claims', '', false);
CREATE TABLE plain (id int PRIMARY KEY, v int NOT NULL DEFAULT NULL);
INSERT INTO plain (id) VALUES (1);
INSERT INTO plain VALUES (1, DEFAULT);
INSERT INTO plain (id) SELECT g FROM generate_series(1, 2) g;
INSERT INTO plain VALUES (1, 1);
SELECT id, v FROM plain ORDER BY id;
