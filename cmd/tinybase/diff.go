package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/schemadiff"
)

// `db diff` prints the schema difference between the running database (or
// --db-url) and a shadow database built from the local migration files,
// as a migration, like `supabase db diff`; -f writes it as a new
// migration file instead.
func newDBDiffCmd() *cobra.Command {
	var dir, dbURL, file string
	var schemas []string
	var dbPort int
	var local bool
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "diff [-f name] [--schema s,...]",
		Short: "Print the schema changes of the running database (or --db-url) that the migration files lack, as a migration",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if file != "" {
				if err := migrations.ValidName(file); err != nil {
					return fail(exitUsage, "%v", err)
				}
			}
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
			stmts, err := migrations.DiffFromFiles(ctx, migrations.OnPostgres(conn), d.Files, tinybase.NewEngine, schemadiff.Filter{Schemas: schemas})
			if err != nil {
				return classify(err)
			}
			if len(stmts) == 0 {
				fmt.Fprintln(c.ErrOrStderr(), "No schema changes found")
				return nil
			}
			sql := schemadiff.Format(stmts)
			if file == "" {
				fmt.Fprint(c.OutOrStdout(), sql)
				return nil
			}
			mdir := migrations.MigrationsDir(dir)
			if err := os.MkdirAll(mdir, 0o755); err != nil {
				return fail(exitUnreadable, "cannot create %s: %v", mdir, err)
			}
			path := filepath.Join(mdir, migrations.NextVersion(time.Now(), d.Files)+"_"+file+".sql")
			if err := migrations.WriteAtomic(path, []byte(sql)); err != nil {
				return fail(exitUnreadable, "cannot write %s: %v", path, err)
			}
			fmt.Fprintln(c.OutOrStdout(), "Created new migration at "+path)
			return nil
		},
	}
	c.Flags().StringVarP(&file, "file", "f", "", "write the diff as supabase/migrations/<timestamp>_<name>.sql instead of printing it")
	c.Flags().StringSliceVarP(&schemas, "schema", "s", nil, "diff only these schemas (comma separated; default: all but Supabase's own)")
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dbURL, "db-url", "", "database to diff (default: the project's running tinybase)")
	c.Flags().IntVar(&dbPort, "db-port", 54322, "diff the local database on this port instead of the running instance's")
	c.Flags().BoolVar(&local, "local", true, "diff the local database (the default; accepted as the Supabase CLI has it)")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}

// `migration squash` replaces the local migrations up to --version (all by
// default) with one file, named as the last of them, holding the schema
// they build, as `supabase migration squash` does. The history of the
// database it is pointed at (--db-url, --db-port, else the project's
// running tinybase when there is one) is baselined to match.
func newMigrationSquashCmd() *cobra.Command {
	var dir, dbURL, version string
	var dbPort int
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "squash [--version v]",
		Short: "Squash local migrations (up to --version) into one file holding the schema they build",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			d, err := projectMigrations(dir)
			if err != nil {
				return err
			}
			warnSkipped(c, d)
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			plan, err := migrations.PlanSquash(ctx, d.Files, version, tinybase.NewEngine)
			if err != nil {
				if se, ok := err.(*migrations.SquashError); ok {
					return fail(exitUsage, "%s", se.Msg)
				}
				return classify(err)
			}
			out := c.OutOrStdout()
			if len(plan.Removed) == 0 {
				fmt.Fprintln(out, plan.File.Path+" is already the earliest migration.")
				return nil
			}
			// The history is checked before any file changes, so a database
			// that cannot be reached leaves the files as they were.
			var target migrations.DB
			if dbURL != "" || c.Flags().Changed("db-port") {
				conn, err := connectTarget(ctx, c, dir, dbURL, dbPort)
				if err != nil {
					return err
				}
				defer conn.Close(context.WithoutCancel(ctx))
				target = migrations.OnPostgres(conn)
			} else if in, err := findInstance(c, dir); err != nil {
				return err
			} else if in != nil {
				conn, err := connectTarget(ctx, c, dir, in.DBURL, 0)
				if err != nil {
					return err
				}
				defer conn.Close(context.WithoutCancel(ctx))
				target = migrations.OnPostgres(conn)
			}
			if err := migrations.ReplaceAtomic(plan.File.Path, []byte(plan.File.SQL)); err != nil {
				return fail(exitUnreadable, "cannot write %s: %v", plan.File.Path, err)
			}
			for _, f := range plan.Removed {
				if err := os.Remove(f.Path); err != nil {
					return fail(exitUnreadable, "cannot remove %s: %v", f.Path, err)
				}
			}
			fmt.Fprintf(out, "Squashed %d local migrations to %s\n", len(plan.Removed)+1, plan.File.Path)
			if target == nil {
				fmt.Fprintln(out, "No running tinybase: no migration history to update.")
				return nil
			}
			if err := migrations.Baseline(ctx, target, plan.File); err != nil {
				return classify(err)
			}
			fmt.Fprintln(out, "Baselining migration history to "+plan.File.Version)
			return nil
		},
	}
	c.Flags().StringVar(&version, "version", "", "squash the migrations up to and including this version (default: all)")
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dbURL, "db-url", "", "database whose history to baseline (default: the project's running tinybase, if any)")
	c.Flags().IntVar(&dbPort, "db-port", 54322, "baseline the history of the local database on this port")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}

// confirm asks a yes/no question on stderr and reads the answer from
// stdin, as the Supabase CLI's prompts do; --yes answers it.
func confirm(c *cobra.Command, question string, yes bool) bool {
	if yes {
		return true
	}
	fmt.Fprint(c.ErrOrStderr(), question+" [y/N] ")
	var answer string
	fmt.Fscanln(c.InOrStdin(), &answer)
	fmt.Fprintln(c.ErrOrStderr())
	a := strings.ToLower(strings.TrimSpace(answer))
	return a == "y" || a == "yes"
}
