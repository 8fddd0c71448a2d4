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
		{name: "hmac", sql: `select pgsodium.crypto_auth_hmacsha256_verify(pgsodium.crypto_auth_hmacsha256('m', 'k'), 'm', 'k'),
			pgsodium.crypto_auth_hmacsha512_verify(pgsodium.crypto_auth_hmacsha512('m', 'k'), 'm', 'other')`, want: "t|f"},
		{name: "sha256", sql: `select encode(pgsodium.crypto_hash_sha256('abc'), 'hex')`, want: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{name: "secretbox unsupported", sql: `select pgsodium.crypto_secretbox('m', pgsodium.crypto_secretbox_noncegen(), pgsodium.crypto_secretbox_keygen())`, code: "0A000", msg: "pgsodium.crypto_secretbox is not supported by tinybase"},
		{name: "raw key rows unsupported", sql: `select pgsodium.create_key(raw_key := '\x00')`, code: "0A000"},
		{name: "anon cannot decrypt", sql: `set role anon; select pgsodium.crypto_aead_det_decrypt('\x00', 'a', 1::bigint)`, code: "42501"},
	})
}
