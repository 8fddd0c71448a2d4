package main

// `tinybase test db` runs the project's pgTAP tests as `supabase test db`
// does (pg_prove over supabase/tests), each file on its own snapshot of the
// database after migrations and seed.

import (
	"encoding/json"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/testdb"
)

func newTestCmd() *cobra.Command {
	c := &cobra.Command{Use: "test", Short: "Run tests", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return fail(exitUsage, "missing subcommand: db")
		}}
	c.AddCommand(newTestDBCmd())
	return c
}

func newTestDBCmd() *cobra.Command {
	var dir string
	var asJSON bool
	var jobs int
	var timeout, fileTimeout time.Duration
	c := &cobra.Command{
		Use:   "db [files...]",
		Short: "Run the pgTAP tests in supabase/tests (or the files given) as pg_prove does; exit 1 when one fails",
		RunE: func(c *cobra.Command, args []string) error {
			if dir == "" {
				dir = "."
			}
			if _, err := os.Stat(tinybase.TestsDir(dir)); err != nil && len(args) == 0 {
				return fail(exitUsage, "no tests: %s does not exist", tinybase.TestsDir(dir))
			}
			p, _, err := openProject(c, dir, timeout)
			if err != nil {
				return err
			}
			res, err := p.TestDB(c.Context(), args, testdb.Options{Jobs: jobs, Timeout: fileTimeout})
			if err != nil {
				return fail(exitFailed, "%v", err)
			}
			if asJSON {
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				if err := enc.Encode(res); err != nil {
					return err
				}
			} else {
				testdb.Report(c.OutOrStdout(), c.ErrOrStderr(), res)
			}
			if !res.Passed {
				return &exitError{exitFailed, ""}
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "project directory (default: current directory)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the results as JSON")
	c.Flags().IntVar(&jobs, "jobs", 0, "files run at once (default: number of CPUs)")
	c.Flags().DurationVar(&timeout, "timeout", 2*time.Minute, "time limit for applying migrations and seed")
	c.Flags().DurationVar(&fileTimeout, "file-timeout", testdb.DefaultTimeout, "time limit for each test file")
	return c
}
