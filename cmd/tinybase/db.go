package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/migrations"
)

func newDBCmd() *cobra.Command {
	c := &cobra.Command{Use: "db", Short: "Database commands", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return fail(exitUsage, "missing subcommand: reset, diff, lint, snapshot or restore")
		}}
	c.AddCommand(newDBResetCmd(), newDBDiffCmd(), newDBLintCmd(), newDBSnapshotCmd(), newDBRestoreCmd())
	return c
}

// `db snapshot NAME` keeps a copy of the database to come back to with `db
// restore NAME`: the running instance's when one runs (it goes on
// serving), else the stopped data directory's; --list and --delete
// manage them.
func newDBSnapshotCmd() *cobra.Command {
	var dir, dataDir string
	var list bool
	var del string
	c := &cobra.Command{
		Use:   "snapshot [NAME]",
		Short: "Keep a named copy of the database (the running instance's, else the data directory's)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			dd, err := snapshotDataDir(dir, dataDir)
			if err != nil {
				return err
			}
			switch {
			case list:
				snaps, err := tinybase.Snapshots(dd)
				if err != nil {
					return fail(exitServer, "%v", err)
				}
				for _, s := range snaps {
					fmt.Fprintf(c.OutOrStdout(), "%s\t%s\t%d bytes\n", s.Name, s.Taken.Format(time.RFC3339), s.Bytes)
				}
				return nil
			case del != "":
				if err := tinybase.DeleteSnapshot(dd, del); err != nil {
					return fail(exitServer, "%v", err)
				}
				fmt.Fprintf(c.OutOrStdout(), "Deleted snapshot %s.\n", del)
				return nil
			case len(args) == 0:
				return fail(exitUsage, "missing snapshot name (or --list, --delete NAME)")
			}
			if dataDir == "" {
				in, err := liveInstance(c, dir)
				if err != nil {
					return err
				}
				if in != nil {
					info, err := in.TakeSnapshot(c.Context(), args[0])
					if err != nil {
						return fail(exitServer, "%v", err)
					}
					fmt.Fprintf(c.OutOrStdout(), "Took snapshot %s of the running database (%d bytes).\n", info.Name, info.Bytes)
					return nil
				}
			}
			info, err := tinybase.SnapshotDataDir(dd, args[0])
			if err != nil {
				return fail(exitServer, "%v", err)
			}
			fmt.Fprintf(c.OutOrStdout(), "Took snapshot %s (%d bytes).\n", info.Name, info.Bytes)
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dataDir, "data-dir", "", "the data directory (default: supabase/.tinybase)")
	c.Flags().BoolVar(&list, "list", false, "list the snapshots")
	c.Flags().StringVar(&del, "delete", "", "delete the named snapshot")
	return c
}

// `db restore NAME` puts a snapshot's database back in place of the data
// directory's.
func newDBRestoreCmd() *cobra.Command {
	var dir, dataDir string
	c := &cobra.Command{
		Use:   "restore NAME",
		Short: "Replace the database (the running instance's, else the data directory's) with a snapshot taken by db snapshot",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			dd, err := snapshotDataDir(dir, dataDir)
			if err != nil {
				return err
			}
			if dataDir == "" {
				in, err := liveInstance(c, dir)
				if err != nil {
					return err
				}
				if in != nil {
					if err := in.RestoreSnapshot(c.Context(), args[0]); err != nil {
						return fail(exitServer, "%v", err)
					}
					fmt.Fprintf(c.OutOrStdout(), "Restored snapshot %s into the running database (pid %d).\n", args[0], in.PID)
					return nil
				}
			}
			if err := tinybase.RestoreDataDir(dd, args[0]); err != nil {
				return fail(exitServer, "%v", err)
			}
			fmt.Fprintf(c.OutOrStdout(), "Restored snapshot %s.\n", args[0])
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dataDir, "data-dir", "", "the data directory (default: supabase/.tinybase)")
	return c
}

// snapshotDataDir is the data directory snapshots are taken of: one that
// exists (an in-memory database has none).
func snapshotDataDir(dir, dataDir string) (string, error) {
	if dataDir != "" {
		return dataDir, nil
	}
	if err := requireProject(dir); err != nil {
		return "", err
	}
	return tinybase.DefaultDataDir(dir), nil
}

// `db reset` rebuilds the database from the migrations (up to --version)
// and the seed, as `supabase db reset` does: on the running instance when
// one runs (its connections get 57P01 and reconnect; ports and keys
// stay), else in the project's data directory; with --memory it only
// checks that they apply. It reports the first failure.
func newDBResetCmd() *cobra.Command {
	var dir string
	var noSeed, memory bool
	var dataDir, version string
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "reset",
		Short: "Rebuild the database from supabase/migrations and seed.sql (the running instance's, else the data directory's), reporting the first failure",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if _, err := projectMigrations(dir); err != nil {
				return err
			}
			if c.Flags().Changed("memory") && !memory {
				return fail(exitUsage, "--memory=false is not an option: without --memory db reset rebuilds the running or stored database")
			}
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			opts := tinybase.ResetOptions{NoSeed: noSeed, Version: version}
			if !memory && dataDir == "" {
				in, err := liveInstance(c, dir)
				if err != nil {
					return err
				}
				if in != nil {
					fmt.Fprintf(c.OutOrStdout(), "Resetting the running database (pid %d)...\n", in.PID)
					res, err := in.Reset(ctx, opts)
					if err != nil {
						return fail(exitPriorFailed, "%v", err)
					}
					return resetDone(c, res)
				}
			}
			dd, err := dataDirOf(c, dir, memory, dataDir)
			if err != nil {
				return err
			}
			cfg, err := tinybase.LoadConfig(dir, nil)
			if err != nil {
				return fail(exitUsage, "%v", err)
			}
			printConfigWarnings(c, cfg)
			applying := func(m migrations.File) {
				fmt.Fprintf(c.OutOrStdout(), "Applying migration %s...\n", m.Base())
			}
			if dd == "" {
				// In memory: only check that everything applies.
				p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, NoSeed: noSeed, Config: &cfg, Applying: applying})
				if err != nil {
					return classify(err)
				}
				if version != "" {
					return fail(exitUsage, "--version needs a database to reset: drop --memory")
				}
				names := make([]string, len(p.Migrations))
				for i, f := range p.Migrations {
					names[i] = f.Base()
				}
				return resetDone(c, &tinybase.ResetResult{Migrations: names, Seeded: p.Seeded})
			}
			res, err := tinybase.ResetDatabase(ctx, cfg, dd, opts, applying)
			if err != nil {
				return classify(err)
			}
			return resetDone(c, res)
		},
	}
	dirFlag(c, &dir)
	c.Flags().BoolVar(&noSeed, "no-seed", false, "do not run the seed files")
	c.Flags().StringVar(&version, "version", "", "reset to this migration version: apply the migrations up to and including it")
	c.Flags().BoolVar(&memory, "memory", false, "only check that the migrations and seed apply, keeping nothing")
	c.Flags().StringVar(&dataDir, "data-dir", "", "the data directory to rebuild (default: the running instance, else supabase/.tinybase)")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}

func resetDone(c *cobra.Command, res *tinybase.ResetResult) error {
	seeded := ""
	if res.Seeded {
		seeded = " and the seed"
	}
	fmt.Fprintf(c.OutOrStdout(), "Applied %d migration(s)%s.\nFinished tinybase db reset.\n", len(res.Migrations), seeded)
	return nil
}
