package tinybase

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/migrations"
)

// envRef is a config value read from the environment: env(NAME).
var envRef = regexp.MustCompile(`^env\((\w+)\)$`)

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

// putVaultSecrets creates each secret in the vault, or updates the one of
// that name, in name order.
func putVaultSecrets(ctx context.Context, db migrations.DB, secrets map[string]string) error {
	names := make([]string, 0, len(secrets))
	for n := range secrets {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		rows, err := db.QueryText(ctx, "SELECT id FROM vault.secrets WHERE name = "+sqlLiteral(n))
		if err != nil {
			return fmt.Errorf("vault secret %s: %w", n, err)
		}
		stmt := "SELECT vault.create_secret(" + sqlLiteral(secrets[n]) + ", " + sqlLiteral(n) + ")"
		if len(rows) > 0 && rows[0][0] != nil {
			stmt = "SELECT vault.update_secret(" + sqlLiteral(*rows[0][0]) + ", " + sqlLiteral(secrets[n]) + ")"
		}
		if err := db.Run(ctx, stmt); err != nil {
			return fmt.Errorf("vault secret %s: %w", n, err)
		}
	}
	return nil
}

func sqlLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
