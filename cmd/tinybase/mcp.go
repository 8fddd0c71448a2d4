package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/mcp"
	"github.com/tinybase/tinybase/migrations"
)

// `mcp` serves Supabase MCP's database tools (package mcp) over stdio for
// an agent: the project is opened in memory (migrations and seed), and a
// migration applied through it is also applied to a running `tinybase
// start` when one listens on the project's database port.
func newMCPCmd(stdin io.Reader, stdout io.Writer) *cobra.Command {
	var dir string
	var readOnly bool
	var dbURL string
	var features []string
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the Supabase MCP database tools for this project over stdio (for coding agents)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			cfg, err := tinybase.LoadConfig(dir, nil)
			if err != nil {
				return fail(exitUsage, "%v", err)
			}
			ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
			if err != nil {
				return classify(err)
			}
			defer p.Close()
			for _, w := range p.Warnings {
				fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w)
			}
			api := "http://" + net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.APIPort))
			mc, err := p.MCPConfig(api)
			if err != nil {
				return err
			}
			mc.ReadOnly, mc.Timeout, mc.LiveDBURL = readOnly, timeout, dbURL
			if !readOnly {
				mc.Remote = runningDB(dir, cfg)
			}
			mc.Logs = runningLogs(dir)
			srv, err := mcp.NewServer(mcp.New(mc), mcp.ServerOptions{Version: tinybase.Version, Features: features})
			if err != nil {
				return fail(exitUsage, "%v", err)
			}
			t := mcp.StdioTransport(stdin, stdout)
			if err := srv.Run(ctx, t); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
				return fail(exitServer, "mcp: %v", err)
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&dbURL, "db-url", "", "validate_migration checks candidates on top of the schema of the PostgreSQL database at this URL (pg_dump --schema-only) instead of the migration files")
	c.Flags().BoolVar(&readOnly, "read-only", false, "refuse writes: execute_sql runs read-only (25006 on a write), no apply_migration")
	c.Flags().StringSliceVar(&features, "features", nil, "tool groups to serve: database, development, debugging (default all)")
	c.Flags().DurationVar(&timeout, "timeout", mcp.DefaultTimeout, "cancel a tool's statement after this long")
	return c
}

// runningDB applies pending migrations to the `tinybase start` listening
// on the project's database port, if any: "" when nothing listens there.
func runningDB(dir string, cfg tinybase.Config) func(ctx context.Context) (string, []migrations.File, error) {
	return func(ctx context.Context) (string, []migrations.File, error) {
		addr := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.DBPort))
		probe, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
		if err != nil {
			return "", nil, nil // nothing runs there
		}
		probe.Close()
		d, err := migrations.Discover(migrations.MigrationsDir(dir), true)
		if err != nil {
			return "", nil, err
		}
		url := "postgresql://postgres:postgres@" + addr + "/postgres"
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			return "", nil, fmt.Errorf("cannot connect to the running database at %s: %w", addr, err)
		}
		defer conn.Close(context.WithoutCancel(ctx))
		applied, err := migrations.Up(ctx, migrations.OnPostgres(conn), d.Files, nil)
		if err != nil {
			return "", applied, fmt.Errorf("running database at %s: %w", addr, err)
		}
		return "running database at " + addr, applied, nil
	}
}

// runningLogs reads get_logs' entries from the running tinybase start of
// the project, found by its instance record.
func runningLogs(dir string) func(ctx context.Context, services []string) ([]logs.Entry, error) {
	return func(ctx context.Context, services []string) ([]logs.Entry, error) {
		in, _, err := tinybase.FindInstance(dir)
		if err != nil {
			return nil, err
		}
		if in == nil {
			return nil, fmt.Errorf("no tinybase start runs for this project: logs are kept by the running instance")
		}
		var out []logs.Entry
		err = in.Logs(ctx, services, 0, false, func(e logs.Entry) bool {
			out = append(out, e)
			return true
		})
		return out, err
	}
}
