package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase/migrations"
)

// `migration repair` marks versions applied or reverted in the target
// database's history table without running them, as `supabase migration
// repair` does; it finds the database as `migration up` does. With no
// version it rewrites the whole history from the local files, after a
// confirmation (--yes) as the CLI asks for one.
func newMigrationRepairCmd() *cobra.Command {
	var dir, dbURL, status string
	var dbPort int
	var yes bool
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "repair [version]... --status applied|reverted",
		Short: "Mark migrations applied or reverted in the database's history table without running them (no version: the whole history)",
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, versions []string) error {
			if status != migrations.RepairApplied && status != migrations.RepairReverted {
				return fail(exitUsage, "--status must be applied or reverted, not %q", status)
			}
			d, err := projectMigrations(dir)
			if err != nil {
				return err
			}
			warnSkipped(c, d)
			all := len(versions) == 0
			var repair *migrations.Repair
			if all {
				if !confirm(c, "Do you want to repair the entire migration history table to match local migration files?", yes) {
					return fail(exitFailed, "repair canceled: the history is unchanged")
				}
				repair, err = migrations.NewRepairAll(d.Files, status)
			} else {
				repair, err = migrations.NewRepair(d.Files, versions, status)
			}
			if err != nil {
				var re *migrations.RepairError
				if errors.As(err, &re) {
					return fail(exitUsage, "%s", re.Msg)
				}
				return classify(err)
			}
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			conn, err := connectTarget(ctx, c, dir, dbURL, dbPort)
			if err != nil {
				return err
			}
			defer conn.Close(context.WithoutCancel(ctx))
			if err := repair.Run(ctx, migrations.OnPostgres(conn)); err != nil {
				return classify(err)
			}
			if all {
				fmt.Fprintf(c.OutOrStdout(), "Repaired migration history: %d local migration(s) => %s\n", len(d.Files), status)
				return nil
			}
			// %v of the versions prints them as the Supabase CLI does: [v1 v2].
			fmt.Fprintf(c.OutOrStdout(), "Repaired migration history: %v => %s\n", versions, status)
			return nil
		},
	}
	c.Flags().StringVar(&status, "status", "", "applied (insert the history rows) or reverted (delete them)")
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dbURL, "db-url", "", "database to repair (default: the project's running tinybase)")
	c.Flags().IntVar(&dbPort, "db-port", 54322, "repair the local database on this port instead of the running instance's")
	c.Flags().DurationVar(&timeout, "timeout", time.Minute, "give up after this long (exit 7)")
	c.Flags().BoolVar(&yes, "yes", false, "answer yes to the confirmation of a whole-history repair")
	_ = c.MarkFlagRequired("status")
	return c
}
