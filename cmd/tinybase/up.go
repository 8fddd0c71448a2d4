package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/migrations"
)

// `migration up` applies the local migrations a database has not applied
// yet, as `supabase migration up` does: over the Postgres protocol, to the
// project's running `tinybase start` (found through its instance record),
// to a local port given by --db-port, or to any PostgreSQL given by
// --db-url. Each file and its history row are one
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
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			conn, err := connectTarget(ctx, c, dir, dbURL, dbPort)
			if err != nil {
				return err
			}
			defer conn.Close(context.WithoutCancel(ctx))
			applied, err := migrations.Up(ctx, migrations.OnPostgres(conn), d.Files, func(f migrations.File) {
				fmt.Fprintln(c.OutOrStdout(), "Applying migration "+f.Base()+"...")
			})
			if err != nil {
				return classify(err)
			}
			if len(applied) == 0 {
				fmt.Fprintln(c.OutOrStdout(), "Local database is up to date.")
			} else {
				fmt.Fprintf(c.OutOrStdout(), "Applied %d migration(s).\n", len(applied))
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dbURL, "db-url", "", "database to migrate (default: the project's running tinybase)")
	c.Flags().IntVar(&dbPort, "db-port", 54322, "migrate the local database on this port instead of the running instance's")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}

// connectTarget connects to the database a history command works on: dbURL
// when given, the local port dbPort when --db-port was passed, else the
// project's running `tinybase start` (exit 11 when none runs).
func connectTarget(ctx context.Context, c *cobra.Command, dir, dbURL string, dbPort int) (*pgx.Conn, error) {
	switch {
	case dbURL != "":
	case c.Flags().Changed("db-port"):
		cfg, err := tinybase.LoadConfig(dir, nil)
		if err != nil {
			return nil, fail(exitUsage, "%v", err)
		}
		dbURL = fmt.Sprintf("postgresql://postgres:postgres@%s:%d/postgres", cfg.Host, dbPort)
	default:
		in, err := findInstance(c, dir)
		if err != nil {
			return nil, err
		}
		if in == nil {
			return nil, fail(exitServer, "tinybase is not running in %s: start it with `tinybase start`, or pass --db-url", dir)
		}
		dbURL = in.DBURL
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return nil, fail(exitServer, "cannot connect to %s: %v", redact(dbURL), err)
	}
	return conn, nil
}

func redact(url string) string {
	if cfg, err := pgconn.ParseConfig(url); err == nil {
		return fmt.Sprintf("postgresql://%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
	}
	return "the database"
}
