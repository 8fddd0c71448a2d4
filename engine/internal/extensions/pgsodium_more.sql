-- The rest of pgsodium 3.1.8's functions (pgsodium.sql has the keys, the
-- deterministic AEAD and the raw-key primitives): key pairs from seeds,
-- key exchange, sealed boxes, the XChaCha20 stream, the by-key-id and
-- key-uuid forms of auth, HMAC, secretbox, shorthash and IETF AEAD (keys
-- from derive_key, as pgsodium's), helpers, and 0A000 stand-ins for
-- signcryption, multi-part signing and Transparent Column Encryption,
-- with pgsodium's signatures so a dump's GRANTs on them apply.

CREATE TYPE pgsodium.crypto_kx_keypair AS (public bytea, secret bytea);
CREATE TYPE pgsodium.crypto_kx_session AS (rx bytea, tx bytea);
CREATE TYPE pgsodium.crypto_signcrypt_keypair AS (public bytea, secret bytea);
CREATE TYPE pgsodium.crypto_signcrypt_state_key AS (state bytea, shared_key bytea);


CREATE FUNCTION pgsodium.crypto_box_new_seed() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_box_seed_new_keypair(seed bytea) RETURNS pgsodium.crypto_box_keypair
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  sk bytea;
BEGIN
  IF seed IS NULL THEN
    RAISE EXCEPTION 'pgsodium_crypto_box_seed_keypair: seed cannot be NULL' USING ERRCODE = '22000';
  ELSIF length(seed) <> 32 THEN
    RAISE EXCEPTION 'pgsodium_crypto_box_seed_keypair: invalid seed' USING ERRCODE = '22000';
  END IF;
  -- libsodium: the secret key is the first half of the seed's SHA-512
  sk := substring(extensions.digest(seed, 'sha512') FROM 1 FOR 32);
  RETURN ROW(pgsodium._scalarmult_base(sk), sk)::pgsodium.crypto_box_keypair;
END
$$;
CREATE FUNCTION pgsodium.crypto_box_seal(message bytea, public_key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_box_seal' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_box_seal_open(ciphertext bytea, public_key bytea, secret_key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_box_seal_open' LANGUAGE c IMMUTABLE;

CREATE FUNCTION pgsodium.crypto_sign_new_seed() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_sign_seed_new_keypair(seed bytea) RETURNS pgsodium.crypto_sign_keypair
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(substring(s.sk FROM 33), s.sk)::pgsodium.crypto_sign_keypair FROM (SELECT pgsodium._sign_secret(seed) AS sk) s
$$;

CREATE FUNCTION pgsodium.crypto_kx_new_seed() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_kx_new_keypair() RETURNS pgsodium.crypto_kx_keypair
LANGUAGE sql VOLATILE AS $$
  SELECT ROW(pgsodium._scalarmult_base(s.sk), s.sk)::pgsodium.crypto_kx_keypair FROM (SELECT extensions.gen_random_bytes(32) AS sk) s
$$;
CREATE FUNCTION pgsodium.crypto_kx_seed_new_keypair(seed bytea) RETURNS pgsodium.crypto_kx_keypair
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  sk bytea;
BEGIN
  IF length(seed) <> 32 THEN
    RAISE EXCEPTION 'pgsodium_crypto_kx_seed_keypair: invalid seed' USING ERRCODE = '22000';
  END IF;
  -- libsodium: the secret key is the seed's 32-byte BLAKE2b
  sk := pgsodium.crypto_generichash(seed);
  RETURN ROW(pgsodium._scalarmult_base(sk), sk)::pgsodium.crypto_kx_keypair;
END
$$;
CREATE FUNCTION pgsodium._kx_client(client_pk bytea, client_sk bytea, server_pk bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_kx_client_session_keys' LANGUAGE c VOLATILE;
CREATE FUNCTION pgsodium._kx_server(server_pk bytea, server_sk bytea, client_pk bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_kx_server_session_keys' LANGUAGE c VOLATILE;
CREATE FUNCTION pgsodium.crypto_kx_client_session_keys(client_pk bytea, client_sk bytea, server_pk bytea) RETURNS pgsodium.crypto_kx_session
LANGUAGE sql VOLATILE AS $$
  SELECT ROW(substring(k FROM 1 FOR 32), substring(k FROM 33))::pgsodium.crypto_kx_session
    FROM pgsodium._kx_client(client_pk, client_sk, server_pk) k
$$;
CREATE FUNCTION pgsodium.crypto_kx_server_session_keys(server_pk bytea, server_sk bytea, client_pk bytea) RETURNS pgsodium.crypto_kx_session
LANGUAGE sql VOLATILE AS $$
  SELECT ROW(substring(k FROM 1 FOR 32), substring(k FROM 33))::pgsodium.crypto_kx_session
    FROM pgsodium._kx_server(server_pk, server_sk, client_pk) k
$$;

CREATE FUNCTION pgsodium.crypto_auth(message bytea, key bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_auth' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_auth_verify(mac bytea, message bytea, key bytea) RETURNS boolean
AS 'MODULE_PATHNAME', 'pgsodium_crypto_auth_verify' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_auth_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_auth(message bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth(message, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_auth_verify(mac bytea, message bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS boolean
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_verify(mac, message, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_auth(message bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth(message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'auth') k
$$;
CREATE FUNCTION pgsodium.crypto_auth_verify(mac bytea, message bytea, key_uuid uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_verify(mac, message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'auth') k
$$;

CREATE FUNCTION pgsodium.crypto_auth_hmacsha256(message bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha256(message, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha256_verify(hash bytea, message bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS boolean
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha256_verify(hash, message, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha256(message bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha256(message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'hmacsha256') k
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha256_verify(signature bytea, message bytea, key_uuid uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha256_verify(signature, message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'hmacsha256') k
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512(message bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha512(message, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512_verify(hash bytea, message bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS boolean
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha512_verify(hash, message, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512(message bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha512(message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'hmacsha512') k
$$;
CREATE FUNCTION pgsodium.crypto_auth_hmacsha512_verify(signature bytea, message bytea, key_uuid uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_auth_hmacsha512_verify(signature, message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'hmacsha512') k
$$;

CREATE FUNCTION pgsodium.crypto_secretbox(message bytea, nonce bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_secretbox(message, nonce, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_secretbox_open(message bytea, nonce bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_secretbox_open(message, nonce, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_secretbox(message bytea, nonce bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_secretbox(message, nonce, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'secretbox') k
$$;
CREATE FUNCTION pgsodium.crypto_secretbox_open(message bytea, nonce bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_secretbox_open(message, nonce, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'secretbox') k
$$;

CREATE FUNCTION pgsodium.crypto_shorthash_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(16) $$;
CREATE FUNCTION pgsodium.crypto_shorthash(message bytea, key bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_shorthash(message, pgsodium.derive_key(key, 16, context))
$$;
CREATE FUNCTION pgsodium.crypto_shorthash(message bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_shorthash(message, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'shorthash') k
$$;

CREATE FUNCTION pgsodium.crypto_aead_ietf_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_aead_ietf_noncegen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(12) $$;
CREATE FUNCTION pgsodium.crypto_aead_ietf_encrypt(message bytea, additional bytea, nonce bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_aead_ietf_encrypt(message, additional, nonce, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_aead_ietf_decrypt(message bytea, additional bytea, nonce bytea, key_id bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_aead_ietf_decrypt(message, additional, nonce, pgsodium.derive_key(key_id, 32, context))
$$;
CREATE FUNCTION pgsodium.crypto_aead_ietf_encrypt(message bytea, additional bytea, nonce bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_aead_ietf_encrypt(message, additional, nonce, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'aead-ietf') k
$$;
CREATE FUNCTION pgsodium.crypto_aead_ietf_decrypt(message bytea, additional bytea, nonce bytea, key_uuid uuid) RETURNS bytea
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_aead_ietf_decrypt(message, additional, nonce, k.key_id, k.key_context) FROM pgsodium._key_row(key_uuid, 'aead-ietf') k
$$;

-- The XChaCha20 stream; its parameters are unnamed, as pgsodium's (whose
-- by-id xor defaults its context to 'pgosdium', so derives another key).
CREATE FUNCTION pgsodium.crypto_stream_xchacha20_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20_noncegen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(24) $$;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20(bigint, bytea, bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_stream_xchacha20' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20(bigint, bytea, bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_stream_xchacha20($1, $2, pgsodium.derive_key($3, 32, $4))
$$;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20_xor(bytea, bytea, bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_stream_xchacha20_xor' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20_xor(bytea, bytea, bigint, context bytea DEFAULT 'pgosdium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_stream_xchacha20_xor($1, $2, pgsodium.derive_key($3, 32, $4))
$$;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20_xor_ic(bytea, bytea, bigint, bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_crypto_stream_xchacha20_xor_ic' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_stream_xchacha20_xor_ic(bytea, bytea, bigint, bigint, context bytea DEFAULT 'pgsodium') RETURNS bytea
LANGUAGE sql IMMUTABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT pgsodium.crypto_stream_xchacha20_xor_ic($1, $2, $3, pgsodium.derive_key($4, 32, $5))
$$;

CREATE FUNCTION pgsodium.randombytes_buf_deterministic(size integer, seed bytea) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_randombytes_buf_deterministic' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.sodium_bin2base64(bin bytea) RETURNS text
AS 'MODULE_PATHNAME', 'pgsodium_sodium_bin2base64' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.sodium_base642bin(base64 text) RETURNS bytea
AS 'MODULE_PATHNAME', 'pgsodium_sodium_base642bin' LANGUAGE c IMMUTABLE;
CREATE FUNCTION pgsodium.crypto_cmp(text, text) RETURNS boolean
AS 'MODULE_PATHNAME', 'pgsodium_cmp' LANGUAGE c IMMUTABLE STRICT;
CREATE FUNCTION pgsodium.crypto_pwhash_saltgen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(16) $$;
CREATE FUNCTION pgsodium.crypto_secretstream_keygen() RETURNS bytea
LANGUAGE sql VOLATILE AS $$ SELECT extensions.gen_random_bytes(32) $$;

CREATE FUNCTION pgsodium.version() RETURNS text
LANGUAGE sql AS $$ SELECT e.extversion FROM pg_catalog.pg_extension e WHERE e.extname = 'pgsodium' $$;
CREATE FUNCTION pgsodium.get_key_by_id(uuid) RETURNS pgsodium._valid_key_row
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT v.id, v.name, v.status, v.key_type, v.key_id, v.key_context, v.created, v.expires, v.associated_data
    FROM pgsodium.valid_key v WHERE v.id = $1
$$;
CREATE FUNCTION pgsodium.get_key_by_name(text) RETURNS pgsodium._valid_key_row
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT v.id, v.name, v.status, v.key_type, v.key_id, v.key_context, v.created, v.expires, v.associated_data
    FROM pgsodium.valid_key v WHERE v.name = $1
$$;
CREATE FUNCTION pgsodium.get_named_keys(filter text DEFAULT '%') RETURNS SETOF pgsodium._valid_key_row
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  SELECT v.id, v.name, v.status, v.key_type, v.key_id, v.key_context, v.created, v.expires, v.associated_data
    FROM pgsodium.valid_key v WHERE v.name ILIKE filter
$$;
-- The trigger expression of a comma-separated column list, as text.
CREATE FUNCTION pgsodium.quote_assoc(text, boolean DEFAULT false) RETURNS text
LANGUAGE sql AS $$
  SELECT string_agg(CASE WHEN $2 THEN 'new.' ELSE '' END || quote_ident(trim(c)) || '::text', ' || ')
    FROM regexp_split_to_table($1, '\s*,\s*') c
$$;

-- Not in tinybase: signcryption, multi-part signing, and Transparent
-- Column Encryption (security labels and masking views).
CREATE FUNCTION pgsodium.crypto_sign_init() RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_sign_init'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_sign_update(state bytea, message bytea) RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_sign_update'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_sign_update_agg1(state bytea, message bytea) RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_sign_update_agg1'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_sign_update_agg2(cur_state bytea, initial_state bytea, message bytea) RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_sign_update_agg2'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_sign_final_create(state bytea, key bytea) RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_sign_final_create'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_sign_final_verify(state bytea, signature bytea, key bytea) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_sign_final_verify'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_signcrypt_new_keypair() RETURNS pgsodium.crypto_signcrypt_keypair
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_signcrypt_new_keypair'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_signcrypt_sign_before(sender bytea, recipient bytea, sender_sk bytea, recipient_pk bytea, additional bytea) RETURNS pgsodium.crypto_signcrypt_state_key
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_signcrypt_sign_before'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_signcrypt_sign_after(state bytea, sender_sk bytea, ciphertext bytea) RETURNS bytea
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_signcrypt_sign_after'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_signcrypt_verify_before(signature bytea, sender bytea, recipient bytea, additional bytea, sender_pk bytea, recipient_sk bytea) RETURNS pgsodium.crypto_signcrypt_state_key
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_signcrypt_verify_before'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_signcrypt_verify_after(state bytea, signature bytea, sender_pk bytea, ciphertext bytea) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_signcrypt_verify_after'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.crypto_signcrypt_verify_public(signature bytea, sender bytea, recipient bytea, additional bytea, sender_pk bytea, ciphertext bytea) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('crypto_signcrypt_verify_public'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.create_mask_view(relid oid, debug boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('create_mask_view'); END $$;
CREATE FUNCTION pgsodium.create_mask_view(relid oid, subid integer, debug boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('create_mask_view'); END $$;
CREATE FUNCTION pgsodium.update_mask(target oid, debug boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('update_mask'); END $$;
CREATE FUNCTION pgsodium.update_masks(debug boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('update_masks'); END $$;
CREATE FUNCTION pgsodium.mask_role(masked_role regrole, source_name text, view_name text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('mask_role'); END $$;
CREATE FUNCTION pgsodium.encrypted_columns(relid oid) RETURNS text
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('encrypted_columns'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.decrypted_columns(relid oid) RETURNS text
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('decrypted_columns'); RETURN NULL; END $$;
CREATE FUNCTION pgsodium.mask_columns(source_relid oid) RETURNS TABLE (attname name, key_id text, key_id_column text,
  associated_column text, nonce_column text, format_type text)
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgsodium._unsupported('mask_columns'); END $$;
-- No security labels in tinybase, so no role has a mask.
CREATE FUNCTION pgsodium.has_mask(role regrole, source_name text) RETURNS boolean
LANGUAGE sql AS $$ SELECT false $$;
CREATE FUNCTION pgsodium.enable_security_label_trigger() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$ BEGIN PERFORM pgsodium._unsupported('enable_security_label_trigger'); END $$;
CREATE FUNCTION pgsodium.disable_security_label_trigger() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER AS $$ BEGIN PERFORM pgsodium._unsupported('disable_security_label_trigger'); END $$;

-- pgsodium's grants: keys by id or uuid for the keyiduser, new keys and
-- key pairs for the keymaker.
REVOKE ALL ON FUNCTION pgsodium.crypto_auth(bytea, bigint, bytea), pgsodium.crypto_auth_verify(bytea, bytea, bigint, bytea),
  pgsodium.crypto_auth(bytea, uuid), pgsodium.crypto_auth_verify(bytea, bytea, uuid),
  pgsodium.crypto_auth_hmacsha256(bytea, bigint, bytea), pgsodium.crypto_auth_hmacsha256_verify(bytea, bytea, bigint, bytea),
  pgsodium.crypto_auth_hmacsha256(bytea, uuid), pgsodium.crypto_auth_hmacsha256_verify(bytea, bytea, uuid),
  pgsodium.crypto_auth_hmacsha512(bytea, bigint, bytea), pgsodium.crypto_auth_hmacsha512_verify(bytea, bytea, bigint, bytea),
  pgsodium.crypto_auth_hmacsha512(bytea, uuid), pgsodium.crypto_auth_hmacsha512_verify(bytea, bytea, uuid),
  pgsodium.crypto_secretbox(bytea, bytea, bigint, bytea), pgsodium.crypto_secretbox_open(bytea, bytea, bigint, bytea),
  pgsodium.crypto_secretbox(bytea, bytea, uuid), pgsodium.crypto_secretbox_open(bytea, bytea, uuid),
  pgsodium.crypto_shorthash(bytea, bigint, bytea), pgsodium.crypto_shorthash(bytea, uuid),
  pgsodium.crypto_aead_ietf_encrypt(bytea, bytea, bytea, bigint, bytea), pgsodium.crypto_aead_ietf_decrypt(bytea, bytea, bytea, bigint, bytea),
  pgsodium.crypto_aead_ietf_encrypt(bytea, bytea, bytea, uuid), pgsodium.crypto_aead_ietf_decrypt(bytea, bytea, bytea, uuid),
  pgsodium.crypto_stream_xchacha20(bigint, bytea, bigint, bytea), pgsodium.crypto_stream_xchacha20_xor(bytea, bytea, bigint, bytea),
  pgsodium.crypto_stream_xchacha20_xor_ic(bytea, bytea, bigint, bigint, bytea),
  pgsodium.get_key_by_id(uuid), pgsodium.get_key_by_name(text), pgsodium.get_named_keys(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgsodium.crypto_auth(bytea, bigint, bytea), pgsodium.crypto_auth_verify(bytea, bytea, bigint, bytea),
  pgsodium.crypto_auth(bytea, uuid), pgsodium.crypto_auth_verify(bytea, bytea, uuid),
  pgsodium.crypto_auth_hmacsha256(bytea, bigint, bytea), pgsodium.crypto_auth_hmacsha256_verify(bytea, bytea, bigint, bytea),
  pgsodium.crypto_auth_hmacsha256(bytea, uuid), pgsodium.crypto_auth_hmacsha256_verify(bytea, bytea, uuid),
  pgsodium.crypto_auth_hmacsha512(bytea, bigint, bytea), pgsodium.crypto_auth_hmacsha512_verify(bytea, bytea, bigint, bytea),
  pgsodium.crypto_auth_hmacsha512(bytea, uuid), pgsodium.crypto_auth_hmacsha512_verify(bytea, bytea, uuid),
  pgsodium.crypto_secretbox(bytea, bytea, bigint, bytea), pgsodium.crypto_secretbox_open(bytea, bytea, bigint, bytea),
  pgsodium.crypto_secretbox(bytea, bytea, uuid), pgsodium.crypto_secretbox_open(bytea, bytea, uuid),
  pgsodium.crypto_shorthash(bytea, bigint, bytea), pgsodium.crypto_shorthash(bytea, uuid),
  pgsodium.crypto_aead_ietf_encrypt(bytea, bytea, bytea, bigint, bytea), pgsodium.crypto_aead_ietf_decrypt(bytea, bytea, bytea, bigint, bytea),
  pgsodium.crypto_aead_ietf_encrypt(bytea, bytea, bytea, uuid), pgsodium.crypto_aead_ietf_decrypt(bytea, bytea, bytea, uuid),
  pgsodium.crypto_stream_xchacha20(bigint, bytea, bigint, bytea), pgsodium.crypto_stream_xchacha20_xor(bytea, bytea, bigint, bytea),
  pgsodium.crypto_stream_xchacha20_xor_ic(bytea, bytea, bigint, bigint, bytea),
  pgsodium.get_key_by_id(uuid), pgsodium.get_key_by_name(text), pgsodium.get_named_keys(text) TO pgsodium_keyiduser;
REVOKE ALL ON FUNCTION pgsodium.crypto_auth_keygen(), pgsodium.crypto_aead_ietf_keygen(), pgsodium.crypto_shorthash_keygen(),
  pgsodium.crypto_kx_new_keypair(), pgsodium.crypto_kx_new_seed(), pgsodium.crypto_kx_seed_new_keypair(bytea),
  pgsodium.randombytes_buf_deterministic(integer, bytea), pgsodium.crypto_box_seed_new_keypair(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgsodium.crypto_auth_keygen(), pgsodium.crypto_aead_ietf_keygen(), pgsodium.crypto_shorthash_keygen(),
  pgsodium.crypto_kx_new_keypair(), pgsodium.crypto_kx_new_seed(), pgsodium.crypto_kx_seed_new_keypair(bytea),
  pgsodium.randombytes_buf_deterministic(integer, bytea), pgsodium.crypto_box_seed_new_keypair(bytea) TO pgsodium_keymaker;
