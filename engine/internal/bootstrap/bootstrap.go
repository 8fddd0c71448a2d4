// Package bootstrap holds the SQL that gives a fresh database what a new
// Supabase project has before its first migration: the roles, the schemas
// (auth, extensions, storage, graphql_public, supabase_migrations), GoTrue's
// auth tables and its auth.uid() / auth.role() / auth.email() / auth.jwt()
// helpers, the storage tables, the default extensions and Supabase's grants
// and default privileges.
//
// The same files run on a real PostgreSQL 15, where the conformance
// recorder builds the same starting point, and build every new tinybase
// engine (engine.Open): through an Image of the state they produce,
// generated from them with `go generate ./engine/internal/session`. They are written from supabase/postgres's init scripts,
// supabase/auth's migrations and supabase/storage's tenant migrations; see
// each file's header for what is left out.
package bootstrap

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

//go:embed *.sql
var files embed.FS

// File is one bootstrap script.
type File struct {
	Name string // e.g. "00_roles.sql"
	SQL  string
}

// Files returns the bootstrap scripts in the order they apply.
func Files() []File {
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		panic(err) // the pattern is constant
	}
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		b, err := files.ReadFile(n)
		if err != nil {
			panic(err) // embedded
		}
		out = append(out, File{Name: n, SQL: string(b)})
	}
	return out
}

// Statement is one statement of a bootstrap file.
type Statement struct {
	File string
	SQL  string
	// MayExist is true for CREATE ROLE: roles are cluster-wide, so on a
	// PostgreSQL cluster that already has them the statement fails with
	// 42710 (duplicate_object), which appliers ignore.
	MayExist bool
	// MayBeUnavailable is true for CREATE EXTENSION: a PostgreSQL server
	// without the extension (PostgreSQL 15 has no pg_graphql) fails with
	// 0A000, which appliers to a real server skip.
	MayBeUnavailable bool
	// Extension is the extension a CREATE EXTENSION statement creates.
	Extension string
}

// Statements returns every bootstrap statement in order.
func Statements() ([]Statement, error) {
	var out []Statement
	for _, f := range Files() {
		parts, err := pg.SplitWithScanner(f.SQL, true)
		if err != nil {
			return nil, fmt.Errorf("bootstrap: split %s: %w", f.Name, err)
		}
		for _, p := range parts {
			p = strings.TrimSpace(stripComments(p))
			if p == "" {
				continue
			}
			st := Statement{
				File:             f.Name,
				SQL:              p,
				MayExist:         strings.HasPrefix(strings.ToUpper(p), "CREATE ROLE "),
				MayBeUnavailable: strings.HasPrefix(strings.ToUpper(p), "CREATE EXTENSION "),
			}
			if st.MayBeUnavailable {
				if st.Extension, err = extensionName(p); err != nil {
					return nil, fmt.Errorf("bootstrap: %s: %w", f.Name, err)
				}
			}
			out = append(out, st)
		}
	}
	return out, nil
}

// extensionName returns the extension a CREATE EXTENSION statement names.
func extensionName(sql string) (string, error) {
	tree, err := pgtree.Parse(sql)
	if err != nil {
		return "", err
	}
	if len(tree.Stmts) == 1 {
		if ce := tree.Stmts[0].Stmt.GetCreateExtensionStmt(); ce != nil {
			return ce.Extname, nil
		}
	}
	return "", fmt.Errorf("not one CREATE EXTENSION: %q", sql)
}

// SearchPath is the search_path Supabase gives its roles
// (ALTER ROLE ... SET search_path in supabase/postgres's post-setup script).
const SearchPath = `"$user", public, extensions`

// stripComments drops whole-line "--" comments that lead a statement.
func stripComments(s string) string {
	lines := strings.Split(s, "\n")
	i := 0
	for i < len(lines) && (strings.HasPrefix(strings.TrimSpace(lines[i]), "--") || strings.TrimSpace(lines[i]) == "") {
		i++
	}
	return strings.Join(lines[i:], "\n")
}
