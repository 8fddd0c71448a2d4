package session

import (
	"context"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNotifyDelivery(t *testing.T) {
	cases := []struct {
		name  string
		stmts []string
		want  []string // channel:payload delivered to the subscriber on "ch"
	}{
		{"autocommit NOTIFY", []string{"notify ch, 'a'"}, []string{"ch:a"}},
		{"NOTIFY without payload", []string{"notify ch"}, []string{"ch:"}},
		{"other channel", []string{"notify other, 'a'"}, nil},
		{"commit delivers in order, duplicates folded", []string{"begin", "notify ch, 'b'", "select pg_notify('ch', 'a')", "notify ch, 'b'", "commit"}, []string{"ch:b", "ch:a"}},
		{"rollback drops", []string{"begin", "notify ch, 'x'", "rollback"}, nil},
		{"failed transaction drops", []string{"begin", "notify ch, 'x'", "select 1/0", "commit"}, nil},
		{"rollback to savepoint drops later ones", []string{"begin", "notify ch, 'a'", "savepoint s", "notify ch, 'b'", "rollback to savepoint s", "notify ch, 'c'", "commit"}, []string{"ch:a", "ch:c"}},
		{"pg_notify in autocommit select", []string{"select pg_notify('ch', 'p')"}, []string{"ch:p"}},
		{"pg_notify NULL payload", []string{"select pg_notify('ch', null)"}, []string{"ch:"}},
		{"nothing before commit", []string{"begin", "notify ch, 'late'"}, nil},
		{"a failing autocommit statement drops", []string{"select pg_notify('ch', 'x'), 1/0", "notify ch, 'next'"}, []string{"ch:next"}},
		{"a failing statement in a multi-row select drops", []string{"select pg_notify('ch', g::text), 10/(2-g) from generate_series(1, 3) g"}, nil},
		{"from a trigger, on commit", []string{
			"create table t (id int)",
			"create function t_notify() returns trigger language plpgsql as $$ begin perform pg_notify('ch', 'row ' || new.id); return new; end $$",
			"create trigger t_ins after insert on t for each row execute function t_notify()",
			"insert into t values (1), (2)",
			"begin", "insert into t values (3)", "rollback",
		}, []string{"ch:row 1", "ch:row 2"}},
		{"from a DO block", []string{"do $$ begin perform pg_notify('ch', 'do'); end $$"}, []string{"ch:do"}},
		{"from a procedure that commits", []string{
			"create procedure p() language plpgsql as $$ begin perform pg_notify('ch', 'first'); commit; perform pg_notify('ch', 'second'); rollback; end $$",
			"call p()",
		}, []string{"ch:first"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Open(Options{NoBootstrap: true})
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var got []string
			cancel := e.Subscribe("ch", func(n Notification) {
				mu.Lock()
				got = append(got, n.Channel+":"+n.Payload)
				mu.Unlock()
			})
			defer cancel()
			s, err := e.Connect(SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range tc.stmts {
				if rows, err := s.Query(context.Background(), q); err == nil {
					for rows.Next() {
					}
					rows.Close()
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("delivered (-want +got):\n%s", d)
			}
			s.Close()
		})
	}
}

func TestNotifyErrors(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sql, code, msg string }{
		{"select pg_notify('', 'x')", "22023", "channel name cannot be empty"},
		{"select pg_notify(null, 'x')", "22023", "channel name cannot be empty"},
		{"select pg_notify('a', repeat('x', 8000))", "22023", "payload string too long"},
	} {
		rows, err := s.Query(context.Background(), tc.sql)
		if err == nil {
			for rows.Next() {
			}
			err = rows.Err()
			rows.Close()
		}
		pe, ok := err.(*Error)
		if !ok || pe.Code != tc.code || pe.Message != tc.msg {
			t.Errorf("%s: got %v, want %s %s", tc.sql, err, tc.code, tc.msg)
		}
	}
}

func TestListenSessions(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := e.Connect(SessionOptions{})
	b, _ := e.Connect(SessionOptions{})
	run := func(s *Session, q string) {
		t.Helper()
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if rows.Tag() == "" {
			for rows.Next() {
			}
		}
		rows.Close()
	}
	run(a, "listen ch")
	run(a, "listen ch")
	run(b, "notify ch, 'one'")
	run(a, "notify ch, 'self'")
	run(a, "unlisten ch")
	run(b, "notify ch, 'after'")
	var got []string
	for _, n := range a.Notifications() {
		got = append(got, n.Channel+":"+n.Payload)
		if n.PID == 0 {
			t.Errorf("notification without PID")
		}
	}
	if d := cmp.Diff([]string{"ch:one", "ch:self"}, got); d != "" {
		t.Errorf("a received (-want +got):\n%s", d)
	}
	if n := b.Notifications(); len(n) != 0 {
		t.Errorf("b (not listening) received %v", n)
	}
	run(a, "listen x")
	run(a, "unlisten *")
	run(b, "notify x")
	if n := a.Notifications(); len(n) != 0 {
		t.Errorf("after UNLISTEN * received %v", n)
	}
	// LISTEN and UNLISTEN take effect when their transaction commits.
	steps := []struct {
		s    *Session
		sql  string
		want []string // a's inbox after the step
	}{
		{a, "begin", nil},
		{a, "listen tx", nil},
		{b, "notify tx, 'before commit'", nil},
		{a, "rollback", nil},
		{b, "notify tx, 'after rollback'", nil},
		{a, "begin", nil},
		{a, "listen tx", nil},
		{a, "notify tx, 'own, same transaction'", nil},
		{a, "commit", []string{"tx:own, same transaction"}},
		{a, "begin", nil},
		{a, "unlisten tx", nil},
		{a, "rollback", nil},
		{b, "notify tx, 'still listening'", []string{"tx:still listening"}},
		{a, "begin", nil},
		{a, "unlisten tx", nil},
		{b, "notify tx, 'unlisten not committed yet'", []string{"tx:unlisten not committed yet"}},
		{a, "commit", nil},
		{b, "notify tx, 'gone'", nil},
	}
	for i, st := range steps {
		run(st.s, st.sql)
		var got []string
		for _, n := range a.Notifications() {
			got = append(got, n.Channel+":"+n.Payload)
		}
		if d := cmp.Diff(st.want, got); d != "" {
			t.Errorf("step %d (%s): inbox (-want +got):\n%s", i, st.sql, d)
		}
	}
}
