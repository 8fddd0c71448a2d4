-- Outer-join reduction and join removal under row level security: a LEFT JOIN to a table whose policies hide rows NULL-extends the rows whose match is hidden, and a strict WHERE condition on it still removes them
CREATE TABLE rj_owner (id int PRIMARY KEY, user_id uuid NOT NULL, name text);
CREATE TABLE rj_item (id int PRIMARY KEY, owner_id int, label text);
INSERT INTO rj_owner VALUES (1, '11111111-1111-1111-1111-111111111111', 'mine'), (2, '22222222-2222-2222-2222-222222222222', 'theirs');
INSERT INTO rj_item VALUES (10, 1, 'a'), (11, 2, 'b'), (12, NULL, 'c'), (13, 1, 'd');
GRANT SELECT ON rj_owner, rj_item TO authenticated;
ALTER TABLE rj_owner ENABLE ROW LEVEL SECURITY;
CREATE POLICY "own" ON rj_owner FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
BEGIN;
SET LOCAL ROLE authenticated;
SELECT set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', true);
SELECT i.id, o.name FROM rj_item i LEFT JOIN rj_owner o ON o.id = i.owner_id ORDER BY i.id;
SELECT i.id, o.name FROM rj_item i LEFT JOIN rj_owner o ON o.id = i.owner_id WHERE o.name <> 'x' ORDER BY i.id;
SELECT i.id FROM rj_item i LEFT JOIN rj_owner o ON o.id = i.owner_id WHERE o.id IS NULL ORDER BY i.id;
SELECT i.id, i.label FROM rj_item i LEFT JOIN rj_owner o ON o.id = i.owner_id ORDER BY i.id;
SELECT count(*) FROM rj_item i LEFT JOIN rj_owner o ON o.id = i.owner_id WHERE o.user_id IS NOT NULL;
COMMIT;
