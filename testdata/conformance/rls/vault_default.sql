-- supabase_vault is in every new project (Supabase's bootstrap creates it):
-- a migration references vault.secrets and calls create_secret without
-- CREATE EXTENSION (its pg_extension row: TestVaultByDefault, since the
-- oracle PostgreSQL has only the stand-in's objects); anon has no access.
CREATE TABLE public.provider_creds (id int PRIMARY KEY, secret_id uuid REFERENCES vault.secrets (id) ON DELETE SET NULL);
SELECT vault.create_secret('s3cr3t', 'conf_key', 'a key') IS NOT NULL;
INSERT INTO public.provider_creds SELECT 1, id FROM vault.secrets WHERE name = 'conf_key';
SELECT name, description, decrypted_secret FROM vault.decrypted_secrets WHERE name = 'conf_key';
SELECT secret <> 's3cr3t' FROM vault.secrets WHERE name = 'conf_key';
SELECT vault.update_secret((SELECT id FROM vault.secrets WHERE name = 'conf_key'), 'n3w');
SELECT decrypted_secret FROM vault.decrypted_secrets WHERE name = 'conf_key';
SELECT vault.create_secret('other', 'conf_key');
DELETE FROM vault.secrets WHERE name = 'conf_key';
SELECT id, secret_id FROM public.provider_creds;
SET ROLE anon;
SELECT count(*) FROM vault.secrets;
SELECT vault.create_secret('x');
RESET ROLE;
SET ROLE service_role;
SELECT vault.create_secret('svc', 'svc_key') IS NOT NULL;
SELECT decrypted_secret FROM vault.decrypted_secrets WHERE name = 'svc_key';
RESET ROLE;
