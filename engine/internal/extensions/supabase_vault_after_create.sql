-- Supabase's after-create script for supabase_vault (run once the extension
-- exists, by tinybase's CREATE EXTENSION and by an oracle that has the real
-- extension): postgres (with grant option) and service_role manage secrets;
-- anon and authenticated get nothing.
GRANT USAGE ON SCHEMA vault TO postgres WITH GRANT OPTION;
GRANT USAGE ON SCHEMA vault TO service_role;
GRANT SELECT, DELETE, TRUNCATE, REFERENCES ON vault.secrets, vault.decrypted_secrets TO postgres WITH GRANT OPTION;
GRANT SELECT, DELETE ON vault.secrets, vault.decrypted_secrets TO service_role;
GRANT EXECUTE ON FUNCTION vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
  vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  TO postgres WITH GRANT OPTION;
GRANT EXECUTE ON FUNCTION vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
  vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  TO service_role;
