package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestForeignTableAccess: a foreign table applies as on Supabase, and
// every read or write of it fails with 0A000 and a hint, since tinybase
// reaches no external service; DROP TABLE refuses it as PostgreSQL does.
func TestForeignTableAccess(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	enginetest.Exec(t, s, `create foreign data wrapper w;
		create server srv foreign data wrapper w options (api_key 'k');
		create user mapping for current_user server srv;
		create schema ext;
		create foreign table ext.customers (id text, email text) server srv options (object 'customers');
		create table local (id int)`)
	for _, tc := range []struct{ name, sql, code string }{
		{"select", "select * from ext.customers", "0A000"},
		{"join", "select l.id from local l join ext.customers c on c.id = l.id::text", "0A000"},
		{"subquery", "select (select count(*) from ext.customers)", "0A000"},
		{"insert", "insert into ext.customers values ('a', 'b')", "0A000"},
		{"update", "update ext.customers set email = 'x'", "0A000"},
		{"delete", "delete from ext.customers", "0A000"},
		{"drop table", "drop table ext.customers", "42809"},
		{"import", "import foreign schema public from server srv into ext", "0A000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Exec(context.Background(), tc.sql)
			var pe *engine.Error
			if !errors.As(err, &pe) {
				t.Fatalf("%s: error %v, want SQLSTATE %s", tc.sql, err, tc.code)
			}
			if pe.Code != tc.code {
				t.Errorf("%s: %s %s, want %s", tc.sql, pe.Code, pe.Message, tc.code)
			}
			if tc.code == "0A000" && pe.Hint == "" {
				t.Errorf("%s: no hint", tc.sql)
			}
		})
	}
	res := enginetest.Exec(t, s, "select count(*) from local; select relkind from pg_class where relname = 'customers'")
	if got := *res[1].Rows[0][0]; got != "f" {
		t.Errorf("relkind = %s, want f", got)
	}
	enginetest.Exec(t, s, "drop foreign table ext.customers; create table ext.customers (id int); select * from ext.customers")
}
