-- membership policies with EXISTS sub-selects print as PostgreSQL prints them
CREATE TABLE teams (id int PRIMARY KEY, name text);
CREATE TABLE team_members (team_id int, user_id uuid, role varchar(10));
CREATE TABLE docs (id int PRIMARY KEY, team_id int, owner uuid, title text);
ALTER TABLE docs ENABLE ROW LEVEL SECURITY;
CREATE POLICY docs_member ON docs FOR SELECT TO authenticated USING (EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = docs.team_id AND m.user_id = auth.uid()));
CREATE POLICY docs_admin ON docs FOR UPDATE TO authenticated USING (owner = auth.uid() OR EXISTS (SELECT 1 FROM public.team_members WHERE team_members.team_id = docs.team_id AND user_id = (SELECT auth.uid()) AND role = 'admin'));
CREATE POLICY docs_team ON docs FOR DELETE USING (team_id = (SELECT t.id FROM teams t WHERE t.name = 'core'));
CREATE POLICY docs_nested ON docs FOR INSERT WITH CHECK (team_id IN (1, 2) AND NOT EXISTS (SELECT 1 FROM teams WHERE id = team_id AND name IS NULL));
SELECT policyname, cmd, qual, with_check FROM pg_policies WHERE tablename = 'docs' ORDER BY policyname;
