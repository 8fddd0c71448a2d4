package main

// `tinybase sql` runs the SQL script on standard input against a fresh
// in-memory engine — with --dir, an in-memory copy of that project's
// database (migrations and seed) — and prints each statement's result as
// psql's unaligned output would.

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
)

func newSQLCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "sql",
		Short: "Run the SQL script on stdin against a fresh in-memory database (--dir: a copy of the project's), printing psql-like unaligned output",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var eng *engine.Engine
			if c.Flags().Changed("dir") {
				if err := requireProject(dir); err != nil {
					return err
				}
				p, err := tinybase.Open(c.Context(), tinybase.Options{Dir: dir})
				if err != nil {
					return classify(err)
				}
				eng = p.Engine
			} else {
				e, err := engine.Open(engine.Options{})
				if err != nil {
					return err
				}
				eng = e
			}
			if err := runSQL(eng, c.InOrStdin(), c.OutOrStdout()); err != nil {
				return &exitError{exitFailed, err.Error()}
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "run on an in-memory copy of this project's database (migrations and seed)")
	return c
}

func runSQL(eng *engine.Engine, in io.Reader, out io.Writer) error {
	script, err := io.ReadAll(in)
	if err != nil {
		return fmt.Errorf("tinybase: reading script: %w", err)
	}
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		return err
	}
	defer s.Close()
	stmts, err := engine.SplitStatements(string(script))
	if err != nil {
		return err
	}
	failed := false
	for _, st := range stmts {
		rows, err := s.Query(context.Background(), st.SQL)
		if err != nil {
			fmt.Fprintln(out, err)
			failed = true
			continue
		}
		if cols := rows.Columns(); len(cols) > 0 {
			names := make([]string, len(cols))
			for i, c := range cols {
				names[i] = c.Name
			}
			fmt.Fprintln(out, strings.Join(names, "|"))
		}
		for rows.Next() {
			vals := rows.Text()
			parts := make([]string, len(vals))
			for i, v := range vals {
				if v != nil {
					parts[i] = *v
				}
			}
			fmt.Fprintln(out, strings.Join(parts, "|"))
		}
		if err := rows.Err(); err != nil {
			fmt.Fprintln(out, err)
			failed = true
			continue
		}
		fmt.Fprintln(out, rows.Tag())
	}
	if failed {
		return fmt.Errorf("some statements failed")
	}
	return nil
}
