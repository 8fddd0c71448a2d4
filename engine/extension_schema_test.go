package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// Supabase documents "create extension pg_net with schema extensions":
// the extension is recorded in that schema while its objects live in net
// (`supabase start` installs it so; here it is dropped and made again).
// pg_cron 1.5+ pins itself to pg_catalog (its objects live in cron), so
// "with schema extensions", which Supabase once documented, fails there
// as on PostgreSQL, and "with schema pg_catalog" is what works.
func TestNetAndCronWithSchemaExtensions(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `drop extension pg_net; create extension pg_net with schema extensions;`)
	_, err := s.Exec(context.Background(), `create extension pg_cron with schema extensions`)
	var pe *engine.Error
	if !errors.As(err, &pe) || pe.Code != "0A000" || pe.Message != `extension "pg_cron" must be installed in schema "pg_catalog"` {
		t.Fatalf("pg_cron with schema extensions: %v", err)
	}
	execScript(t, s, `create extension pg_cron with schema pg_catalog;
select net.http_get('http://127.0.0.1:9/');
select cron.schedule('nightly', '0 3 * * *', 'select 1');`)
	if got := queryValue(t, s, "select string_agg(extname || ':' || extnamespace::regnamespace::text, ',' order by extname) from pg_extension where extname in ('pg_net', 'pg_cron')"); got != "pg_cron:pg_catalog,pg_net:extensions" {
		t.Fatalf("pg_extension: %s", got)
	}
}

func queryValue(t *testing.T, s *engine.Session, q string) string {
	t.Helper()
	r, err := s.Query(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	rows, err := r.TextRows()
	if err != nil || len(rows) != 1 || len(rows[0]) != 1 || rows[0][0] == nil {
		t.Fatalf("%s: %v %v", q, rows, err)
	}
	return *rows[0][0]
}

// SECURITY LABEL: Supabase loads pgsodium's label provider, the only one,
// for its transparent column encryption, which tinybase's pgsodium does
// not have: labels for it (named, or by default) are 0A000 with a hint;
// another provider is PostgreSQL's 22023 "not loaded".
func TestSecurityLabel(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `create table secrets (id int, card text);`)
	for _, c := range []struct{ sql, code, msg string }{
		{`security label for pgsodium on column secrets.card is 'ENCRYPT WITH KEY ID 1'`, "0A000", "SECURITY LABEL FOR pgsodium is not supported: tinybase's pgsodium has no transparent column encryption"},
		{`security label on column secrets.card is 'ENCRYPT WITH KEY ID 1'`, "0A000", "SECURITY LABEL FOR pgsodium is not supported: tinybase's pgsodium has no transparent column encryption"},
		{`security label for selinux on table secrets is 'system_u:object_r:sepgsql_table_t:s0'`, "22023", `security label provider "selinux" is not loaded`},
	} {
		_, err := s.Exec(context.Background(), c.sql)
		var pe *engine.Error
		if !errors.As(err, &pe) || pe.Code != c.code || pe.Message != c.msg {
			t.Errorf("%s: %v, want %s %s", c.sql, err, c.code, c.msg)
		}
	}
}
