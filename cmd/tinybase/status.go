package main

import (
	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
)

// `tinybase status` prints the running instance's URLs and keys, found
// through its record (tinybase.FindInstance) and confirmed by asking the
// API port for its pid: another program on the port is not tinybase.
func newStatusCmd() *cobra.Command {
	var dir, output string
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the running instance's API URL, DB URL and keys (exit 11 when it is not running)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if output != "pretty" && output != "env" && output != "json" {
				return fail(exitUsage, "invalid --output %q: use pretty, env or json", output)
			}
			if err := requireProject(dir); err != nil {
				return err
			}
			in, err := liveInstance(c, dir)
			if err != nil {
				return err
			}
			if in == nil {
				return fail(exitServer, "tinybase is not running in %s: start it with `tinybase start`", dir)
			}
			keys, err := tinybase.MintKeys(in.JWTSecret)
			if err != nil {
				return err
			}
			st := statusOf(in.APIURL, in.DBURL, in.JWTSecret, keys)
			st.StudioURL = in.StudioURL
			return printStatus(c.OutOrStdout(), output, st)
		},
	}
	dirFlag(c, &dir)
	c.Flags().StringVarP(&output, "output", "o", "pretty", "output format: pretty, env or json")
	return c
}
