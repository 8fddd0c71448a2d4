-- MERGE under row level security as role authenticated: target rows the
-- SELECT policies hide do not match (they fall to WHEN NOT MATCHED); an
-- UPDATE or DELETE action on a row its USING policy refuses is an error;
-- new rows must pass INSERT / UPDATE WITH CHECK; privileges per action
CREATE TABLE notes (id int PRIMARY KEY, owner uuid NOT NULL, body text);
INSERT INTO notes VALUES (1, '11111111-1111-1111-1111-111111111111', 'mine'), (2, '22222222-2222-2222-2222-222222222222', 'theirs'), (3, '11111111-1111-1111-1111-111111111111', 'locked');
ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY sel ON notes FOR SELECT TO authenticated USING (owner = (SELECT auth.uid()));
CREATE POLICY ins ON notes FOR INSERT TO authenticated WITH CHECK (owner = (SELECT auth.uid()));
CREATE POLICY upd ON notes FOR UPDATE TO authenticated USING (owner = (SELECT auth.uid()) AND body <> 'locked') WITH CHECK (owner = (SELECT auth.uid()));
CREATE POLICY del ON notes FOR DELETE TO authenticated USING (owner = (SELECT auth.uid()) AND body <> 'locked');
BEGIN;
SET LOCAL ROLE authenticated;
SELECT set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', true);
MERGE INTO notes n USING (VALUES (1, 'edited')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN UPDATE SET body = s.body;
SELECT id, body FROM notes ORDER BY id;
SAVEPOINT a;
MERGE INTO notes n USING (VALUES (2, 'hijack')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN UPDATE SET body = s.body
  WHEN NOT MATCHED THEN INSERT VALUES (s.id, '11111111-1111-1111-1111-111111111111', s.body);
ROLLBACK TO a;
MERGE INTO notes n USING (VALUES (2, 'hijack')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN UPDATE SET body = s.body
  WHEN NOT MATCHED THEN DO NOTHING;
MERGE INTO notes n USING (VALUES (3, 'x')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN UPDATE SET body = s.body;
ROLLBACK TO a;
MERGE INTO notes n USING (VALUES (3, 'x')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN DELETE;
ROLLBACK TO a;
MERGE INTO notes n USING (VALUES (1, 'x')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN UPDATE SET owner = '22222222-2222-2222-2222-222222222222';
ROLLBACK TO a;
MERGE INTO notes n USING (VALUES (7, 'x')) s(id, body) ON n.id = s.id
  WHEN NOT MATCHED THEN INSERT VALUES (s.id, '22222222-2222-2222-2222-222222222222', s.body);
ROLLBACK TO a;
MERGE INTO notes n USING (VALUES (7, 'new'), (1, 'gone')) s(id, body) ON n.id = s.id
  WHEN MATCHED THEN DELETE
  WHEN NOT MATCHED THEN INSERT VALUES (s.id, '11111111-1111-1111-1111-111111111111', s.body);
SELECT id, body FROM notes ORDER BY id;
ROLLBACK;
SELECT id, body FROM notes ORDER BY id;
REVOKE DELETE ON notes FROM authenticated;
BEGIN;
SET LOCAL ROLE authenticated;
MERGE INTO notes n USING (VALUES (1)) s(id) ON n.id = s.id WHEN MATCHED THEN DELETE;
ROLLBACK;
BEGIN;
SET LOCAL ROLE authenticated;
SELECT set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', true);
MERGE INTO notes n USING (VALUES (1)) s(id) ON n.id = s.id WHEN MATCHED THEN UPDATE SET body = 'ok';
SELECT id, body FROM notes ORDER BY id;
ROLLBACK;
GRANT DELETE ON notes TO authenticated;
