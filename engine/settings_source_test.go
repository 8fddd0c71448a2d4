package engine_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestSettingSources checks pg_settings.source for values a login takes
// from pg_db_role_setting, named as PostgreSQL 15 names them (checked
// against it by hand): ALTER ROLE ALL ... SET is global, ALTER DATABASE
// ... SET database, ALTER ROLE ... SET user and ALTER ROLE ... IN
// DATABASE ... SET database user, each overriding the ones before.
func TestSettingSources(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `
create role zz_src login;
alter database postgres set work_mem = '5MB';
alter role zz_src set work_mem = '6MB';
alter role zz_src set maintenance_work_mem = '70MB';
alter role zz_src in database postgres set maintenance_work_mem = '80MB';
alter role all set lock_timeout = '7s';
alter database postgres set lock_timeout = '8s';
alter role all set idle_session_timeout = '9s';`)
	u, err := e.Connect(engine.SessionOptions{User: "zz_src"})
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	got := strings.Join(rowsInOrder(t, u, `select name, setting, source, reset_val from pg_settings
		where name in ('work_mem', 'maintenance_work_mem', 'lock_timeout', 'idle_session_timeout') order by 1`), "\n")
	want := strings.Join([]string{
		"idle_session_timeout|9000|global|9000",
		"lock_timeout|8000|database|8000",
		"maintenance_work_mem|81920|database user|81920",
		"work_mem|6144|user|6144",
	}, "\n")
	if got != want {
		t.Errorf("pg_settings:\n%s\nwant:\n%s", got, want)
	}
}
