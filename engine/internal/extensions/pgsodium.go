package extensions

import _ "embed"

//go:embed pgsodium.sql
var pgsodiumScript string

// pgsodium is pgsodium (michelp/pgsodium), the part Supabase projects
// call: managed keys and deterministic AEAD, random bytes, HMAC and
// SHA-2; the libsodium-only primitives fail with 0A000.
func pgsodium() *Extension {
	return &Extension{
		Name:     "pgsodium",
		Version:  "3.1.8",
		Comment:  "Postgres extension for libsodium functions",
		Schema:   "pgsodium",
		Requires: []string{"pgcrypto"},
		Script:   pgsodiumScript,
	}
}
