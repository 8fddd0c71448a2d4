-- pgsodium 3.1 stand-in (michelp/pgsodium README), the part Supabase
-- projects call directly: server-managed keys in pgsodium.key
-- (create_key, valid_key), deterministic authenticated encryption
-- (crypto_aead_det_*) by key id, key uuid or raw key, random bytes,
-- HMAC-SHA-2 authentication and SHA-2 hashes, and libsodium's BLAKE2b
-- primitives: key derivation (derive_key, crypto_kdf_derive_from_key)
-- and generic hashing, as libsodium computes them. Keys by id derive from
-- the database's root key (pgsodium._root) as pgsodium's do from the
-- server key. The AEAD cipher is the HMAC-SHA-256 synthetic-IV
-- construction supabase_vault's stand-in uses, not libsodium's
-- XChaCha20-SIV: ciphertexts round-trip in tinybase but are not
-- interchangeable with a Supabase database's. The libsodium primitives
-- tinybase lacks (secretbox, box, sign, shorthash, pwhash, ietf AEAD)
-- exist with their signatures and fail with 0A000.

CREATE SCHEMA IF NOT EXISTS pgsodium;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pgsodium_keyiduser') THEN
    CREATE ROLE pgsodium_keyiduser;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pgsodium_keyholder') THEN
    CREATE ROLE pgsodium_keyholder;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'pgsodium_keymaker') THEN
    CREATE ROLE pgsodium_keymaker;
  END IF;
END
$$;
GRANT pgsodium_keyiduser TO postgres WITH ADMIN OPTION;
GRANT pgsodium_keyholder TO postgres WITH ADMIN OPTION;
GRANT pgsodium_keymaker TO postgres WITH ADMIN OPTION;

CREATE TYPE pgsodium.key_status AS ENUM ('default', 'valid', 'invalid', 'expired');
CREATE TYPE pgsodium.key_type AS ENUM ('aead-ietf', 'aead-det', 'hmacsha512', 'hmacsha256', 'auth',
  'shorthash', 'generichash', 'kdf', 'secretbox', 'secretstream', 'stream_xchacha20');
CREATE TYPE pgsodium.crypto_box_keypair AS (public bytea, secret bytea);
CREATE TYPE pgsodium.crypto_sign_keypair AS (public bytea, secret bytea);

CREATE SEQUENCE pgsodium.key_key_id_seq;
CREATE TABLE pgsodium.key (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status pgsodium.key_status DEFAULT 'valid',
  created timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
  expires timestamptz,
  key_type pgsodium.key_type,
  key_id bigint DEFAULT nextval('pgsodium.key_key_id_seq'),
  key_context bytea DEFAULT 'pgsodium' CHECK (length(key_context) = 8),
  name text CONSTRAINT pgsodium_key_unique_name UNIQUE,
  associated_data text DEFAULT 'associated',
  raw_key bytea,
  raw_key_nonce bytea,
  parent_key uuid,
  comment text,
  user_data text,
  CONSTRAINT pgsodium_raw CHECK (CASE WHEN raw_key IS NOT NULL
    THEN key_id IS NULL AND key_context IS NULL AND parent_key IS NOT NULL
    ELSE key_id IS NOT NULL AND key_context IS NOT NULL AND parent_key IS NULL END)
);
COMMENT ON TABLE pgsodium.key IS 'This table holds metadata for derived keys given a key_id and key_context. The raw key is never stored.';
ALTER TABLE pgsodium.key ADD CONSTRAINT key_parent_key_fkey FOREIGN KEY (parent_key) REFERENCES pgsodium.key (id);
CREATE UNIQUE INDEX key_key_id_key_context_key_type_idx ON pgsodium.key (key_id, key_context, key_type);

CREATE VIEW pgsodium.valid_key AS
  SELECT id, name, status, key_type, key_id, key_context, created, expires, associated_data
    FROM pgsodium.key
   WHERE status IN ('valid', 'default')
     AND CASE WHEN expires IS NULL THEN true ELSE expires > now() END;

-- create_key's result has valid_key's columns. PostgreSQL names the
-- view's row type; tinybase cannot use a view's row type as a result type
-- yet, so it is this composite type of the same shape.
CREATE TYPE pgsodium._valid_key_row AS (id uuid, name text, status pgsodium.key_status,
  key_type pgsodium.key_type, key_id bigint, key_context bytea, created timestamptz,
  expires timestamptz, associated_data text);

-- The server's root key, from which every key_id/context key derives;
-- only the owner reads it (the functions below run as the owner).
CREATE TABLE pgsodium._root (key bytea NOT NULL);
INSERT INTO pgsodium._root (key) VALUES (extensions.gen_random_bytes(32));
REVOKE ALL ON pgsodium._root FROM PUBLIC;

-- libsodium's key derivation, BLAKE2b-based (pgsodium_kdf.go); called on
-- NULL input since 3.1, refusing NULLs itself. derive_key derives from
-- the root key as pgsodium's derive_key does from the server key: run by
-- the owner, so only the owner reads _root.
CREATE FUNCTION pgsodium.crypto_kdf_derive_from_key(subkey_size bigint, subkey_id bigint, context bytea, primary_key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_kdf_derive_from_key' LANGUAGE c IMMUTABLE;

CREATE FUNCTION pgsodium.derive_key(key_id bigint, key_len integer DEFAULT 32, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  root bytea;
BEGIN
  IF key_id IS NULL THEN
    RAISE EXCEPTION 'pgsodium_derive: key id cannot be NULL' USING ERRCODE = '22000';
  ELSIF key_len IS NULL THEN
    RAISE EXCEPTION 'pgsodium_derive: key size cannot be NULL' USING ERRCODE = '22000';
  ELSIF context IS NULL THEN
    RAISE EXCEPTION 'pgsodium_derive: key context cannot be NULL' USING ERRCODE = '22000';
  ELSIF key_len < 16 OR key_len > 64 THEN
    RAISE EXCEPTION 'pgsodium_derive_helper: crypto_kdf_derive_from_key: invalid key size requested' USING ERRCODE = '22000';
  ELSIF length(context) <> 8 THEN
    RAISE EXCEPTION 'pgsodium_derive_helper: crypto_kdf_derive_from_key: context must be 8 bytes' USING ERRCODE = '22000';
  END IF;
  SELECT r.key INTO root FROM pgsodium._root r LIMIT 1;
  RETURN pgsodium.crypto_kdf_derive_from_key(key_len, key_id, context, root);
END
$$;

-- The key of key_id and context, as pgsodium's by-id functions derive it.
CREATE FUNCTION pgsodium._derive(key_id bigint, context bytea) RETURNS bytea
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.derive_key(key_id, 32, context)
$$;
REVOKE ALL ON FUNCTION pgsodium._derive(bigint, bytea) FROM PUBLIC;

-- XORs data with the HMAC-SHA-256 counter-mode keystream of (key, iv).
CREATE FUNCTION pgsodium._xor(data bytea, key bytea, iv bytea) RETURNS bytea
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

CREATE FUNCTION pgsodium._siv(message bytea, additional bytea, key bytea, nonce bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(extensions.hmac(
    decode(lpad(to_hex(length(coalesce(additional, ''::bytea))), 8, '0'), 'hex') || coalesce(additional, ''::bytea)
      || decode(lpad(to_hex(length(coalesce(nonce, ''::bytea))), 8, '0'), 'hex') || coalesce(nonce, ''::bytea)
      || message,
    extensions.hmac('\x6d6163'::bytea, key, 'sha256'), 'sha256') FROM 1 FOR 16)
$$;

CREATE FUNCTION pgsodium._seal(message bytea, additional bytea, key bytea, nonce bytea) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  iv bytea;
BEGIN
  IF message IS NULL OR key IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(key) <> 32 THEN
    RAISE EXCEPTION 'pgsodium_crypto_aead_det_encrypt: invalid key' USING ERRCODE = '22000';
  END IF;
  iv := pgsodium._siv(message, additional, key, nonce);
  RETURN iv || pgsodium._xor(message, extensions.hmac('\x656e63'::bytea, key, 'sha256'), iv);
END
$$;

CREATE FUNCTION pgsodium._open(message bytea, additional bytea, key bytea, nonce bytea) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  plain bytea;
BEGIN
  IF message IS NULL OR key IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(key) <> 32 THEN
    RAISE EXCEPTION 'pgsodium_crypto_aead_det_decrypt: invalid key' USING ERRCODE = '22000';
  END IF;
  IF length(message) < 16 THEN
    RAISE EXCEPTION 'pgsodium_crypto_aead_det_decrypt: invalid message' USING ERRCODE = '22000';
  END IF;
  plain := pgsodium._xor(substring(message FROM 17), extensions.hmac('\x656e63'::bytea, key, 'sha256'), substring(message FROM 1 FOR 16));
  IF pgsodium._siv(plain, additional, key, nonce) <> substring(message FROM 1 FOR 16) THEN
    RAISE EXCEPTION 'pgsodium_crypto_aead_det_decrypt: invalid message' USING ERRCODE = '22000';
  END IF;
  RETURN plain;
END
$$;

-- The derived key of a valid key row.
CREATE FUNCTION pgsodium._key_by_uuid(key_uuid uuid) RETURNS bytea
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  kid bigint;
  ctx bytea;
  raw bytea;
BEGIN
  IF key_uuid IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT k.key_id, k.key_context, k.raw_key INTO kid, ctx, raw FROM pgsodium.key k
   WHERE k.id = key_uuid AND k.status IN ('valid', 'default') AND (k.expires IS NULL OR k.expires > now());
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Key id % not found', key_uuid USING ERRCODE = '22000';
  END IF;
  IF raw IS NOT NULL THEN
    RAISE EXCEPTION 'raw keys are not supported by tinybase''s pgsodium' USING ERRCODE = '0A000';
  END IF;
  RETURN pgsodium._derive(kid, ctx);
END
$$;
REVOKE ALL ON FUNCTION pgsodium._key_by_uuid(uuid) FROM PUBLIC;

CREATE FUNCTION pgsodium.create_key(
  key_type pgsodium.key_type DEFAULT 'aead-det',
  name text DEFAULT NULL,
  raw_key bytea DEFAULT NULL,
  raw_key_nonce bytea DEFAULT NULL,
  parent_key uuid DEFAULT NULL,
  key_context bytea DEFAULT 'pgsodium',
  expires timestamptz DEFAULT NULL,
  associated_data text DEFAULT ''
) RETURNS pgsodium._valid_key_row
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  new_id uuid := gen_random_uuid();
  result pgsodium._valid_key_row;
BEGIN
  IF raw_key IS NOT NULL THEN
    RAISE EXCEPTION 'raw keys are not supported by tinybase''s pgsodium' USING ERRCODE = '0A000';
  END IF;
  INSERT INTO pgsodium.key (id, key_type, key_context, expires, name, associated_data)
    VALUES (new_id, $1, $6, $7, $2, $8);
  SELECT * INTO result FROM pgsodium.valid_key v WHERE v.id = new_id;
  RETURN result;
END
$$;

CREATE FUNCTION pgsodium.crypto_aead_det_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_aead_det_noncegen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(16) $$;

CREATE FUNCTION pgsodium.crypto_aead_det_encrypt(message bytea, additional bytea, key bytea, nonce bytea DEFAULT NULL)
RETURNS bytea LANGUAGE sql IMMUTABLE AS $$ SELECT pgsodium._seal(message, additional, key, nonce) $$;
CREATE FUNCTION pgsodium.crypto_aead_det_decrypt(message bytea, additional bytea, key bytea, nonce bytea DEFAULT NULL)
RETURNS bytea LANGUAGE sql IMMUTABLE AS $$ SELECT pgsodium._open(message, additional, key, nonce) $$;

CREATE FUNCTION pgsodium.crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint,
  context bytea DEFAULT 'pgsodium', nonce bytea DEFAULT NULL)
RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium._seal(message, additional, pgsodium._derive(key_id, context), nonce)
$$;
CREATE FUNCTION pgsodium.crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint,
  context bytea DEFAULT 'pgsodium', nonce bytea DEFAULT NULL)
RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium._open(message, additional, pgsodium._derive(key_id, context), nonce)
$$;

CREATE FUNCTION pgsodium.crypto_aead_det_encrypt(message bytea, additional bytea, key_uuid uuid)
RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium._seal(message, additional, pgsodium._key_by_uuid(key_uuid), NULL)
$$;
CREATE FUNCTION pgsodium.crypto_aead_det_decrypt(message bytea, additional bytea, key_uuid uuid)
RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium._open(message, additional, pgsodium._key_by_uuid(key_uuid), NULL)
$$;
CREATE FUNCTION pgsodium.crypto_aead_det_encrypt(message bytea, additional bytea, key_uuid uuid, nonce bytea)
RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium._seal(message, additional, pgsodium._key_by_uuid(key_uuid), nonce)
$$;
CREATE FUNCTION pgsodium.crypto_aead_det_decrypt(message bytea, additional bytea, key_uuid uuid, nonce bytea)
RETURNS bytea LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium._open(message, additional, pgsodium._key_by_uuid(key_uuid), nonce)
$$;

CREATE FUNCTION pgsodium.randombytes_random() RETURNS integer
LANGUAGE sql VOLATILE AS $$
  SELECT ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::integer
$$;

-- A uniform integer in [0, upper_bound), by rejection sampling.
CREATE FUNCTION pgsodium.randombytes_uniform(upper_bound integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  r bigint;
  lim bigint;
BEGIN
  IF upper_bound IS NULL THEN
    RETURN NULL;
  END IF;
  IF upper_bound < 2 THEN
    RETURN 0;
  END IF;
  lim := 4294967296 - (4294967296 % upper_bound);
  LOOP
    r := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint & 4294967295;
    IF r < lim THEN
      RETURN (r % upper_bound)::integer;
    END IF;
  END LOOP;
END
$$;

CREATE FUNCTION pgsodium.randombytes_buf(size integer) RETURNS bytea
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  out bytea := ''::bytea;
  left_ integer := size;
BEGIN
  IF size IS NULL THEN
    RETURN NULL;
  END IF;
  IF size < 0 THEN
    RAISE EXCEPTION 'size must be non-negative' USING ERRCODE = '22023';
  END IF;
  IF size > 67108864 THEN
    RAISE EXCEPTION 'size % is too large', size USING ERRCODE = '54000';
  END IF;
  WHILE left_ > 0 LOOP
    out := out || extensions.gen_random_bytes(least(left_, 1024));
    left_ := left_ - 1024;
  END LOOP;
  RETURN out;
END
$$;

CREATE FUNCTION pgsodium.randombytes_new_seed() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;

CREATE FUNCTION pgsodium.crypto_auth_hmacsha256_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha256(message bytea, secret bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT extensions.hmac(message, secret, 'sha256') $$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha256_verify(hash bytea, message bytea, secret bytea) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT extensions.hmac(message, secret, 'sha256') = hash $$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512(message bytea, secret bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT extensions.hmac(message, secret, 'sha512') $$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512_verify(hash bytea, message bytea, secret bytea) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT extensions.hmac(message, secret, 'sha512') = hash $$;
CREATE FUNCTION pgsodium.crypto_hash_sha256(message bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT extensions.digest(message, 'sha256') $$;
CREATE FUNCTION pgsodium.crypto_hash_sha512(message bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT extensions.digest(message, 'sha512') $$;
CREATE FUNCTION pgsodium.crypto_secretbox_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_secretbox_noncegen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(24) $$;

-- libsodium primitives tinybase does not have.
CREATE FUNCTION pgsodium._unsupported(fn text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'pgsodium.% is not supported by tinybase', fn USING ERRCODE = '0A000',
    HINT = 'tinybase''s pgsodium has libsodium''s secretbox, box, sign, auth, shorthash, generichash, kdf, kx, pwhash, stream and AEAD functions; not signcryption, multi-part signing or Transparent Column Encryption.';
END
$$;

-- The raw-key primitives are libsodium's constructions (pgsodium_box.go).
CREATE FUNCTION pgsodium.crypto_secretbox(message bytea, nonce bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_secretbox_open(ciphertext bytea, nonce bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox_open' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_box_noncegen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(24) $$;
CREATE FUNCTION pgsodium.crypto_box(message bytea, nonce bytea, public bytea, secret bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_box' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_box_open(ciphertext bytea, nonce bytea, public bytea, secret bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_box_open' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_sign(message bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_sign' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_sign_open(signed_message bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_sign_open' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_sign_detached(message bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_sign_detached' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_sign_verify_detached(sig bytea, message bytea, key bytea) RETURNS boolean
AS 'MODULE_PATHNAME', 'pgsodium_crypto_sign_verify_detached' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_shorthash(message bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_shorthash' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_pwhash(password bytea, salt bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_pwhash' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_pwhash_str(password bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_pwhash_str' LANGUAGE c VOLATILE;
CREATE FUNCTION pgsodium.crypto_pwhash_str_verify(hashed_password bytea, password bytea) RETURNS boolean
AS 'MODULE_PATHNAME', 'pgsodium_crypto_pwhash_str_verify' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_aead_ietf_encrypt(message bytea, additional bytea, nonce bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_aead_ietf_encrypt' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_aead_ietf_decrypt(message bytea, additional bytea, nonce bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_aead_ietf_decrypt' LANGUAGE c IMMUTABLE;

-- Key pairs: a box or kx public key is X25519 of the base point, a sign
-- secret key the seed followed by its public key.
CREATE FUNCTION pgsodium._scalarmult_base(secret bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_scalarmult_base' LANGUAGE c IMMUTABLE STRICT;
CREATE FUNCTION pgsodium._sign_secret(seed bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_sign_seed_keypair' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_box_new_keypair() RETURNS SETOF pgsodium.crypto_box_keypair
LANGUAGE sql VOLATILE AS $$
  SELECT pgsodium._scalarmult_base(s.sk), s.sk FROM (SELECT extensions.gen_random_bytes(32) AS sk) s
$$;
CREATE FUNCTION pgsodium.crypto_sign_new_keypair() RETURNS SETOF pgsodium.crypto_sign_keypair
LANGUAGE sql VOLATILE AS $$
  SELECT substring(s.sk FROM 33), s.sk FROM (SELECT pgsodium._sign_secret(extensions.gen_random_bytes(32)) AS sk) s
$$;

-- Generic hashing is BLAKE2b (pgsodium_kdf.go); by key id it is keyed by
-- the derived key, unkeyed when the id is NULL.
CREATE FUNCTION pgsodium.crypto_generichash(message bytea, key bytea DEFAULT NULL) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_generichash' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_generichash(message bytea, key bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE plpgsql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF key IS NULL THEN
    RETURN pgsodium.crypto_generichash(message, NULL::bytea);
  END IF;
  RETURN pgsodium.crypto_generichash(message, pgsodium.derive_key(key, 32, context));
END
$$;
CREATE FUNCTION pgsodium.crypto_generichash_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_kdf_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;

-- A kdf or generichash key row: a derived one gives derive_key of its own
-- id and context (pgsodium passes neither subkey_id nor context on).
CREATE FUNCTION pgsodium._key_row(key_uuid uuid, kind pgsodium.key_type) RETURNS pgsodium.key
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  k pgsodium.key;
BEGIN
  SELECT * INTO STRICT k FROM pgsodium.key WHERE id = key_uuid AND key_type = kind;
  IF k.raw_key IS NOT NULL THEN
    RAISE EXCEPTION 'raw keys are not supported by tinybase''s pgsodium' USING ERRCODE = '0A000';
  END IF;
  RETURN k;
END
$$;
REVOKE ALL ON FUNCTION pgsodium._key_row(uuid, pgsodium.key_type) FROM PUBLIC;
CREATE FUNCTION pgsodium.crypto_kdf_derive_from_key(subkey_size integer, subkey_id bigint, context bytea, primary_key uuid) RETURNS bytea
LANGUAGE plpgsql STRICT STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  k pgsodium.key := pgsodium._key_row(primary_key, 'kdf');
BEGIN
  RETURN pgsodium.derive_key(k.key_id, subkey_size, k.key_context);
END
$$;
CREATE FUNCTION pgsodium.crypto_generichash(message bytea, key_uuid uuid) RETURNS bytea
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  k pgsodium.key := pgsodium._key_row(key_uuid, 'generichash');
BEGIN
  RETURN pgsodium.crypto_generichash(message, k.key_id, k.key_context);
END
$$;

-- pgsodium's roles: keyiduser uses keys by id, keymaker creates them.
GRANT USAGE ON SCHEMA pgsodium TO pgsodium_keyiduser, pgsodium_keyholder, pgsodium_keymaker;
GRANT SELECT ON pgsodium.key, pgsodium.valid_key TO pgsodium_keyiduser;
GRANT INSERT, UPDATE, DELETE ON pgsodium.key TO pgsodium_keymaker;
GRANT EXECUTE ON FUNCTION pgsodium.create_key(pgsodium.key_type, text, bytea, bytea, uuid, bytea, timestamptz, text) TO pgsodium_keyiduser;
REVOKE ALL ON FUNCTION pgsodium.derive_key(bigint, integer, bytea), pgsodium.crypto_kdf_derive_from_key(bigint, bigint, bytea, bytea),
  pgsodium.crypto_kdf_keygen(), pgsodium.crypto_generichash_keygen() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgsodium.derive_key(bigint, integer, bytea), pgsodium.crypto_kdf_derive_from_key(bigint, bigint, bytea, bytea),
  pgsodium.crypto_kdf_keygen(), pgsodium.crypto_generichash_keygen() TO pgsodium_keymaker;
REVOKE ALL ON FUNCTION pgsodium.crypto_generichash(bytea, bytea), pgsodium.crypto_generichash(bytea, uuid),
  pgsodium.crypto_kdf_derive_from_key(integer, bigint, bytea, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgsodium.crypto_generichash(bytea, bytea), pgsodium.crypto_generichash(bytea, uuid),
  pgsodium.crypto_kdf_derive_from_key(integer, bigint, bytea, uuid) TO pgsodium_keyiduser;
REVOKE ALL ON FUNCTION pgsodium.crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea),
  pgsodium.crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
  pgsodium.crypto_aead_det_encrypt(bytea, bytea, uuid),
  pgsodium.crypto_aead_det_decrypt(bytea, bytea, uuid),
  pgsodium.crypto_aead_det_encrypt(bytea, bytea, uuid, bytea),
  pgsodium.crypto_aead_det_decrypt(bytea, bytea, uuid, bytea),
  pgsodium.create_key(pgsodium.key_type, text, bytea, bytea, uuid, bytea, timestamptz, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgsodium.crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea),
  pgsodium.crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
  pgsodium.crypto_aead_det_encrypt(bytea, bytea, uuid),
  pgsodium.crypto_aead_det_decrypt(bytea, bytea, uuid),
  pgsodium.crypto_aead_det_encrypt(bytea, bytea, uuid, bytea),
  pgsodium.crypto_aead_det_decrypt(bytea, bytea, uuid, bytea) TO pgsodium_keyiduser;
