package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
)

// requireProject fails (exit 2) when dir has no supabase/ folder: every
// command but init works on a project, and a mistyped --dir must not
// quietly act on an empty one.
func requireProject(dir string) error {
	st, err := os.Stat(filepath.Join(dir, "supabase"))
	if err != nil || !st.IsDir() {
		return fail(exitUsage, "no supabase/ folder in %s: run `tinybase init` there, or pass --dir with the project directory", dir)
	}
	return nil
}

// findInstance returns the project's running tinybase (nil when none),
// noting on stderr the records a crashed one left (and removing them).
func findInstance(c *cobra.Command, dir string) (*tinybase.Instance, error) {
	in, stale, err := tinybase.FindInstance(dir)
	if err != nil {
		return nil, fail(exitUnreadable, "reading the instance record: %v", err)
	}
	for _, s := range stale {
		fmt.Fprintf(c.ErrOrStderr(), "NOTICE: removed the record of tinybase pid %d, which is no longer running\n", s.PID)
	}
	return in, nil
}

// liveInstance is findInstance for commands that talk to the instance:
// it also checks that the instance answers on its API port.
func liveInstance(c *cobra.Command, dir string) (*tinybase.Instance, error) {
	in, err := findInstance(c, dir)
	if err != nil || in == nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(c.Context(), 5*time.Second)
	defer cancel()
	if err := in.Ping(ctx); err != nil {
		return nil, fail(exitServer, "tinybase (pid %d) does not answer at %s: %v", in.PID, in.APIURL, err)
	}
	return in, nil
}

// dirFlag registers --dir.
func dirFlag(c *cobra.Command, dir *string) {
	c.Flags().StringVar(dir, "dir", ".", "project directory (holding supabase/)")
}

// printConfigWarnings reports config.toml keys no Supabase CLI section has.
func printConfigWarnings(c *cobra.Command, cfg tinybase.Config) {
	for _, w := range cfg.Warnings {
		fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w)
	}
}
