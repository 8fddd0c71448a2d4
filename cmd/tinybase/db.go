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
// fresh engine. tinybase keeps its database in memory, so a reset is a
// replay: this command performs it and reports the first failure; a
// running `tinybase start` is reset by restarting it.
func newDBResetCmd() *cobra.Command {
	var dir string
	var noSeed bool
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
			p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, NoSeed: noSeed})
			if err != nil {
				return classify(err)
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
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}
