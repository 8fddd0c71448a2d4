package engine_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// Supabase documents "create extension pg_net with schema extensions" and
// "create extension pg_cron with schema extensions": the extensions are
// recorded in that schema while their objects live in net and cron.
func TestNetAndCronWithSchemaExtensions(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `create extension pg_net with schema extensions;
create extension pg_cron with schema extensions;
select net.http_get('http://127.0.0.1:9/');
select cron.schedule('nightly', '0 3 * * *', 'select 1');`)
	if got := queryValue(t, s, "select string_agg(extname || ':' || extnamespace::regnamespace::text, ',' order by extname) from pg_extension where extname in ('pg_net', 'pg_cron')"); got != "pg_cron:extensions,pg_net:extensions" {
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
