package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/migrations"
)

// serverFlags are the flags start and status share; each overrides
// config.toml and TINYBASE_* when given.
type serverFlags struct {
	dir       string
	host      string
	port      int
	dbPort    int
	jwtSecret string
}

func (f *serverFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().StringVar(&f.host, "host", "127.0.0.1", "address to listen on")
	c.Flags().IntVar(&f.port, "port", 54321, "HTTP API port ([api] port, TINYBASE_PORT)")
	c.Flags().IntVar(&f.dbPort, "db-port", 54322, "Postgres port ([db] port, TINYBASE_DB_PORT)")
	c.Flags().StringVar(&f.jwtSecret, "jwt-secret", tinybase.DefaultJWTSecret, "JWT secret (TINYBASE_JWT_SECRET)")
}

// config loads config.toml and the environment, then applies the flags
// the user gave.
func (f *serverFlags) config(c *cobra.Command) (tinybase.Config, error) {
	cfg, err := tinybase.LoadConfig(f.dir, nil)
	if err != nil {
		return cfg, fail(exitUsage, "%v", err)
	}
	fl := c.Flags()
	if fl.Changed("host") {
		cfg.Host = f.host
	}
	if fl.Changed("port") {
		cfg.APIPort = f.port
	}
	if fl.Changed("db-port") {
		cfg.DBPort = f.dbPort
	}
	if fl.Changed("jwt-secret") {
		cfg.JWTSecret = f.jwtSecret
	}
	if err := cfg.Check(); err != nil {
		return cfg, fail(exitUsage, "%v", err)
	}
	return cfg, nil
}

func newStartCmd(ready func()) *cobra.Command {
	var f serverFlags
	var memory, noSeed, showLog, noStudio bool
	var studioPort int
	var dataDir, dbURL string
	var slow time.Duration
	var inboxPort int
	c := &cobra.Command{
		Use:   "start",
		Short: "Open the project's database (supabase/.tinybase; new: migrations and seed.sql, existing: new migrations) and serve the API and Postgres ports",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := requireProject(f.dir); err != nil {
				return err
			}
			if c.Flags().Changed("memory") && !memory {
				return fail(exitUsage, "--memory=false is not an option: without --memory the database is kept in supabase/.tinybase (or --data-dir)")
			}
			cfg, err := f.config(c)
			if err != nil {
				return err
			}
			printConfigWarnings(c, cfg)
			if cfg.Raw == nil {
				cfg.Studio = true // no config.toml: the Supabase CLI's default
			}
			if c.Flags().Changed("studio-port") {
				cfg.StudioPort = studioPort
				if err := cfg.Check(); err != nil {
					return fail(exitUsage, "%v", err)
				}
			}
			if noStudio {
				cfg.Studio = false
			}
			if c.Flags().Changed("slow-statement") {
				cfg.SlowStatement = slow
			}
			if c.Flags().Changed("inbox-port") {
				cfg.InboxPort = inboxPort
				if err := cfg.Check(); err != nil {
					return fail(exitUsage, "%v", err)
				}
			}
			if in, err := findInstance(c, f.dir); err != nil {
				return err
			} else if in != nil {
				pctx, cancel := context.WithTimeout(c.Context(), 5*time.Second)
				perr := in.Ping(pctx)
				cancel()
				if perr == nil {
					return fail(exitServer, "tinybase is already running for this project (pid %d, API %s, DB %s): stop it with `tinybase stop`", in.PID, in.APIURL, in.DBURL)
				}
				// The pid lives but is not that tinybase (reused after
				// a crash): the record is stale.
				fmt.Fprintf(c.ErrOrStderr(), "NOTICE: removed the record of tinybase pid %d, which does not answer at %s\n", in.PID, in.APIURL)
				if err := tinybase.RemoveInstance(in.Path, in.PID); err != nil {
					return fail(exitUnreadable, "removing the stale instance record: %v", err)
				}
			}
			opts := tinybase.Options{Dir: f.dir, Config: &cfg, NoSeed: noSeed, DBURL: dbURL}
			if opts.DataDir, err = dataDirOf(c, f.dir, memory, dataDir); err != nil {
				return err
			}
			opts.Applying = func(m migrations.File) {
				fmt.Fprintf(c.OutOrStdout(), "Applying migration %s...\n", filepath.Base(m.Path))
			}
			// The ports before the database: a client connecting while
			// it opens waits for it instead of being refused.
			lns, err := tinybase.Listen(cfg, dbURL == "")
			if err != nil {
				return fail(exitServer, "%v", err)
			}
			served := false
			defer func() {
				if !served {
					lns.Close()
				}
			}()
			ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			p, err := tinybase.Open(ctx, opts)
			if errors.Is(err, tinybase.ErrNotSuperuser) {
				return fail(exitServer, "%v", err)
			}
			if err != nil {
				return classify(err)
			}
			defer p.Close()
			if p.Bootstrapped {
				fmt.Fprintln(c.OutOrStdout(), "Applied the Supabase bootstrap (roles, auth, storage and realtime schemas) where the database lacked it.")
			}
			for _, w := range p.Warnings {
				fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w)
			}
			if p.Seeded {
				seeds, _ := tinybase.SeedFiles(cfg)
				for _, sf := range seeds {
					if rel, err := filepath.Rel(f.dir, sf); err == nil {
						sf = rel
					}
					fmt.Fprintf(c.OutOrStdout(), "Seeded data from %s.\n", sf)
				}
			}
			served = true // ServeOn owns the listeners now
			srv, err := p.ServeOn(ctx, lns)
			if err != nil {
				return fail(exitServer, "%v", err)
			}
			if p.OnPostgres() {
				fmt.Fprintf(c.ErrOrStderr(), "NOTICE: serving the APIs over %s: the Postgres port is not served (connect to that database directly); the dashboard, MCP and pg_net/pg_cron workers are not run in --db-url mode; realtime's postgres_changes need wal_level=logical\n", srv.DBURL())
			} else if !srv.ServesDB() {
				fmt.Fprintln(c.ErrOrStderr(), "WARNING: this build has no Postgres wire server yet: the DB URL is not served")
			}
			if u := srv.UnservedSections(); len(u) > 0 {
				fmt.Fprintf(c.ErrOrStderr(), "NOTICE: supabase/config.toml enables %s, which tinybase does not run: those settings are ignored\n", strings.Join(u, ", "))
			}
			if n := srv.InboxNotice(); n != "" {
				fmt.Fprintln(c.ErrOrStderr(), "NOTICE: "+n)
			}
			recordPath, err := writeInstance(f.dir, opts.DataDir, srv, cfg.JWTSecret)
			if err != nil {
				srv.Shutdown(context.Background())
				return fail(exitServer, "writing the instance record: %v", err)
			}
			defer tinybase.RemoveInstance(recordPath, os.Getpid())
			fmt.Fprintf(c.OutOrStdout(), "Started tinybase local development setup.\n\n")
			st := statusOf(srv.APIURL(), srv.DBURL(), cfg.JWTSecret, srv.Keys())
			st.StudioURL = srv.StudioURL()
			printStatus(c.OutOrStdout(), "pretty", st)
			if u := srv.InboxURL(); u != "" {
				fmt.Fprintf(c.OutOrStdout(), "%16s: %s\n", "Inbucket URL", u)
			}
			if showLog {
				out := c.OutOrStdout()
				go srv.Logs.Follow(ctx, srv.Logs.LastSeq(), func(e logs.Entry) bool {
					fmt.Fprintln(out, e.String())
					return true
				})
			}
			ready()
			<-ctx.Done()
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := srv.Shutdown(sctx); err != nil {
				return fail(exitServer, "shutting down: %v", err)
			}
			// A clean stop leaves a checkpoint: the next start replays no log.
			if err := p.Close(); err != nil {
				return fail(exitServer, "writing the final checkpoint: %v", err)
			}
			fmt.Fprintln(c.OutOrStdout(), "Stopped tinybase local development setup.")
			return nil
		},
	}
	f.register(c)
	c.Flags().BoolVar(&memory, "memory", false, "keep the database in memory: start from the migrations and seed every time")
	c.Flags().StringVar(&dataDir, "data-dir", "", "keep the database in this directory (default: supabase/.tinybase)")
	c.Flags().StringVar(&dbURL, "db-url", "", "serve the APIs over this existing PostgreSQL instead of the embedded engine (bootstrap where missing, then migration up; Storage's bytes stay in the data dir)")
	c.Flags().BoolVar(&noSeed, "no-seed", false, "do not run supabase/seed.sql")
	c.Flags().BoolVar(&showLog, "log", false, "print every SQL statement and API request as it happens")
	c.Flags().BoolVar(&noStudio, "no-studio", false, "do not serve the dashboard")
	c.Flags().IntVar(&studioPort, "studio-port", 54323, "dashboard port ([studio] port, TINYBASE_STUDIO_PORT)")
	c.Flags().IntVar(&inboxPort, "inbox-port", 54324, "local mail inbox port ([inbucket] port, TINYBASE_INBOX_PORT)")
	c.Flags().DurationVar(&slow, "slow-statement", 0, "mark statements at least this long as SLOW in the logs (TINYBASE_SLOW_STATEMENT)")
	return c
}

// writeInstance writes the running server's record (tinybase.Instance)
// and returns its path.
func writeInstance(dir, dataDir string, srv *tinybase.Server, secret string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if dataDir != "" {
		if dataDir, err = filepath.Abs(dataDir); err != nil {
			return "", err
		}
	}
	in := tinybase.Instance{PID: os.Getpid(), Dir: abs, DataDir: dataDir, APIURL: srv.APIURL(), DBURL: srv.DBURL(), StudioURL: srv.StudioURL(), Token: srv.ControlToken(), JWTSecret: secret, Started: time.Now().UTC()}
	in.APIPort, in.DBPort = urlPort(in.APIURL), urlPort(in.DBURL)
	path := tinybase.InstancePath(dir, dataDir)
	return path, tinybase.WriteInstance(path, in)
}

func urlPort(u string) int {
	pu, err := url.Parse(u)
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(pu.Port())
	return n
}

// status is what start and status print, with supabase status's labels.
type status struct {
	APIURL         string `json:"API_URL"`
	RESTURL        string `json:"REST_URL"`
	DBURL          string `json:"DB_URL"`
	JWTSecret      string `json:"JWT_SECRET"`
	AnonKey        string `json:"ANON_KEY"`
	ServiceRoleKey string `json:"SERVICE_ROLE_KEY"`
	StudioURL      string `json:"STUDIO_URL,omitempty"`
}

func statusOf(apiURL, dbURL, secret string, k tinybase.Keys) status {
	return status{APIURL: apiURL, RESTURL: apiURL + "/rest/v1", DBURL: dbURL, JWTSecret: secret, AnonKey: k.Anon, ServiceRoleKey: k.ServiceRole}
}

// printStatus prints s as `supabase status` does: pretty (aligned labels),
// env (KEY="value" lines) or json.
func printStatus(w io.Writer, format string, s status) error {
	switch format {
	case "env":
		var m map[string]string
		b, _ := json.Marshal(s)
		_ = json.Unmarshal(b, &m)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "%s=%q\n", k, m[k])
		}
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	default:
		lines := [][2]string{{"API URL", s.APIURL}, {"REST URL", s.RESTURL}, {"DB URL", s.DBURL}, {"JWT secret", s.JWTSecret}, {"anon key", s.AnonKey}, {"service_role key", s.ServiceRoleKey}}
		if s.StudioURL != "" {
			// Last, so readers of the first six lines keep working.
			lines = append(lines, [2]string{"Studio URL", s.StudioURL})
		}
		for _, l := range lines {
			fmt.Fprintf(w, "%16s: %s\n", l[0], l[1])
		}
	}
	return nil
}

// dataDirOf is where start and db reset keep the database: --data-dir, or
// supabase/.tinybase in the project; "" (in memory) with --memory.
func dataDirOf(c *cobra.Command, dir string, memory bool, dataDir string) (string, error) {
	if memory && dataDir != "" {
		return "", fail(exitUsage, "--memory and --data-dir cannot be used together")
	}
	if memory {
		return "", nil
	}
	if dataDir != "" {
		return dataDir, nil
	}
	return tinybase.DefaultDataDir(dir), nil
}
