package extensions

import _ "embed"

//go:embed pgsodium.sql
var pgsodiumScript string

//go:embed pgsodium_more.sql
var pgsodiumMoreScript string

// pgsodium is pgsodium (michelp/pgsodium), the part Supabase projects
// call: managed keys and deterministic AEAD, random bytes, HMAC, SHA-2,
// and BLAKE2b key derivation and hashing (pgsodium_kdf.go); the other
// libsodium primitives fail with 0A000.
func pgsodium() *Extension {
	return &Extension{
		Name:     "pgsodium",
		Version:  "3.1.8",
		Comment:  "Postgres extension for libsodium functions",
		Schema:   "pgsodium",
		Requires: []string{"pgcrypto"},
		Script:   pgsodiumScript + "\n" + pgsodiumMoreScript,
		Funcs:    pgsodiumFuncs(),
	}
}
