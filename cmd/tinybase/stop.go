package main

import (
	"fmt"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// `tinybase stop` stops the project's running instance as Ctrl-C would
// (SIGTERM: running requests finish, a data directory is checkpointed)
// and waits for it to exit. Nothing running is not an error.
func newStopCmd() *cobra.Command {
	var dir string
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "stop",
		Short: "Stop the project's running tinybase start (exit 0 with a note when none runs)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := requireProject(dir); err != nil {
				return err
			}
			in, err := findInstance(c, dir)
			if err != nil {
				return err
			}
			if in == nil {
				fmt.Fprintln(c.OutOrStdout(), "tinybase is not running.")
				return nil
			}
			if err := syscall.Kill(in.PID, syscall.SIGTERM); err != nil {
				return fail(exitServer, "stopping tinybase (pid %d): %v", in.PID, err)
			}
			deadline := time.Now().Add(timeout)
			for {
				// The record goes when the process has shut down; an
				// exited process is gone even if it could not remove it.
				if live, err := findInstance(c, dir); err == nil && (live == nil || live.PID != in.PID) {
					break
				}
				if time.Now().After(deadline) {
					return fail(exitServer, "tinybase (pid %d) did not stop within %s", in.PID, timeout)
				}
				time.Sleep(50 * time.Millisecond)
			}
			fmt.Fprintf(c.OutOrStdout(), "Stopped tinybase (pid %d).\n", in.PID)
			return nil
		},
	}
	dirFlag(c, &dir)
	c.Flags().DurationVar(&timeout, "timeout", 30*time.Second, "wait this long for it to stop (exit 11 after)")
	return c
}
