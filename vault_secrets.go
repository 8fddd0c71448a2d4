package tinybase

import (
	"context"
	"fmt"
	"net"
	"slices"
	"strconv"

	"github.com/tinybase/tinybase/engine"
)

// Secrets an edge-function database webhook reads from the vault
// (supabase_functions.http_request, engine/internal/bootstrap): where the
// functions are served and the key they are called with.
const (
	secretFunctionsURL   = "supabase_functions_url"
	secretServiceRoleKey = "supabase_service_role_key"
)

// vaultSecrets are the secrets a new database gets before its first
// migration, as `supabase start` puts them: [db.vault], plus the two an
// edge-function webhook needs unless [db.vault] names them.
func (c Config) vaultSecrets() (map[string]string, error) {
	out := make(map[string]string, len(c.Vault)+2)
	for k, v := range c.Vault {
		out[k] = v
	}
	if _, ok := out[secretFunctionsURL]; !ok {
		out[secretFunctionsURL] = "http://" + net.JoinHostPort(c.Host, strconv.Itoa(c.APIPort)) + "/functions/v1"
	}
	if _, ok := out[secretServiceRoleKey]; !ok {
		keys, err := MintKeys(c.JWTSecret)
		if err != nil {
			return nil, err
		}
		out[secretServiceRoleKey] = keys.ServiceRole
	}
	return out, nil
}

// putVaultSecrets creates each secret in the vault of a new database, in
// name order.
func putVaultSecrets(ctx context.Context, s *engine.Session, secrets map[string]string) error {
	names := make([]string, 0, len(secrets))
	for n := range secrets {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		rows, err := s.Query(ctx, "SELECT vault.create_secret($1, $2)", secrets[n], n)
		if err == nil {
			_, err = rows.TextRows()
		}
		if err != nil {
			return fmt.Errorf("vault secret %s: %w", n, err)
		}
	}
	return nil
}
