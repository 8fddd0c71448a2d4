package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase/logs"
)

// `tinybase logs` prints the running instance's log entries (package
// logs): SQL statements on the Postgres port and API requests, one line
// each or JSON lines; --follow keeps printing new ones.
func newLogsCmd() *cobra.Command {
	var dir string
	var services []string
	var follow, asJSON, slowOnly bool
	c := &cobra.Command{
		Use:   "logs",
		Short: "Print the running instance's statement and request logs (--service postgres|rest|auth|storage|realtime|api, --follow)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			for _, s := range services {
				known := false
				for _, k := range logs.Services {
					known = known || s == k
				}
				if !known {
					return fail(exitUsage, "unknown --service %q: use %s", s, strings.Join(logs.Services, ", "))
				}
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
			ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			out := c.OutOrStdout()
			enc := json.NewEncoder(out)
			var werr error
			err = in.Logs(ctx, services, 0, follow, func(e logs.Entry) bool {
				if slowOnly && !e.Slow {
					return true
				}
				if asJSON {
					werr = enc.Encode(e)
				} else {
					_, werr = fmt.Fprintln(out, e.String())
				}
				return werr == nil
			})
			if err != nil {
				return fail(exitServer, "reading the logs of tinybase (pid %d): %v", in.PID, err)
			}
			return nil
		},
	}
	dirFlag(c, &dir)
	c.Flags().StringSliceVar(&services, "service", nil, "only these services (repeatable or comma-separated)")
	c.Flags().BoolVarP(&follow, "follow", "f", false, "keep printing new entries until interrupted")
	c.Flags().BoolVar(&asJSON, "json", false, "print each entry as a JSON line")
	c.Flags().BoolVar(&slowOnly, "slow", false, "only statements over the instance's --slow-statement threshold")
	return c
}
