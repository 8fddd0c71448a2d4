-- x IN (SELECT ...) in policies prints as PostgreSQL prints it
CREATE TABLE ti_members (team_id bigint, user_id uuid);
CREATE TABLE ti_docs (id int PRIMARY KEY, team_id int, label varchar(10));
ALTER TABLE ti_docs ENABLE ROW LEVEL SECURITY;
CREATE POLICY ti_member ON ti_docs FOR SELECT TO authenticated USING (team_id IN (SELECT team_id FROM ti_members WHERE user_id = auth.uid()));
CREATE POLICY ti_not ON ti_docs FOR DELETE USING (team_id NOT IN (SELECT m.team_id FROM ti_members m WHERE m.user_id IS NULL));
CREATE POLICY ti_label ON ti_docs FOR INSERT WITH CHECK (label IN (SELECT 'a'::text));
SELECT policyname, cmd, qual, with_check FROM pg_policies WHERE tablename = 'ti_docs' ORDER BY policyname;
