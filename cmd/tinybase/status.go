package main

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
)

func newStatusCmd() *cobra.Command {
	var f serverFlags
	var output string
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the local API URL, DB URL and keys (exit 11 when nothing listens on the API port)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if output != "pretty" && output != "env" && output != "json" {
				return fail(exitUsage, "invalid --output %q: use pretty, env or json", output)
			}
			cfg, err := f.config(c)
			if err != nil {
				return err
			}
			keys, err := tinybase.MintKeys(cfg.JWTSecret)
			if err != nil {
				return err
			}
			api := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.APIPort))
			conn, err := net.DialTimeout("tcp", api, time.Second)
			if err != nil {
				return fail(exitServer, "tinybase is not running at %s (start it with `tinybase start`)", api)
			}
			conn.Close()
			db := fmt.Sprintf("postgresql://postgres:postgres@%s/postgres", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.DBPort)))
			return printStatus(c.OutOrStdout(), output, statusOf("http://"+api, db, cfg.JWTSecret, keys))
		},
	}
	f.register(c)
	c.Flags().StringVarP(&output, "output", "o", "pretty", "output format: pretty, env or json")
	return c
}
