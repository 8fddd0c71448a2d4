package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

// `migration up` applies the local migrations a database has not applied
// yet, as `supabase migration up` does: over the Postgres protocol, to the
// running `tinybase start` (its DB URL from config.toml/env/flags) or to
// any PostgreSQL given by --db-url. Each file and its history row are one
// transaction; applied migrations whose file changed or vanished stop it
// before anything runs (exit 10).
func newMigrationUpCmd() *cobra.Command {
	var dir, dbURL string
	var dbPort int
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "up",
		Short: "Apply pending local migrations to the running database (or --db-url)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			d, err := projectMigrations(dir)
			if err != nil {
				return err
			}
			warnSkipped(c, d)
			if dbURL == "" {
				cfg, err := tinybase.LoadConfig(dir, nil)
				if err != nil {
					return fail(exitUsage, "%v", err)
				}
				if c.Flags().Changed("db-port") {
					cfg.DBPort = dbPort
				}
				dbURL = fmt.Sprintf("postgresql://postgres:postgres@%s:%d/postgres", cfg.Host, cfg.DBPort)
			}
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			conn, err := pgx.Connect(ctx, dbURL)
			if err != nil {
				return fail(exitServer, "cannot connect to %s: %v", redact(dbURL), err)
			}
			defer conn.Close(context.WithoutCancel(ctx))
			applied, err := remoteUp(ctx, conn, d.Files, func(f migrations.File) {
				fmt.Fprintln(c.OutOrStdout(), "Applying migration "+f.Base()+"...")
			})
			if err != nil {
				return classify(err)
			}
			if applied == 0 {
				fmt.Fprintln(c.OutOrStdout(), "Local database is up to date.")
			} else {
				fmt.Fprintf(c.OutOrStdout(), "Applied %d migration(s).\n", applied)
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dbURL, "db-url", "", "database to migrate (default: the local tinybase at [db] port)")
	c.Flags().IntVar(&dbPort, "db-port", 54322, "port of the local tinybase (overrides config.toml and TINYBASE_DB_PORT)")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}

func redact(url string) string {
	if cfg, err := pgconn.ParseConfig(url); err == nil {
		return fmt.Sprintf("postgresql://%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
	}
	return "the database"
}

// remoteUp applies the pending files over conn and returns how many.
func remoteUp(ctx context.Context, conn *pgx.Conn, files []migrations.File, progress func(migrations.File)) (int, error) {
	for _, q := range []string{"CREATE SCHEMA IF NOT EXISTS supabase_migrations",
		"CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY, statements text[], name text)"} {
		if _, err := conn.Exec(ctx, q, pgx.QueryExecModeSimpleProtocol); err != nil {
			return 0, err
		}
	}
	rows, err := conn.Query(ctx, "SELECT version, coalesce(name, ''), coalesce(statements, '{}'::text[]) FROM supabase_migrations.schema_migrations ORDER BY version")
	if err != nil {
		return 0, err
	}
	var applied []migrations.Applied
	for rows.Next() {
		var a migrations.Applied
		if err := rows.Scan(&a.Version, &a.Name, &a.Statements); err != nil {
			return 0, err
		}
		applied = append(applied, a)
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	pending, drift, err := migrations.Pending(applied, files)
	if err != nil {
		return 0, err
	}
	if len(drift) > 0 {
		return 0, &migrations.DriftError{Drifts: drift}
	}
	for i, f := range pending {
		progress(f)
		if err := remoteApply(ctx, conn, f); err != nil {
			return i, err
		}
	}
	return len(pending), nil
}

func remoteApply(ctx context.Context, conn *pgx.Conn, f migrations.File) error {
	stmts, err := engine.SplitStatements(f.SQL)
	if err != nil {
		return &migrations.FileError{File: f, Problem: migrations.Problem{SQLState: "42601", Message: err.Error()}, Err: err}
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	texts := make([]string, len(stmts))
	for i, st := range stmts {
		texts[i] = st.SQL
		if _, err := tx.Exec(ctx, st.SQL, pgx.QueryExecModeSimpleProtocol); err != nil {
			return &migrations.FileError{File: f, Problem: remoteProblem(err, f.SQL, st, i), Err: err}
		}
	}
	if _, err := tx.Exec(ctx, "INSERT INTO supabase_migrations.schema_migrations (version, name, statements) VALUES ($1, $2, $3)", f.Version, f.Name, texts); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func remoteProblem(err error, script string, st engine.Statement, i int) migrations.Problem {
	p := migrations.Problem{Statement: st.SQL, StatementIndex: i + 1, SQLState: "XX000", Message: err.Error()}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		p.SQLState, p.Message, p.Detail, p.Hint = pe.Code, pe.Message, pe.Detail, pe.Hint
		if pe.Position > 0 {
			p.Position = int(pe.Position) + len([]rune(script[:st.Offset]))
		}
	}
	p.Line, p.Column = migrations.LineColumn(script, max(p.Position, len([]rune(script[:st.Offset]))+1))
	return p
}
