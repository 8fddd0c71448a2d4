-- supabase_vault 0.3.1 stand-in (supabase/vault README): secrets stored
-- encrypted in vault.secrets, read back through vault.decrypted_secrets,
-- written through create_secret / update_secret; Supabase's grants run
-- after it (supabase_vault_after_create.sql).
--
-- The cipher is a deterministic authenticated encryption built from
-- HMAC-SHA-256 (pgcrypto's hmac): a 16-byte synthetic IV over
-- (additional data, nonce, message) keys an HMAC counter-mode keystream,
-- so a changed ciphertext, id or nonce fails to decrypt. The root key is
-- the project's (vault._root_key); keys derive from it by key_id and
-- context as pgsodium derives them.

CREATE SCHEMA IF NOT EXISTS vault;

-- The project's root key, readable only by the owner (the functions
-- below run as that owner). It is made at first use, not here: the
-- Supabase bootstrap installs this extension, and every new database is
-- a copy of the bootstrapped one, so a key made here would be every
-- project's key.
CREATE TABLE vault._root (one boolean PRIMARY KEY DEFAULT true CHECK (one), key bytea NOT NULL);
REVOKE ALL ON vault._root FROM PUBLIC;

CREATE FUNCTION vault._root_key() RETURNS bytea
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  k bytea;
BEGIN
  SELECT key INTO k FROM vault._root;
  IF k IS NULL THEN
    INSERT INTO vault._root (key) VALUES (extensions.gen_random_bytes(32)) ON CONFLICT DO NOTHING;
    SELECT key INTO k FROM vault._root;
  END IF;
  RETURN k;
END
$$;

CREATE FUNCTION vault._derive_key(key_id bigint, context bytea) RETURNS bytea
LANGUAGE sql VOLATILE AS $$
  SELECT extensions.hmac(decode(lpad(to_hex(key_id), 16, '0'), 'hex') || coalesce(context, ''::bytea),
                         vault._root_key(), 'sha256')
$$;

-- XORs data with the HMAC-SHA-256 counter-mode keystream of (key, iv),
-- eight bytes at a time.
CREATE FUNCTION vault._keystream_xor(data bytea, key bytea, iv bytea) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n integer := length(data);
  padded bytea := data || '\x00000000000000'::bytea;
  ks bytea := ''::bytea;
  hex text := '';
BEGIN
  IF n = 0 THEN
    RETURN data;
  END IF;
  FOR j IN 0 .. (n - 1) / 32 LOOP
    ks := ks || extensions.hmac(iv || decode(lpad(to_hex(j), 8, '0'), 'hex'), key, 'sha256');
  END LOOP;
  FOR k IN 0 .. (n - 1) / 8 LOOP
    hex := hex || lpad(to_hex(
      ('x' || encode(substring(padded FROM k * 8 + 1 FOR 8), 'hex'))::bit(64)::bigint
      # ('x' || encode(substring(ks FROM k * 8 + 1 FOR 8), 'hex'))::bit(64)::bigint), 16, '0');
  END LOOP;
  RETURN substring(decode(hex, 'hex') FROM 1 FOR n);
END
$$;

CREATE FUNCTION vault._siv(message bytea, additional bytea, key bytea, nonce bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(extensions.hmac(
    decode(lpad(to_hex(length(coalesce(additional, ''::bytea))), 8, '0'), 'hex') || coalesce(additional, ''::bytea)
      || decode(lpad(to_hex(length(coalesce(nonce, ''::bytea))), 8, '0'), 'hex') || coalesce(nonce, ''::bytea)
      || message,
    extensions.hmac('\x6d6163'::bytea, key, 'sha256'), 'sha256') FROM 1 FOR 16)
$$;

-- The encrypt and decrypt functions run as the owner, who alone can read
-- the root key; EXECUTE on them is what Supabase grants.
CREATE FUNCTION vault._crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint,
  context bytea DEFAULT 'pgsodium', nonce bytea DEFAULT NULL) RETURNS bytea
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  key bytea := vault._derive_key(key_id, context);
  iv bytea;
BEGIN
  IF message IS NULL OR key_id IS NULL THEN
    RETURN NULL;
  END IF;
  iv := vault._siv(message, additional, key, nonce);
  RETURN iv || vault._keystream_xor(message, extensions.hmac('\x656e63'::bytea, key, 'sha256'), iv);
END
$$;

CREATE FUNCTION vault._crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint,
  context bytea DEFAULT 'pgsodium', nonce bytea DEFAULT NULL) RETURNS bytea
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  key bytea := vault._derive_key(key_id, context);
  iv bytea;
  plain bytea;
BEGIN
  IF message IS NULL OR key_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(message) < 16 THEN
    RAISE EXCEPTION 'pgsodium_crypto_aead_det_decrypt_by_id: invalid message' USING ERRCODE = '22000';
  END IF;
  iv := substring(message FROM 1 FOR 16);
  plain := vault._keystream_xor(substring(message FROM 17), extensions.hmac('\x656e63'::bytea, key, 'sha256'), iv);
  IF vault._siv(plain, additional, key, nonce) <> iv THEN
    RAISE EXCEPTION 'pgsodium_crypto_aead_det_decrypt_by_id: invalid message' USING ERRCODE = '22000';
  END IF;
  RETURN plain;
END
$$;

CREATE FUNCTION vault._crypto_aead_det_noncegen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(16) $$;

CREATE TABLE vault.secrets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text,
  description text NOT NULL DEFAULT '',
  secret text NOT NULL,
  key_id uuid,
  nonce bytea DEFAULT vault._crypto_aead_det_noncegen(),
  created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);
COMMENT ON TABLE vault.secrets IS 'Table with encrypted `secret` column for storing sensitive information on disk.';
CREATE UNIQUE INDEX secrets_name_idx ON vault.secrets USING btree (name) WHERE name IS NOT NULL;

CREATE VIEW vault.decrypted_secrets AS
SELECT s.id,
  s.name,
  s.description,
  s.secret,
  convert_from(vault._crypto_aead_det_decrypt(
    message := decode(s.secret, 'base64'),
    additional := convert_to(s.id::text, 'utf8'),
    key_id := 0,
    context := 'pgsodium'::bytea,
    nonce := s.nonce), 'utf8') AS decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
FROM vault.secrets s;

CREATE FUNCTION vault.create_secret(new_secret text, new_name text DEFAULT NULL,
  new_description text DEFAULT '', new_key_id uuid DEFAULT NULL) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  new_id uuid := gen_random_uuid();
  new_nonce bytea := vault._crypto_aead_det_noncegen();
BEGIN
  IF new_secret IS NULL THEN
    RAISE EXCEPTION 'null value in column "secret" of relation "secrets" violates not-null constraint'
      USING ERRCODE = '23502';
  END IF;
  INSERT INTO vault.secrets (id, secret, name, description, nonce)
  VALUES (new_id,
    encode(vault._crypto_aead_det_encrypt(
      message := convert_to(new_secret, 'utf8'),
      additional := convert_to(new_id::text, 'utf8'),
      key_id := 0,
      context := 'pgsodium'::bytea,
      nonce := new_nonce), 'base64'),
    new_name, new_description, new_nonce);
  RETURN new_id;
END
$$;

CREATE FUNCTION vault.update_secret(secret_id uuid, new_secret text DEFAULT NULL, new_name text DEFAULT NULL,
  new_description text DEFAULT NULL, new_key_id uuid DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE vault.secrets s
  SET secret = CASE WHEN new_secret IS NULL THEN s.secret
                    ELSE encode(vault._crypto_aead_det_encrypt(
                      message := convert_to(new_secret, 'utf8'),
                      additional := convert_to(s.id::text, 'utf8'),
                      key_id := 0,
                      context := 'pgsodium'::bytea,
                      nonce := s.nonce), 'base64') END,
      name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description),
      updated_at = now()
  WHERE s.id = secret_id;
END
$$;

REVOKE ALL ON FUNCTION vault._crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea) FROM PUBLIC;
REVOKE ALL ON FUNCTION vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea) FROM PUBLIC;
REVOKE ALL ON FUNCTION vault._crypto_aead_det_noncegen() FROM PUBLIC;
REVOKE ALL ON FUNCTION vault.create_secret(text, text, text, uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION vault.update_secret(uuid, text, text, text, uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION vault._root_key() FROM PUBLIC;
REVOKE ALL ON FUNCTION vault._derive_key(bigint, bytea) FROM PUBLIC;
