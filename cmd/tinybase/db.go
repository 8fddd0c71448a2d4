package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
)

func newDBCmd() *cobra.Command {
	c := &cobra.Command{Use: "db", Short: "Database commands", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return fail(exitUsage, "missing subcommand: reset or lint") }}
	c.AddCommand(newDBResetCmd(), newDBLintCmd())
	return c
}

// `db reset` rebuilds the database from scratch: migrations then seed on a
// fresh engine, written to the project's data directory (which a running
// `tinybase start` holds: stop it first); with --memory it only checks
// that they apply. It reports the first failure.
func newDBResetCmd() *cobra.Command {
	var dir string
	var noSeed, memory bool
	var dataDir string
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "reset",
		Short: "Rebuild the database from supabase/migrations and seed.sql, reporting the first failure",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if _, err := projectMigrations(dir); err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			dd, err := dataDirOf(c, dir, memory, dataDir)
			if err != nil {
				return err
			}
			if dd != "" {
				if err := tinybase.ResetDataDir(dd); err != nil {
					return fail(exitServer, "%v", err)
				}
			}
			p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, NoSeed: noSeed, DataDir: dd})
			if err != nil {
				return classify(err)
			}
			if err := p.Close(); err != nil {
				return fail(exitServer, "%v", err)
			}
			for _, w := range p.Warnings {
				fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w)
			}
			seeded := ""
			if p.Seeded {
				seeded = " and the seed"
			}
			fmt.Fprintf(c.OutOrStdout(), "Applied %d migration(s)%s.\nFinished tinybase db reset.\n", len(p.Migrations), seeded)
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().BoolVar(&noSeed, "no-seed", false, "do not run supabase/seed.sql")
	c.Flags().BoolVar(&memory, "memory", false, "only check that the migrations and seed apply, keeping nothing")
	c.Flags().StringVar(&dataDir, "data-dir", "", "the data directory to rebuild (default: supabase/.tinybase)")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}
