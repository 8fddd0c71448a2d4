package extensions

import _ "embed"

//go:embed supabase_vault.sql
var supabaseVaultScript string

//go:embed supabase_vault_after_create.sql
var supabaseVaultAfterCreate string

// supabaseVault is supabase_vault (supabase/vault): secrets encrypted at
// rest in vault.secrets. It uses pgcrypto's hmac and gen_random_bytes,
// which a Supabase database has in the extensions schema.
func supabaseVault() *Extension {
	return &Extension{
		Name:     "supabase_vault",
		Version:  "0.3.1",
		Comment:  "Supabase Vault Extension",
		Schema:   "vault",
		Requires: []string{"pgcrypto"},
		Script:   supabaseVaultScript,
		// Supabase grants vault to service_role after creating it
		AfterCreate: supabaseVaultAfterCreate,
	}
}
