-- policy expressions print as PostgreSQL stores them analyzed (pg_policies, pg_get_expr of pg_policy)
CREATE TABLE pd (id int PRIMARY KEY, owner uuid, score numeric(6,2), label varchar(10), visible bool, created timestamptz);
ALTER TABLE pd ENABLE ROW LEVEL SECURITY;
CREATE POLICY pd_score ON pd FOR SELECT USING (score > 0);
CREATE POLICY pd_owner ON pd FOR UPDATE TO authenticated USING (auth.uid() = owner) WITH CHECK ((SELECT auth.uid()) = owner);
CREATE POLICY pd_label ON pd FOR INSERT TO anon WITH CHECK (label = 'public' AND visible);
CREATE POLICY pd_role ON pd FOR DELETE USING (auth.role() = 'service_role' OR created < '2020-01-01');
CREATE POLICY pd_null ON pd AS RESTRICTIVE FOR SELECT USING (owner IS NOT NULL OR NOT visible);
SELECT policyname, cmd, qual, with_check FROM pg_policies WHERE tablename = 'pd' ORDER BY policyname;
SELECT polname, pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid) FROM pg_policy WHERE polrelid = 'pd'::regclass ORDER BY polname;
