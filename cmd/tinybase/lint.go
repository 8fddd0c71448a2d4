package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/lint"
	"github.com/tinybase/tinybase/typegen"
)

// openProject opens the project (migrations and seed) for a read-only
// command and returns a session on it.
func openProject(c *cobra.Command, dir string, timeout time.Duration) (*tinybase.Project, *engine.Session, error) {
	if err := requireProject(dir); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(c.Context(), timeout)
	defer cancel()
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		return nil, nil, classify(err)
	}
	for _, w := range p.Warnings {
		fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w)
	}
	s, err := p.Session(c.Context(), "", nil)
	if err != nil {
		return nil, nil, err
	}
	return p, s, nil
}

// `db lint` runs the splinter advisors (package lint) on the project's
// database after its migrations and seed; exit 1 when an ERROR finding
// remains at the chosen level.
func newDBLintCmd() *cobra.Command {
	var dir, level string
	var asJSON bool
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "lint",
		Short: "Report Supabase database advisor findings (exit 1 on an ERROR finding)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			min, err := lint.ParseLevel(level)
			if err != nil {
				return fail(exitUsage, "%v", err)
			}
			p, s, err := openProject(c, dir, timeout)
			if err != nil {
				return err
			}
			defer s.Close()
			r, err := lint.Check(c.Context(), s, lint.Options{ExposedSchemas: p.Config.Schemas})
			if err != nil {
				return err
			}
			fs := lint.Filter(r.Findings, min)
			if asJSON {
				err = lint.FormatJSON(c.OutOrStdout(), fs)
			} else {
				err = lint.FormatText(c.OutOrStdout(), fs)
			}
			if err != nil {
				return err
			}
			for _, f := range fs {
				if f.Level == lint.LevelError {
					return &exitError{code: exitFailed}
				}
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the findings as JSON")
	c.Flags().StringVar(&level, "level", "info", "minimum level to report: error, warn or info")
	c.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	return c
}

// `gen types typescript` prints the Database type as the Supabase CLI's
// `gen types typescript --local` does (package typegen).
func newGenCmd() *cobra.Command {
	gen := &cobra.Command{Use: "gen", Short: "Generate code from the database", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return fail(exitUsage, "missing subcommand: types") }}
	types := &cobra.Command{Use: "types", Short: "Generate types", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return fail(exitUsage, "missing language: typescript") }}
	var dir string
	var schemas []string
	var local bool
	var timeout time.Duration
	ts := &cobra.Command{
		Use:   "typescript",
		Short: "Print the TypeScript Database type of the project's schemas",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			_, s, err := openProject(c, dir, timeout)
			if err != nil {
				return err
			}
			defer s.Close()
			out, err := typegen.TypeScript(c.Context(), s, schemas)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(c.OutOrStdout(), out)
			return err
		},
	}
	ts.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	ts.Flags().StringSliceVar(&schemas, "schema", nil, "schemas to include (repeatable or comma-separated; default public)")
	ts.Flags().BoolVar(&local, "local", true, "accepted and ignored, as the Supabase CLI has it (tinybase is always local)")
	ts.Flags().DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long (exit 7)")
	types.AddCommand(ts)
	gen.AddCommand(types)
	return gen
}
