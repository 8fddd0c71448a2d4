// Command tinybase is the tinybase CLI: a local Supabase (init, start,
// status, stop, logs), Supabase CLI migrations with validation before
// anything is written (migration new|validate|list|up|repair|squash, db reset|diff), and
// `sql` for scripts. It
// wires flags to the root package tinybase and to migrations; README.md
// documents every command, flag, exit code and JSON shape.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, startupGC()))
}

// run executes the CLI and returns its exit code; errors are one line on
// stderr. ready is called once a long-running command (start) has started
// up (see startupGC).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, ready func()) int {
	root := newRoot(stdin, stdout, stderr, ready)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		// cobra's own errors: unknown command or flag, wrong arguments.
		ee = &exitError{exitUsage, err.Error()}
	}
	switch {
	case ee.msg == "":
	case strings.HasPrefix(ee.msg, "ERROR: "):
		// A PostgreSQL error keeps psql's shape: ERROR: msg (SQLSTATE x) ...
		fmt.Fprintln(stderr, ee.msg)
	default:
		fmt.Fprintln(stderr, "tinybase: "+ee.msg)
	}
	return ee.code
}

func newRoot(stdin io.Reader, stdout, stderr io.Writer, ready func()) *cobra.Command {
	root := &cobra.Command{
		Use:           "tinybase",
		Short:         "An embedded Supabase-compatible Postgres in one binary",
		Version:       tinybase.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &exitError{exitUsage, err.Error()} })
	root.AddCommand(newInitCmd(), newStopCmd(), newLogsCmd())
	root.AddCommand(newStartCmd(ready), newStatusCmd(), newMigrationCmd(), newDBCmd(), newGenCmd(), newSQLCmd())
	root.AddCommand(newMCPCmd(stdin, stdout))
	root.AddCommand(newTestCmd())
	return root
}
