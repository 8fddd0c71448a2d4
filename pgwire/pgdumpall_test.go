package pgwire

import (
	"context"
	"net/url"
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpall runs pg_dumpall against tinybase: --roles-only (what
// `supabase db dump --role-only` runs) reads pg_parameter_acl and prints
// GRANT ... ON PARAMETER, and a full dump skips the template databases
// (no connections) and dumps the one database.
func TestPgDumpall(t *testing.T) {
	pgDumpall := pgTool(t, "pg_dumpall")
	_, dsn := startServer(t, Config{})
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), `create role app_reader;
		grant set on parameter session_replication_role to app_reader;
		create table dumped (id int primary key, v text);
		insert into dumped values (1, 'one')`); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	pw, _ := u.User.Password()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--roles-only"}, []string{"CREATE ROLE app_reader;", "GRANT SET ON PARAMETER session_replication_role TO app_reader;"}},
		{nil, []string{"\\connect postgres", "CREATE TABLE public.dumped (", "COPY public.dumped (id, v) FROM stdin;\n1\tone\n"}},
	} {
		cmd := exec.Command(pgDumpall, append([]string{"-h", u.Hostname(), "-p", u.Port(), "-U", u.User.Username(), "--no-password"}, c.args...)...)
		cmd.Env = append(cmd.Environ(), "PGPASSWORD="+pw)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("pg_dumpall %v: %v\n%s", c.args, err, lastLines(string(out), 5))
		}
		for _, w := range c.want {
			if !strings.Contains(string(out), w) {
				t.Errorf("pg_dumpall %v lacks %q", c.args, w)
			}
		}
	}
}
