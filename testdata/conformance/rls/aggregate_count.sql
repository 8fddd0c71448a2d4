-- count(*) and GROUP BY of a table under row level security count only
-- the rows the policies let the role see, as a scan would.
CREATE TABLE counted (id int PRIMARY KEY, user_id uuid NOT NULL, grp int);
INSERT INTO counted SELECT g, CASE WHEN g % 3 = 0 THEN '11111111-1111-1111-1111-111111111111'::uuid ELSE '22222222-2222-2222-2222-222222222222'::uuid END, g % 4 FROM generate_series(1, 1000) g;
GRANT SELECT ON counted TO authenticated;
ALTER TABLE counted ENABLE ROW LEVEL SECURITY;
CREATE POLICY "own rows" ON counted FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
SELECT count(*) FROM counted;
BEGIN;
SET LOCAL ROLE authenticated;
SELECT set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', true);
SELECT count(*) FROM counted;
SELECT grp, count(*) FROM counted GROUP BY grp ORDER BY grp;
SELECT count(*) FROM counted WHERE id IN (SELECT id FROM counted WHERE grp = 1);
COMMIT;
BEGIN;
SET LOCAL ROLE anon;
SELECT count(*) FROM counted;
COMMIT;
