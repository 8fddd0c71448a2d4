package migrations

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// ManagedSchemas are the schemas a Supabase project's platform owns
// (auth, storage, realtime, the extensions' own...). tinybase's bootstrap
// creates its own copies, so LiveSchema leaves them out of the dump.
var ManagedSchemas = []string{
	"auth", "storage", "realtime", "_realtime", "extensions", "graphql", "graphql_public",
	"supabase_functions", "supabase_migrations", "vault", "pgsodium", "pgsodium_masks",
	"net", "cron", "pgbouncer", "_analytics", "pgmq", "pgtle", "information_schema", "pg_catalog",
}

// Unreproduced is a statement of a live schema that tinybase could not
// apply, with its error.
type Unreproduced struct {
	Statement string `json:"statement"`
	Error     string `json:"error"`
}

// LiveSchema reads the schema of the PostgreSQL database at url (its
// catalog, not its data: `pg_dump --schema-only`, without the
// ManagedSchemas) and replays it, one statement at a time, on a fresh
// database from newEngine (nil: engine.Open). The statements that apply
// make up the returned File, to validate a candidate on top of as its
// only prior; those that do not are returned with their errors, for the
// caller to report. pg_dump must be on the PATH.
func LiveSchema(ctx context.Context, url string, newEngine func() (*engine.Engine, error)) (File, []Unreproduced, error) {
	dump, err := pgDumpSchema(ctx, url)
	if err != nil {
		return File{}, nil, err
	}
	stmts, err := engine.SplitStatements(dump)
	if err != nil {
		return File{}, nil, fmt.Errorf("splitting pg_dump's output: %w", err)
	}
	if newEngine == nil {
		newEngine = func() (*engine.Engine, error) { return engine.Open(engine.Options{}) }
	}
	eng, err := newEngine()
	if err != nil {
		return File{}, nil, err
	}
	defer eng.Close()
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		return File{}, nil, err
	}
	defer s.Close()
	var kept []string
	var failed []Unreproduced
	for _, st := range stmts {
		if _, err := s.Exec(ctx, st.SQL); err != nil {
			if ctx.Err() != nil {
				return File{}, nil, ctx.Err()
			}
			failed = append(failed, Unreproduced{Statement: st.SQL, Error: err.Error()})
			continue
		}
		kept = append(kept, st.SQL)
	}
	return File{Version: "00000000000000", Name: "live_schema", SQL: strings.Join(kept, ";\n") + ";\n"}, failed, nil
}

// pgDumpSchema runs pg_dump --schema-only against url and returns its SQL
// without psql's meta-commands (\restrict and the like), which are not
// SQL.
func pgDumpSchema(ctx context.Context, url string) (string, error) {
	bin, err := exec.LookPath("pg_dump")
	if err != nil {
		return "", errors.New("reading a live schema needs pg_dump (PostgreSQL's client tools) on the PATH")
	}
	args := []string{"--schema-only", "--no-owner", "--no-comments", "--dbname", url}
	for _, s := range ManagedSchemas {
		args = append(args, "--exclude-schema", s)
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, "pg_dump: "), "error: ")
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("pg_dump: %s", msg)
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(stdout.String(), "\n") {
		if strings.HasPrefix(line, `\`) {
			continue
		}
		b.WriteString(line)
	}
	return b.String(), nil
}
