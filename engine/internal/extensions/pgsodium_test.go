package extensions_test

import "testing"

// TestPgsodium checks keys, deterministic AEAD by key uuid, key id and raw
// key, the helpers, and the 0A000 of what tinybase cannot provide.
func TestPgsodium(t *testing.T) {
	s := installed(t, "pgsodium")
	run(t, s, []sqlCase{
		{name: "create_key", sql: `select name, status, key_type, key_id, key_context from pgsodium.create_key(name := 'k1')`, want: `k1|valid|aead-det|1|\x7067736f6469756d`},
		{name: "create_key field", sql: `select (pgsodium.create_key()).key_id`, want: "2"},
		{name: "valid_key", sql: `select count(*) from pgsodium.valid_key`, want: "2"},
		{name: "key row inserted directly", sql: `insert into pgsodium.key (id, key_type, key_id, key_context)
			values ('dcd0dca7-c03a-40c5-b348-fefb87be2845', 'aead-det', nextval('pgsodium.key_key_id_seq'), decode('7067736f6469756d', 'hex'));
			select convert_from(pgsodium.crypto_aead_det_decrypt(pgsodium.crypto_aead_det_encrypt('x', 'a', 'dcd0dca7-c03a-40c5-b348-fefb87be2845'::uuid, null), 'a', 'dcd0dca7-c03a-40c5-b348-fefb87be2845'::uuid, null), 'utf8')`, want: "x"},
		{name: "by uuid", sql: `with k as (select id from pgsodium.key where name = 'k1')
			select convert_from(pgsodium.crypto_aead_det_decrypt(pgsodium.crypto_aead_det_encrypt('hello', 'aad', k.id), 'aad', k.id), 'utf8') from k`, want: "hello"},
		{name: "deterministic", sql: `with k as (select id from pgsodium.key where name = 'k1')
			select pgsodium.crypto_aead_det_encrypt('hello', 'aad', k.id) = pgsodium.crypto_aead_det_encrypt('hello', 'aad', k.id),
			       pgsodium.crypto_aead_det_encrypt('hello', 'aad', k.id) <> pgsodium.crypto_aead_det_encrypt('hello', 'aad', k.id, '\x01') from k`, want: "t|t"},
		{name: "wrong additional data", sql: `with k as (select id from pgsodium.key where name = 'k1')
			select pgsodium.crypto_aead_det_decrypt(pgsodium.crypto_aead_det_encrypt('hello', 'aad', k.id), 'other', k.id) from k`, code: "22000", msg: "invalid message"},
		{name: "by key id", sql: `select convert_from(pgsodium.crypto_aead_det_decrypt(pgsodium.crypto_aead_det_encrypt('m', 'a', 7::bigint), 'a', 7::bigint), 'utf8')`, want: "m"},
		{name: "by raw key", sql: `with k as (select pgsodium.crypto_aead_det_keygen() k)
			select convert_from(pgsodium.crypto_aead_det_decrypt(pgsodium.crypto_aead_det_encrypt('m', 'a', k, '\x01'), 'a', k, '\x01'), 'utf8') from k`, want: "m"},
		{name: "short raw key", sql: `select pgsodium.crypto_aead_det_encrypt('m', 'a', '\x0102'::bytea)`, code: "22000", msg: "invalid key"},
		{name: "unknown key", sql: `select pgsodium.crypto_aead_det_encrypt('m', 'a', '00000000-0000-0000-0000-000000000000'::uuid)`, code: "22000", msg: "not found"},
		{name: "null message", sql: `select pgsodium.crypto_aead_det_encrypt(null, 'a', 1::bigint) is null`, want: "t"},
		{name: "random", sql: `select length(pgsodium.randombytes_buf(5000)), pgsodium.randombytes_uniform(10) between 0 and 9, pgsodium.randombytes_uniform(1)`, want: "5000|t|0"},
		{name: "negative size", sql: `select pgsodium.randombytes_buf(-1)`, code: "22023"},
		{name: "hmac", sql: `select pgsodium.crypto_auth_hmacsha256_verify(pgsodium.crypto_auth_hmacsha256('m', 'k'::bytea), 'm', 'k'::bytea),
			pgsodium.crypto_auth_hmacsha512_verify(pgsodium.crypto_auth_hmacsha512('m', 'k'::bytea), 'm', 'other'::bytea)`, want: "t|f"},
		{name: "hmac ambiguous", sql: `select pgsodium.crypto_auth_hmacsha256('m', 'k')`, code: "42725"},
		{name: "sha256", sql: `select encode(pgsodium.crypto_hash_sha256('abc'), 'hex')`, want: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{name: "signcrypt unsupported", sql: `select pgsodium.crypto_signcrypt_new_keypair()`, code: "0A000", msg: "pgsodium.crypto_signcrypt_new_keypair is not supported by tinybase"},
		{name: "raw key rows unsupported", sql: `select pgsodium.create_key(raw_key := '\x00')`, code: "0A000"},
		{name: "anon cannot decrypt", sql: `set role anon; select pgsodium.crypto_aead_det_decrypt('\x00', 'a', 1::bigint)`, code: "42501"},
	})
}

// TestPgsodiumKDF: derive_key and crypto_kdf_derive_from_key are
// libsodium's BLAKE2b key derivation (libsodium's own vector below), from
// the database's root key for derive_key, which is also the key the by-id
// functions use; generic hashing is BLAKE2b; both refuse bad sizes,
// contexts and NULLs with pgsodium's errors, and derive_key is the
// keymaker's.
func TestPgsodiumKDF(t *testing.T) {
	s := installed(t, "pgsodium")
	const vectorKey = `'\x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'::bytea`
	run(t, s, []sqlCase{
		{name: "libsodium vector", sql: `select encode(pgsodium.crypto_kdf_derive_from_key(16, 16, 'KDF test', ` + vectorKey + `), 'hex')`, want: "a529216624ef9161e4cf117272aafff2"},
		{name: "libsodium vector 64", sql: `select encode(pgsodium.crypto_kdf_derive_from_key(64, 1, 'KDF test', ` + vectorKey + `), 'hex')`,
			want: "02507f144fa9bf19010bf7c70b235b4c2663cc00e074f929602a5e2c10a780757d2a3993d06debc378a90efdac196dd841817b977d67b786804f6d3cd585bab5"},
		{name: "derive_key defaults", sql: `select length(pgsodium.derive_key(42)), length(pgsodium.derive_key(42, 64, 'foozbarz')),
			pgsodium.derive_key(42) = pgsodium.derive_key(42, 32, 'pgsodium'), pgsodium.derive_key(42) <> pgsodium.derive_key(43)`, want: "32|64|t|t"},
		{name: "derive_key is the kdf of the root key", sql: `select pgsodium.derive_key(7, 48, 'ctx12345') = pgsodium.crypto_kdf_derive_from_key(48, 7, 'ctx12345', (select key from pgsodium._root))`, want: "t"},
		{name: "project call", sql: `create function gen_short_secret(char(8), int8 default 1, integer default 56) returns bytea
			as $$ select pgsodium.derive_key($2, $3, $1::bytea) $$ language sql immutable strict parallel safe;
			select length(gen_short_secret('realm123')), gen_short_secret('realm123') = gen_short_secret('realm123', 1, 56)`, want: "56|t"},
		{name: "by-id keys are derive_key's", sql: `select pgsodium.crypto_aead_det_encrypt('m', 'a', 7::bigint) = pgsodium.crypto_aead_det_encrypt('m', 'a', pgsodium.derive_key(7))`, want: "t"},
		{name: "size", sql: `select pgsodium.derive_key(1, 8)`, code: "22000", msg: "pgsodium_derive_helper: crypto_kdf_derive_from_key: invalid key size requested"},
		{name: "context", sql: `select pgsodium.derive_key(1, 32, 'short')`, code: "22000", msg: "pgsodium_derive_helper: crypto_kdf_derive_from_key: context must be 8 bytes"},
		{name: "null id", sql: `select pgsodium.derive_key(null)`, code: "22000", msg: "pgsodium_derive: key id cannot be NULL"},
		{name: "kdf bad key", sql: `select pgsodium.crypto_kdf_derive_from_key(32, 1, 'KDF test', '\x00'::bytea)`, code: "22000", msg: "pgsodium_crypto_kdf_derive_from_key: invalid derivation key"},
		{name: "kdf null", sql: `select pgsodium.crypto_kdf_derive_from_key(32, 1, null, ` + vectorKey + `)`, code: "22000", msg: "pgsodium_crypto_kdf_derive_from_key: subkey context cannot be NULL"},
		{name: "kdf keygen", sql: `select length(pgsodium.crypto_kdf_keygen()), length(pgsodium.crypto_generichash_keygen())`, want: "32|32"},
		{name: "kdf by uuid", sql: `with k as (select * from pgsodium.create_key(key_type := 'kdf'))
			select pgsodium.crypto_kdf_derive_from_key(24, 99, 'whatever', k.id) = pgsodium.derive_key(k.key_id, 24, k.key_context) from k`, want: "t"},
		{name: "generichash", sql: `select encode(pgsodium.crypto_generichash(''), 'hex')`, want: "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"},
		{name: "generichash keyed", sql: `select pgsodium.crypto_generichash('m', 7::bigint) = pgsodium.crypto_generichash('m', pgsodium.derive_key(7)),
			pgsodium.crypto_generichash('m', null::bigint) = pgsodium.crypto_generichash('m')`, want: "t|t"},
		{name: "generichash short key", sql: `select pgsodium.crypto_generichash('m', '\x01'::bytea)`, code: "22000", msg: "pgsodium_crypto_generichash: invalid key"},
		{name: "generichash null", sql: `select pgsodium.crypto_generichash(null)`, code: "22000", msg: "pgsodium_crypto_generichash: data cannot be NULL"},
		{name: "keymaker only", sql: `set role authenticated; select pgsodium.derive_key(1)`, code: "42501"},
	})
}

// TestPgsodiumPrimitives: the raw-key primitives are libsodium's
// constructions (RFC 8032's first Ed25519 vector, SipHash's), round-trip,
// refuse tampering and bad sizes with pgsodium's errors, and their key-id
// and key-uuid forms use derive_key's keys.
func TestPgsodiumPrimitives(t *testing.T) {
	s := installed(t, "pgsodium")
	const seed = `'\x9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'::bytea`
	run(t, s, []sqlCase{
		{name: "ed25519 public key", sql: `select encode((pgsodium.crypto_sign_seed_new_keypair(` + seed + `)).public, 'hex')`,
			want: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"},
		{name: "ed25519 signature", sql: `select encode(pgsodium.crypto_sign_detached('', (pgsodium.crypto_sign_seed_new_keypair(` + seed + `)).secret), 'hex')`,
			want: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
		{name: "sign open", sql: `with k as (select * from pgsodium.crypto_sign_new_keypair())
			select convert_from(pgsodium.crypto_sign_open(pgsodium.crypto_sign('hi', k.secret), k.public), 'utf8'),
			       pgsodium.crypto_sign_verify_detached(pgsodium.crypto_sign_detached('hi', k.secret), 'ho', k.public) from k`, want: "hi|f"},
		{name: "sign bad key", sql: `select pgsodium.crypto_sign('m', '\x01'::bytea)`, code: "22000", msg: "pgsodium_crypto_sign: invalid secret key"},
		{name: "shorthash vector", sql: `select encode(pgsodium.crypto_shorthash('\x000102030405060708090a0b0c0d0e', '\x000102030405060708090a0b0c0d0e0f'::bytea), 'hex')`, want: "e545be4961ca29a1"},
		{name: "auth is hmac-sha512-256", sql: `with k as (select pgsodium.crypto_auth_keygen() k)
			select pgsodium.crypto_auth('m', k) = substring(extensions.hmac('m'::bytea, k, 'sha512') from 1 for 32),
			       pgsodium.crypto_auth_verify(pgsodium.crypto_auth('m', k), 'm', k), pgsodium.crypto_auth_verify(pgsodium.crypto_auth('m', k), 'n', k) from k`, want: "t|t|f"},
		{name: "auth short key", sql: `select pgsodium.crypto_auth('m', '\x01'::bytea)`, code: "22000", msg: "pgsodium_crypto_auth: invalid key"},
		{name: "secretbox", sql: `with k as (select pgsodium.crypto_secretbox_keygen() k, pgsodium.crypto_secretbox_noncegen() n)
			select convert_from(pgsodium.crypto_secretbox_open(pgsodium.crypto_secretbox('box', n, k), n, k), 'utf8'),
			       length(pgsodium.crypto_secretbox('box', n, k)) from k`, want: "box|19"},
		{name: "secretbox tampered", sql: `with k as (select pgsodium.crypto_secretbox_keygen() k, pgsodium.crypto_secretbox_noncegen() n)
			select pgsodium.crypto_secretbox_open(pgsodium.crypto_secretbox('box', n, k), n, pgsodium.crypto_secretbox_keygen()) from k`,
			code: "22000", msg: "pgsodium_crypto_secretbox_open: invalid message"},
		{name: "secretbox nonce", sql: `select pgsodium.crypto_secretbox('m', '\x01', pgsodium.crypto_secretbox_keygen())`, code: "22000", msg: "pgsodium_crypto_secretbox: invalid nonce"},
		{name: "secretbox by id", sql: `with n as (select pgsodium.crypto_secretbox_noncegen() n)
			select pgsodium.crypto_secretbox('m', n, 3::bigint) = pgsodium.crypto_secretbox('m', n, pgsodium.derive_key(3)),
			       convert_from(pgsodium.crypto_secretbox_open(pgsodium.crypto_secretbox('m', n, 3::bigint), n, 3::bigint), 'utf8') from n`, want: "t|m"},
		{name: "box", sql: `with a as (select * from pgsodium.crypto_box_new_keypair()), b as (select * from pgsodium.crypto_box_new_keypair()),
			n as (select pgsodium.crypto_box_noncegen() n)
			select convert_from(pgsodium.crypto_box_open(pgsodium.crypto_box('hey', n, b.public, a.secret), n, a.public, b.secret), 'utf8') from a, b, n`, want: "hey"},
		{name: "sealed box", sql: `with b as (select * from pgsodium.crypto_box_seed_new_keypair(pgsodium.crypto_box_new_seed()))
			select convert_from(pgsodium.crypto_box_seal_open(pgsodium.crypto_box_seal('sealed', b.public), b.public, b.secret), 'utf8') from b`, want: "sealed"},
		{name: "box seed keypair", sql: `select (pgsodium.crypto_box_seed_new_keypair(` + seed + `)).public = (pgsodium.crypto_box_seed_new_keypair(` + seed + `)).public,
			(pgsodium.crypto_box_seed_new_keypair(` + seed + `)).secret = substring(extensions.digest(` + seed + `, 'sha512') from 1 for 32)`, want: "t|t"},
		{name: "kx", sql: `with c as (select * from pgsodium.crypto_kx_seed_new_keypair('\x0101010101010101010101010101010101010101010101010101010101010101')), s as (select * from pgsodium.crypto_kx_seed_new_keypair(` + seed + `)),
			ck as (select * from c, s, pgsodium.crypto_kx_client_session_keys(c.public, c.secret, s.public)),
			sk as (select * from c, s, pgsodium.crypto_kx_server_session_keys(s.public, s.secret, c.public))
			select ck.rx = sk.tx, ck.tx = sk.rx, length(ck.rx), ck.rx <> ck.tx from ck, sk`, want: "t|t|32|t"},
		{name: "aead ietf", sql: `with k as (select pgsodium.crypto_aead_ietf_keygen() k, pgsodium.crypto_aead_ietf_noncegen() n)
			select convert_from(pgsodium.crypto_aead_ietf_decrypt(pgsodium.crypto_aead_ietf_encrypt('m', 'ad', n, k), 'ad', n, k), 'utf8'), length(n) from k`, want: "m|12"},
		{name: "aead ietf wrong ad", sql: `with k as (select pgsodium.crypto_aead_ietf_keygen() k, pgsodium.crypto_aead_ietf_noncegen() n)
			select pgsodium.crypto_aead_ietf_decrypt(pgsodium.crypto_aead_ietf_encrypt('m', 'ad', n, k), 'other', n, k) from k`,
			code: "22000", msg: "pgsodium_crypto_aead_ietf_decrypt: invalid ciphertext"},
		{name: "stream", sql: `with k as (select pgsodium.crypto_stream_xchacha20_keygen() k, pgsodium.crypto_stream_xchacha20_noncegen() n)
			select length(pgsodium.crypto_stream_xchacha20(10, n, k)),
			       convert_from(pgsodium.crypto_stream_xchacha20_xor(pgsodium.crypto_stream_xchacha20_xor('plain', n, k), n, k), 'utf8'),
			       pgsodium.crypto_stream_xchacha20_xor('\x0000', n, k) = pgsodium.crypto_stream_xchacha20(2, n, k),
			       pgsodium.crypto_stream_xchacha20_xor_ic('\x00', n, 1, k) = substring(pgsodium.crypto_stream_xchacha20(65, n, k) from 65) from k`, want: "10|plain|t|t"},
		{name: "stream by id typo context", sql: `with n as (select pgsodium.crypto_stream_xchacha20_noncegen() n)
			select pgsodium.crypto_stream_xchacha20_xor('m', n, 1::bigint) = pgsodium.crypto_stream_xchacha20_xor('m', n, pgsodium.derive_key(1, 32, 'pgosdium')) from n`, want: "t"},
		{name: "kx keypair", sql: `select length((pgsodium.crypto_kx_new_keypair()).public)`, want: "32"},
		{name: "deterministic random", sql: `select pgsodium.randombytes_buf_deterministic(40, ` + seed + `) = pgsodium.randombytes_buf_deterministic(40, ` + seed + `),
			length(pgsodium.randombytes_buf_deterministic(40, ` + seed + `))`, want: "t|40"},
		{name: "base64", sql: `select pgsodium.sodium_bin2base64('\xfbff'), encode(pgsodium.sodium_base642bin('-_8'), 'hex')`, want: "-_8|fbff"},
		{name: "base64 bad", sql: `select pgsodium.sodium_base642bin('***')`, code: "22000", msg: "pgsodium_sodium_base642bin: sodium_base642bin() failed"},
		{name: "cmp", sql: `select pgsodium.crypto_cmp('a', 'a'), pgsodium.crypto_cmp('a', 'b')`, want: "t|f"},
		{name: "pwhash", sql: `with h as (select pgsodium.crypto_pwhash_str('secret') h)
			select pgsodium.crypto_pwhash_str_verify(h, 'secret'), pgsodium.crypto_pwhash_str_verify(h, 'wrong'), convert_from(h, 'utf8') like '$argon2id$v=19$m=65536,t=2,p=1$%' from h`, want: "t|f|t"},
		{name: "pwhash salt", sql: `select length(pgsodium.crypto_pwhash('pw', pgsodium.crypto_pwhash_saltgen())), pgsodium.crypto_pwhash('pw', '\x01'::bytea) is null`,
			code: "22000", msg: "pgsodium_crypto_pwhash: invalid salt"},
		{name: "keys by uuid", sql: `with k as (select * from pgsodium.create_key(key_type := 'auth', name := 'a1'))
			select pgsodium.crypto_auth('m', k.id) = pgsodium.crypto_auth('m', pgsodium.derive_key(k.key_id, 32, k.key_context)),
			       (pgsodium.get_key_by_name('a1')).key_type, (select count(*) from pgsodium.get_named_keys('a%')) from k`, want: "t|auth|1"},
		{name: "wrong kind of key", sql: `select pgsodium.crypto_secretbox('m', pgsodium.crypto_secretbox_noncegen(), (select id from pgsodium.key where name = 'a1'))`, code: "P0002"},
		{name: "helpers", sql: `select pgsodium.version(), pgsodium.quote_assoc('a, B', true), pgsodium.has_mask('anon', 'x')`, want: `3.1.8|new.a::text || new."B"::text|f`},
		{name: "by id is the keyiduser's", sql: `set role authenticated; select pgsodium.crypto_auth('m', 1::bigint)`, code: "42501"},
	})
}

// TestFixedSchemaNamed checks CREATE EXTENSION ... WITH SCHEMA naming the
// control file's own schema: it must exist first (3F000), as a dump's
// `CREATE EXTENSION "pgsodium" WITH SCHEMA "pgsodium"` fails where
// Supabase no longer pre-creates that schema; without WITH SCHEMA the
// schema is created.
func TestFixedSchemaNamed(t *testing.T) {
	s := installed(t, "pgcrypto")
	run(t, s, []sqlCase{
		{name: "named schema missing", sql: `create extension if not exists pgsodium with schema pgsodium`, code: "3F000", msg: `schema "pgsodium" does not exist`},
		{name: "named schema created first", sql: `create schema pgsodium; create extension pgsodium with schema pgsodium;
			select extnamespace::regnamespace from pg_extension where extname = 'pgsodium'`, want: "pgsodium"},
		{name: "another schema", sql: `create schema other; create extension pg_cron with schema other`, code: "0A000", msg: `must be installed in schema "pg_catalog"`},
	})
}
