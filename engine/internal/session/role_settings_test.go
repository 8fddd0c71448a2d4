package session

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoginRoleSettings checks which pg_db_role_setting values a new
// session starts with: ALTER ROLE ... IN DATABASE beats ALTER ROLE, which
// beats ALTER DATABASE, which beats ALTER ROLE ALL; SET ROLE applies none.
func TestLoginRoleSettings(t *testing.T) {
	ctx := context.Background()
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	admin := connectT(t, e)
	if _, err := admin.Exec(ctx, `
		create role u login;
		create role v login;
		alter role all set app.a = 'all';
		alter role all set app.b = 'all';
		alter role all set app.c = 'all';
		alter role all set app.d = 'all';
		alter database postgres set app.b = 'db';
		alter role all in database postgres set app.c = 'db';
		alter role u set app.c = 'role';
		alter role u set app.d = 'role';
		alter role u in database postgres set app.d = 'role in db';
		alter role v set app.a = 'v'`); err != nil {
		t.Fatal(err)
	}
	show := func(s *Session) []string {
		t.Helper()
		res, err := s.Exec(ctx, "select current_setting('app.a', true), current_setting('app.b', true), current_setting('app.c', true), current_setting('app.d', true)")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, v := range res[0].Rows[0] {
			if v == nil {
				out = append(out, "<null>")
				continue
			}
			out = append(out, *v)
		}
		return out
	}
	u, err := e.Connect(SessionOptions{User: "u"})
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if diff := cmp.Diff([]string{"all", "db", "role", "role in db"}, show(u)); diff != "" {
		t.Errorf("login as u (-want +got):\n%s", diff)
	}
	if _, err := u.Exec(ctx, "set role v"); err == nil {
		t.Fatal("set role v as u: want permission error")
	}
	p := connectT(t, e)
	if _, err := p.Exec(ctx, "set role v"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"all", "db", "db", "all"}, show(p)); diff != "" {
		t.Errorf("SET ROLE v applies no role settings (-want +got):\n%s", diff)
	}
}
