package session_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/session"
)

// AFTER ROW triggers of a statement fire at its end, even when BEFORE
// triggers of later rows run statements of their own.
func TestAfterTriggersWaitForStatementEnd(t *testing.T) {
	e, _ := session.Open(session.Options{})
	s, _ := e.Connect(session.SessionOptions{})
	runSteps(t, s, []step{
		{q: "create table t (id int primary key)"},
		{q: "create table log (n serial primary key, msg text)"},
		{q: `create function b() returns trigger language plpgsql as $$ begin insert into log (msg) values ('before ' || new.id); return new; end $$`},
		{q: `create function a() returns trigger language plpgsql as $$ begin insert into log (msg) values ('after ' || new.id || ' sees ' || (select count(*) from t)); return null; end $$`},
		{q: "create trigger b before insert on t for each row execute function b()"},
		{q: "create trigger a after insert on t for each row execute function a()"},
		{q: "insert into t values (1), (2)"},
		{q: "select msg from log order by n", want: [][]string{{"before 1"}, {"before 2"}, {"after 1 sees 2"}, {"after 2 sees 2"}}},
	})
}
