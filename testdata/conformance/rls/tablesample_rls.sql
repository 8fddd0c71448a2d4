-- TABLESAMPLE under row level security and privileges: the sample is
-- taken from the rows the role's policies let it see
CREATE TABLE sampled (id int PRIMARY KEY, owner uuid NOT NULL);
INSERT INTO sampled SELECT g, CASE WHEN g % 2 = 0 THEN '11111111-1111-1111-1111-111111111111'::uuid ELSE '22222222-2222-2222-2222-222222222222'::uuid END FROM generate_series(1, 200) g;
ALTER TABLE sampled ENABLE ROW LEVEL SECURITY;
CREATE POLICY own ON sampled FOR SELECT TO authenticated USING (owner = (SELECT auth.uid()));
BEGIN;
SET LOCAL ROLE authenticated;
SELECT set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', true);
SELECT count(*) FROM sampled TABLESAMPLE BERNOULLI (100);
SELECT count(*) FROM sampled s TABLESAMPLE SYSTEM (100) REPEATABLE (1) WHERE s.id <= 20;
SELECT count(*) FROM sampled TABLESAMPLE BERNOULLI (0);
ROLLBACK;
BEGIN;
SET LOCAL ROLE anon;
SELECT count(*) FROM sampled TABLESAMPLE BERNOULLI (100);
ROLLBACK;
REVOKE SELECT ON sampled FROM anon;
BEGIN;
SET LOCAL ROLE anon;
SELECT count(*) FROM sampled TABLESAMPLE BERNOULLI (100);
ROLLBACK;
