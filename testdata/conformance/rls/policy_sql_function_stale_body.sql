-- CREATE POLICY does not look into the body of a SQL function its
-- expression calls: a helper left reading a column of a dropped table is
-- only an error once the policy runs
CREATE TABLE rls_t_staff (id int PRIMARY KEY, auth_user_id uuid);
CREATE FUNCTION rls_t_is_admin() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER AS $$
  SELECT EXISTS (SELECT 1 FROM rls_t_staff WHERE auth_user_id = auth.uid())
$$;
DROP TABLE rls_t_staff CASCADE;
CREATE TABLE rls_t_staff (id int PRIMARY KEY, note text);
ALTER TABLE rls_t_staff ENABLE ROW LEVEL SECURITY;
CREATE POLICY rls_t_admin_all ON rls_t_staff FOR ALL USING (rls_t_is_admin());
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = 'rls_t_staff' AND policyname = 'rls_t_view') THEN
    CREATE POLICY rls_t_view ON rls_t_staff FOR SELECT TO authenticated USING (rls_t_is_admin() OR id > 0);
  END IF;
END $$;
SELECT policyname, cmd, qual FROM pg_policies WHERE tablename = 'rls_t_staff' ORDER BY policyname;
CREATE POLICY rls_t_bad ON rls_t_staff FOR SELECT USING (missing_column > 0);
