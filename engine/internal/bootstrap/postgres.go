package bootstrap

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine/internal/extensions"
)

// ApplyPostgres runs the bootstrap on a real PostgreSQL connection to the
// database named db (which it alters to Supabase's search_path). CREATE
// ROLE statements for roles the cluster already has, and CREATE EXTENSION
// of an extension the server does not have, are skipped; for the latter,
// a plain-SQL stand-in's objects are created instead (standInScript).
func ApplyPostgres(ctx context.Context, conn *pgconn.PgConn, db string) error {
	if err := ApplyPostgresFiles(ctx, conn, nil); err != nil {
		return err
	}
	q := fmt.Sprintf("ALTER DATABASE %s SET search_path TO %s", pgIdent(db), SearchPath)
	if _, err := conn.Exec(ctx, q).ReadAll(); err != nil {
		return fmt.Errorf("bootstrap: %s: %w", q, err)
	}
	if _, err := conn.Exec(ctx, "SET search_path TO "+SearchPath).ReadAll(); err != nil {
		return fmt.Errorf("bootstrap: set search_path: %w", err)
	}
	return nil
}

// ApplyPostgresFiles runs the statements of the bootstrap files keep
// accepts (all when keep is nil), in order, on a real PostgreSQL
// connection, skipping CREATE ROLE of roles the cluster has; it leaves the
// database's search_path alone.
func ApplyPostgresFiles(ctx context.Context, conn *pgconn.PgConn, keep func(file string) bool) error {
	stmts, err := Statements()
	if err != nil {
		return err
	}
	for _, s := range stmts {
		if keep != nil && !keep(s.File) {
			continue
		}
		if err := ensureSchema(ctx, conn, s); err != nil {
			return fmt.Errorf("bootstrap: %s: %s: %w", s.File, firstLine(s.SQL), err)
		}
		_, err := conn.Exec(ctx, s.SQL).ReadAll()
		if err == nil && s.Extension != "" {
			// the real extension: Supabase's grants after it
			err = afterCreate(ctx, conn, s.Extension)
		}
		var pgErr *pgconn.PgError
		if s.MayExist && errors.As(err, &pgErr) && pgErr.Code == "42710" {
			continue
		}
		if s.MayBeUnavailable && errors.As(err, &pgErr) && pgErr.Code == "0A000" {
			if script, ok := standInScript(s.Extension); ok {
				if _, err := conn.Exec(ctx, script).ReadAll(); err != nil {
					return fmt.Errorf("bootstrap: %s: stand-in for %s: %w", s.File, s.Extension, err)
				}
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("bootstrap: %s: %s: %w", s.File, firstLine(s.SQL), err)
		}
	}
	return nil
}

// ensureSchema creates the schema a CREATE EXTENSION ... WITH SCHEMA
// names, when that is the extension's own fixed schema and the server has
// the extension: PostgreSQL requires a named schema to exist, and on
// Supabase it does (pg_graphql's graphql), while tinybase's stand-in
// creates it. Without the extension the statement fails as unavailable
// and no empty schema is left behind.
func ensureSchema(ctx context.Context, conn *pgconn.PgConn, s Statement) error {
	e, ok := extensions.Lookup(s.Extension)
	if !ok || e.Schema == "" ||
		!strings.Contains(strings.ToUpper(s.SQL), " WITH SCHEMA "+strings.ToUpper(e.Schema)) {
		return nil
	}
	rows, err := conn.Exec(ctx, "SELECT 1 FROM pg_available_extensions WHERE name = "+pgLiteral(s.Extension)).ReadAll()
	if err != nil || len(rows) == 0 || len(rows[0].Rows) == 0 {
		return err
	}
	_, err = conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgIdent(e.Schema)).ReadAll()
	return err
}

// standInScript returns the SQL that creates the objects of tinybase's
// stand-in for extension name, when that stand-in is plain SQL (no Go
// functions or types) with a fixed schema: supabase_vault. A server
// without the extension then still has what a Supabase project starts
// with, so an oracle judges migrations that use vault.* as Supabase does
// (it has no pg_extension row, which no migration needs).
func standInScript(name string) (string, bool) {
	e, ok := extensions.Lookup(name)
	if !ok || e.Schema == "" || e.Script == "" || strings.Contains(e.Script, "MODULE_PATHNAME") ||
		len(e.Funcs) > 0 || len(e.BaseTypes) > 0 || len(e.AccessMethods) > 0 || len(e.OpClasses) > 0 {
		return "", false
	}
	return strings.ReplaceAll(e.Script+"\n"+e.AfterCreate, "@extschema@", e.Schema), true
}

// afterCreate runs what Supabase runs once extension name exists (its
// stand-in's AfterCreate), where the server created the real extension.
func afterCreate(ctx context.Context, conn *pgconn.PgConn, name string) error {
	e, ok := extensions.Lookup(name)
	if !ok || strings.TrimSpace(e.AfterCreate) == "" {
		return nil
	}
	_, err := conn.Exec(ctx, strings.ReplaceAll(e.AfterCreate, "@extschema@", e.Schema)).ReadAll()
	return err
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}

func pgLiteral(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

func pgIdent(s string) string {
	out := []byte{'"'}
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			out = append(out, '"')
		}
		out = append(out, s[i])
	}
	return string(append(out, '"'))
}
