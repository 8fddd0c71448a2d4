package pgwire

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/engine"
)

var recordPsql = flag.Bool("record-psql", false, "record testdata/psql goldens from PostgreSQL at TINYBASE_PG_URL")

// psqlCases are psql invocations whose output must match PostgreSQL 15's
// (recorded in testdata/psql/<name>.golden by -record-psql, on a database
// with the Supabase bootstrap applied, as tinybase engines start).
var psqlCases = []struct {
	name string
	args []string
}{
	{"query", []string{"-c", "select id, name, m, created from parent order by id"}},
	{"query_child", []string{"-c", "select * from child order by id"}},
	{"d", []string{"-c", `\d`}},
	{"dt", []string{"-c", `\dt`}},
	{"dv", []string{"-c", `\dv`}},
	{"ds", []string{"-c", `\ds`}},
	{"di", []string{"-c", `\di`}},
	{"dT", []string{"-c", `\dT`}},
	{"dCplus", []string{"-c", `\dC+ mood`}},
	{"dTplus", []string{"-c", `\dT+`}},
	// sizes (pg_table_size over pgcatalog's page model), before copy_in
	// adds rows to parent
	{"dtplus", []string{"-c", `\dt+`}},
	{"dvplus", []string{"-c", `\dv+`}},
	{"diplus", []string{"-c", `\di+`}},
	{"dsplus", []string{"-c", `\ds+`}},
	{"dmplus", []string{"-c", `\dm+`}},
	{"dnplus", []string{"-c", `\dn+`}},
	{"x", []string{"-c", `\x`, "-c", "select id, name from parent order by id"}},
	{"copy_out", []string{"-c", `\copy child to stdout`}},
	{"copy_out_csv", []string{"-c", `\copy (select * from child order by id) to stdout with (format csv, header)`}},
	{"copy_in", []string{"-c", `\copy parent (name) from '` + "testdata/psql/names.txt" + `'`, "-c", "select name from parent order by id"}},
	{"copy_in_error", []string{"-c", `\copy child from 'testdata/psql/child.txt'`, "-c", "select count(*) from child"}},
	{"error", []string{"-c", "select nocolumn from parent"}},
	{"multi", []string{"-c", "select 1 as a; select 'x' as b"}},
	// statement_timestamp() is one per Query message, its own in each
	{"statement_timestamp", []string{"-c", "select pg_sleep(0.05); select statement_timestamp() = now() as same",
		"-c", "begin", "-c", "select pg_sleep(0.05)", "-c", "select statement_timestamp() - now() >= interval '40 ms' as later", "-c", "commit"}},
	{"dn", []string{"-c", `\dn`}},
	{"d_parent", []string{"-c", `\d parent`}},
	{"d_child", []string{"-c", `\d child`}},
	{"dplus_parent", []string{"-c", `\d+ parent`}},
	{"df", []string{"-c", `\df public.*`}},
	{"dfplus", []string{"-c", `\df+ public.*`}},
	{"dfplus_auth", []string{"-c", `\df+ auth.*`}},
	{"du", []string{"-c", `\du wire_psql_reader|anon|authenticator`}},
	{"dp", []string{"-c", `\dp public.*`}},
	{"dx", []string{"-c", `\dx`}},
	{"dE", []string{"-c", `\dE`}},
	{"sf", []string{"-c", `\sf greet`}},
	{"sv", []string{"-c", `\sv child_ranks`}},
	{"sv_simple", []string{"-c", `\sv parent_names`}},
	{"dplus_view", []string{"-c", `\d+ child_ranks`}},
	{"x_d", []string{"-c", `\x`, "-c", `\dn`}},
	{"conninfo", []string{"-c", `\conninfo`}},
	// an index's and a sequence's columns (pg_attribute)
	{"d_index", []string{"-c", `\d child_note`}},
	{"dplus_index", []string{"-c", `\d+ child_pkey`}},
	{"d_expr_index", []string{"-c", `\d parent_lower`}},
	{"d_sequence", []string{"-c", `\d counter`}},
	{"d_owned_sequence", []string{"-c", `\d+ parent_id_seq`}},
	// index options: ordering, COLLATE, operator class, INCLUDE (in a
	// transaction rolled back, so the other cases see the same objects)
	{"d_index_options", []string{"-c", "begin",
		"-c", `create table opts (id int, a int, b text, c text, constraint opts_pk primary key (id) include (c), unique (c) include (a))`,
		"-c", `create unique index opts_a on opts (a desc nulls last) include (b, c)`,
		"-c", `create index opts_b on opts (b collate "C" text_pattern_ops desc, a nulls first)`,
		"-c", `\d opts`, "-c", `\d opts_a`, "-c", `\d+ opts_b`, "-c", `\d opts_pk`, "-c", "rollback"}},
}

// conninfoPlace is what \conninfo names that differs between the recording
// server and a test's: the database and the port.
var conninfoPlace = regexp.MustCompile(`database "[^"]*"|port "[0-9]+"`)

// psqlKnown are recorded cases tinybase does not print as PostgreSQL
// does yet, with the reason; they are recorded but not compared.
var psqlKnown = map[string]string{}

func runPsql(t *testing.T, url string, args ...string) string {
	t.Helper()
	full := append([]string{"-X", "-q", "-d", url}, args...)
	cmd := exec.Command("psql", full...)
	cmd.Env = append(os.Environ(), "PGTZ=UTC", "PGCLIENTENCODING=UTF8", "PAGER=", "PSQL_PAGER=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // errors are part of the golden output
	return out.String()
}

func TestPsql(t *testing.T) {
	requireTool(t, "psql")
	url := clientFixture(t, *recordPsql, "wire_psql_golden", "testdata/psql/setup.sql")
	for _, tc := range psqlCases {
		t.Run(tc.name, func(t *testing.T) {
			if reason, ok := psqlKnown[tc.name]; ok && !*recordPsql {
				t.Skipf("known difference from PostgreSQL: %s", reason)
			}
			got := conninfoPlace.ReplaceAllString(runPsql(t, url, tc.args...), "(place)")
			want, recorded := clientGolden(t, *recordPsql, filepath.Join("testdata", "psql", tc.name+".golden"), got)
			if recorded {
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("psql %s (-postgres +tinybase):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}
	// \l lists the cluster's databases; PostgreSQL's shared test cluster has
	// others, so only tinybase's own row is checked.
	if !*recordPsql {
		out := runPsql(t, url, "-c", `\l`)
		if !strings.Contains(out, " postgres  | postgres | UTF8 ") {
			t.Errorf(`\l output lacks the postgres database:\n%s`, out)
		}
	}
}

// goldenTarget is the server a golden test talks to: a scratch database
// named scratch on PostgreSQL when it records, else a new tinybase server.
func goldenTarget(t *testing.T, record bool, scratch string) string {
	t.Helper()
	if record {
		return scratchPostgres(t, scratch)
	}
	_, url := startServer(t, Config{})
	return url
}

// scratchPostgres recreates database name on the PostgreSQL at
// TINYBASE_PG_URL and returns its URL (recording only).
func scratchPostgres(t *testing.T, name string) string {
	base := os.Getenv("TINYBASE_PG_URL")
	if base == "" {
		t.Fatal("-record-psql needs TINYBASE_PG_URL")
	}
	ctx := context.Background()
	c, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	for _, q := range []string{"drop database if exists " + name + " with (force)", "create database " + name} {
		if _, err := c.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	url := strings.Replace(base, "/postgres?", "/"+name+"?", 1)
	db, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	if err := engine.BootstrapPostgres(ctx, db.PgConn(), name); err != nil {
		t.Fatal(err)
	}
	return url
}

// clientFixture is the URL a client test runs against, with the SQL of
// setupFile applied: a fresh tinybase server, or when recording goldens
// the scratch database scratch on the PostgreSQL at TINYBASE_PG_URL.
func clientFixture(t *testing.T, record bool, scratch, setupFile string) string {
	t.Helper()
	setup, err := os.ReadFile(setupFile)
	if err != nil {
		t.Fatal(err)
	}
	url := goldenTarget(t, record, scratch)
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	// The oracle has no real pg_graphql (at most a stand-in declaring its
	// functions), which tinybase's bootstrap installs as Supabase's does:
	// without it (and the grant option on graphql_public its install gives
	// postgres) both hold the same. The oracle needs pg_net 0.14, which
	// the bootstrap installs as `supabase start` does.
	if _, err := conn.Exec(context.Background(), "drop extension if exists pg_graphql; drop schema if exists graphql; "+
		"revoke grant option for usage on schema graphql_public from postgres"); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), string(setup)); err != nil {
		t.Fatal(err)
	}
	return url
}

// clientGolden writes got to the golden file path when recording
// (recorded is then true), and otherwise returns the golden's text.
func clientGolden(t *testing.T, record bool, path, got string) (want string, recorded bool) {
	t.Helper()
	if record {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return "", true
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), false
}
