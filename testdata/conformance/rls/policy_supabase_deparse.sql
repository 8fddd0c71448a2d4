-- common Supabase policy shapes as pg_policies prints them
CREATE TABLE sp (id int PRIMARY KEY, owner uuid, tenant_id uuid, team text, status varchar(10), published_at timestamptz);
ALTER TABLE sp ENABLE ROW LEVEL SECURITY;
CREATE FUNCTION public.is_admin() RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT coalesce(auth.jwt() ->> 'role' = 'admin', false) $$;
CREATE POLICY sp_jwt ON sp FOR SELECT TO authenticated USING (auth.jwt() ->> 'role' = 'admin');
CREATE POLICY sp_tenant ON sp FOR SELECT TO authenticated USING ((auth.jwt() -> 'app_metadata' ->> 'tenant')::uuid = tenant_id);
CREATE POLICY sp_signed_in ON sp FOR INSERT TO authenticated WITH CHECK (auth.uid() IS NOT NULL AND owner = (SELECT auth.uid()));
CREATE POLICY sp_role ON sp FOR DELETE USING (auth.role() = 'authenticated' AND is_admin());
CREATE POLICY sp_claims ON sp FOR UPDATE USING (current_setting('request.jwt.claims', true)::json ->> 'sub' = owner::text) WITH CHECK (status IN ('draft', 'published') AND published_at <= now());
CREATE POLICY sp_team ON sp FOR SELECT USING (team = current_user OR team = 'public');
SELECT policyname, cmd, qual, with_check FROM pg_policies WHERE tablename = 'sp' ORDER BY policyname;
