package extensions_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestVault checks secrets are stored encrypted, read back through
// decrypted_secrets, updated, refused when tampered with, and that the
// grants keep anon and authenticated out.
func TestVault(t *testing.T) {
	s := installed(t, "supabase_vault")
	run(t, s, []sqlCase{
		{name: "create", sql: `select vault.create_secret('s3cr3t-ü', 'api_key', 'the key') is not null`, want: "t"},
		{name: "stored encrypted", sql: `select secret <> 's3cr3t-ü', strpos(encode(decode(secret, 'base64'), 'hex'), encode('s3cr3t', 'hex')) = 0, length(decode(secret, 'base64')) from vault.secrets`, want: "t|t|25"},
		{name: "decrypted", sql: `select name, description, decrypted_secret from vault.decrypted_secrets`, want: "api_key|the key|s3cr3t-ü"},
		{name: "defaults", sql: `select vault.create_secret('x', 'dflt'); select description, key_id from vault.decrypted_secrets where name = 'dflt'`, want: "|<null>"},
		{name: "update", sql: `select vault.update_secret((select id from vault.secrets where name = 'api_key'), 'new', new_description := 'd');
			select decrypted_secret, description from vault.decrypted_secrets where name = 'api_key'`, want: "new|d"},
		{name: "long secret", sql: `select vault.create_secret(repeat('abc', 500), 'long'); select decrypted_secret = repeat('abc', 500) from vault.decrypted_secrets where name = 'long'`, want: "t"},
		{name: "empty secret", sql: `select vault.create_secret('', 'empty'); select decrypted_secret from vault.decrypted_secrets where name = 'empty'`, want: ""},
		{name: "same plaintext, different ciphertexts", sql: `select vault.create_secret('same', 'n1'), vault.create_secret('same', 'n2');
			select count(distinct secret) from vault.secrets where name in ('n1', 'n2')`, want: "2"},
		{name: "duplicate name", sql: `select vault.create_secret('y', 'api_key')`, code: "23505"},
		{name: "null secret", sql: `select vault.create_secret(null)`, code: "23502"},
		{name: "moved to another id", sql: `select vault._crypto_aead_det_decrypt(vault._crypto_aead_det_encrypt('m', 'id-1', 0), 'id-2', 0)`, code: "22000"},
		{name: "round trip", sql: `select convert_from(vault._crypto_aead_det_decrypt(vault._crypto_aead_det_encrypt('m', 'a', 0, 'c', '\x01'), 'a', 0, 'c', '\x01'), 'utf8')`, want: "m"},
		{name: "service_role reads", sql: `set role service_role; select decrypted_secret = 'x' from vault.decrypted_secrets where name = 'dflt'`, want: "t"},
		{name: "service_role creates", sql: `select vault.create_secret('svc') is not null; reset role`, want: "t"},
		{name: "root key hidden", sql: `set role service_role; select vault._root_key()`, code: "42501"},
		{name: "anon refused", sql: `reset role; set role anon; select * from vault.decrypted_secrets`, code: "42501"},
		{name: "authenticated refused", sql: `reset role; set role authenticated; select vault.create_secret('x')`, code: "42501"},
		{name: "tampered", sql: `reset role; update vault.secrets set secret = encode(decode(secret, 'base64') || '\x00'::bytea, 'base64') where name = 'api_key';
			select decrypted_secret from vault.decrypted_secrets where name = 'api_key'`, code: "22000", msg: "invalid message"},
	})
}

// TestVaultByDefault checks a new project has supabase_vault (and the
// other extensions Supabase installs) without CREATE EXTENSION, and that each
// project gets its own root key although every project is a copy of the
// same bootstrapped database.
func TestVaultByDefault(t *testing.T) {
	var keys []string
	for i := 0; i < 2; i++ {
		s := enginetest.Session(t, enginetest.New(t))
		// A fresh local Supabase project's extensions (`supabase start`
		// adds pg_net for database webhooks).
		res := enginetest.Exec(t, s, `select string_agg(extname || ' ' || extversion || ' ' || extnamespace::regnamespace::text, ', ' order by extname) from pg_extension`)
		if got, want := enginetest.LastRows(res), "pg_graphql 1.5.11 graphql, pg_net 0.14.0 extensions, pg_stat_statements 1.10 extensions, pgcrypto 1.3 extensions, plpgsql 1.0 pg_catalog, supabase_vault 0.3.1 vault, uuid-ossp 1.1 extensions"; got != want {
			t.Fatalf("pg_extension:\n got %s\nwant %s", got, want)
		}
		res = enginetest.Exec(t, s, `select count(*) from vault._root`)
		if got := enginetest.LastRows(res); got != "0" {
			t.Fatalf("a new project has a root key before its first secret: %q rows", got)
		}
		res = enginetest.Exec(t, s, `select vault.create_secret('v', 'k') is not null;
			select decrypted_secret from vault.decrypted_secrets where name = 'k'`)
		if got := enginetest.LastRows(res); got != "v" {
			t.Fatalf("decrypted_secret: got %q", got)
		}
		keys = append(keys, enginetest.LastRows(enginetest.Exec(t, s, `select encode(key, 'hex') from vault._root`)))
	}
	if keys[0] == "" || keys[0] == keys[1] {
		t.Fatalf("root keys %q: want one per project", keys)
	}
}

// TestVaultKeyDurable checks the root key made at a project's first
// secret is kept in its data directory: after a restart, secrets written
// before and after a checkpoint still decrypt.
func TestVaultKeyDurable(t *testing.T) {
	s := enginetest.Reopened(t, `select vault.create_secret('one', 'k1')`, `select vault.create_secret('two', 'k2')`)
	res := enginetest.Exec(t, s, `select string_agg(decrypted_secret, ',' order by name) from vault.decrypted_secrets`)
	if got := enginetest.LastRows(res); got != "one,two" {
		t.Fatalf("after reopening: got %q", got)
	}
}
