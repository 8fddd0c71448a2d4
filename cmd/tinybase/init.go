package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
)

// `tinybase init` creates the project layout `supabase init` does:
// supabase/config.toml (the Supabase CLI's defaults), migrations/, an
// empty seed.sql and a .gitignore for the CLI's scratch folders. It
// writes nothing when any of them exists.
func newInitCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "init",
		Short: "Create supabase/config.toml, supabase/migrations/, supabase/seed.sql and supabase/.gitignore",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return fail(exitUsage, "%v", err)
			}
			if st, err := os.Stat(abs); err != nil || !st.IsDir() {
				return fail(exitUnreadable, "%s is not a directory", dir)
			}
			sb := filepath.Join(dir, "supabase")
			files := []struct {
				path, body string
			}{
				{tinybase.ConfigPath(dir), tinybase.ConfigTemplate(projectID(filepath.Base(abs)))},
				{filepath.Join(sb, "seed.sql"), ""},
				{filepath.Join(sb, ".gitignore"), gitignore},
			}
			for _, f := range files {
				if _, err := os.Stat(f.path); err == nil {
					return fail(exitUsage, "%s already exists: tinybase init does not overwrite a project", f.path)
				} else if !errors.Is(err, fs.ErrNotExist) {
					return fail(exitUnreadable, "%v", err)
				}
			}
			if err := os.MkdirAll(filepath.Join(sb, "migrations"), 0o755); err != nil {
				return fail(exitUnreadable, "%v", err)
			}
			for _, f := range files {
				if err := os.WriteFile(f.path, []byte(f.body), 0o644); err != nil {
					return fail(exitUnreadable, "%v", err)
				}
			}
			fmt.Fprintf(c.OutOrStdout(), "Finished tinybase init: %s\nRun `tinybase start` to serve it.\n", sb)
			return nil
		},
	}
	dirFlag(c, &dir)
	return c
}

// gitignore keeps the Supabase CLI's and tinybase's local state out of
// git: .branches and .temp (the CLI's; tinybase's instance record for an
// in-memory database), .tinybase (the data directory) and local env files.
const gitignore = `# Supabase CLI and tinybase local state
.branches
.temp
.tinybase

# local secrets
.env.keys
.env.local
.env.*.local
`

var notProjectID = regexp.MustCompile(`[^a-zA-Z0-9_.-]+`)

// projectID is the directory's name as a project_id.
func projectID(name string) string {
	if id := notProjectID.ReplaceAllString(name, "-"); id != "" && id != "-" {
		return id
	}
	return "tinybase"
}
