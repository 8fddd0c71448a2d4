package session_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/session"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// scriptLang is a test-only language for trigger functions, so the
// firing machinery is tested without PL/pgSQL. A body is lines of:
//
//	set COL = TEXT     assign NEW.COL from text (input-converted)
//	exec SQL           run SQL with $1..$n = NEW (or OLD when no NEW)
//	log                insert (TG_NAME, TG_WHEN, TG_LEVEL, TG_OP, TG_ARGV) into trig_log
//	return null        return NULL
//	return old         return OLD
//	error MSG          raise an error (P0001)
type scriptLang struct{}

func (scriptLang) Validate(context.Context, routine.Validator, *catalog.Function) error { return nil }

func (scriptLang) Call(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	if tg == nil {
		return routine.Result{}, fmt.Errorf("scriptLang runs triggers only")
	}
	row := tg.New
	if row == nil {
		row = tg.Old
	}
	row = append([]any(nil), row...)
	params := &routine.Params{}
	for _, col := range tg.Columns {
		params.Types = append(params.Types, col.Type)
	}
	for _, line := range strings.Split(strings.TrimSpace(fn.Body), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "set "):
			col, val, _ := strings.Cut(strings.TrimPrefix(line, "set "), " = ")
			for i, ct := range tg.Columns {
				if ct.Name == col {
					v, err := c.Cast(val, types.Text, ct.Type)
					if err != nil {
						return routine.Result{}, err
					}
					row[i] = v
				}
			}
		case strings.HasPrefix(line, "exec "):
			if _, err := c.Query(ctx, strings.TrimPrefix(line, "exec "), params, row); err != nil {
				return routine.Result{}, err
			}
		case line == "log":
			logParams := &routine.Params{Types: []*types.Type{types.Text, types.Text, types.Text, types.Text, types.Text}}
			if _, err := c.Query(ctx, "insert into trig_log (name, tg_when, level, op, argv) values ($1, $2, $3, $4, $5)", logParams,
				[]any{tg.Name, tg.When, tg.Level, tg.Op, strings.Join(tg.Args, ",")}); err != nil {
				return routine.Result{}, err
			}
		case line == "return null":
			return routine.Result{Null: true}, nil
		case line == "return old":
			return routine.Result{Row: tg.Old}, nil
		case strings.HasPrefix(line, "error "):
			return routine.Result{}, pgerror.New("P0001", "%s", strings.TrimPrefix(line, "error "))
		default:
			return routine.Result{}, fmt.Errorf("scriptLang: bad line %q", line)
		}
	}
	if tg.Level == "STATEMENT" {
		return routine.Result{Null: true}, nil
	}
	return routine.Result{Row: row}, nil
}

type step struct {
	q    string
	want [][]string // nil: no rows checked
	code string     // expected SQLSTATE
}

func runSteps(t *testing.T, s *session.Session, steps []step) {
	t.Helper()
	for _, st := range steps {
		rows, err := s.Query(context.Background(), st.q)
		var got [][]string
		if err == nil {
			for rows.Next() {
				var r []string
				for _, v := range rows.Text() {
					if v == nil {
						r = append(r, "NULL")
					} else {
						r = append(r, *v)
					}
				}
				got = append(got, r)
			}
			err = rows.Err()
		}
		if st.code != "" {
			if sqlstate(err) != st.code {
				t.Fatalf("%s: got %v, want SQLSTATE %s", st.q, err, st.code)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", st.q, err)
		}
		if st.want != nil {
			if d := cmp.Diff(st.want, got); d != "" {
				t.Fatalf("%s (-want +got):\n%s", st.q, d)
			}
		}
	}
}

func TestTriggerFiring(t *testing.T) {
	e, err := session.Open(session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e.RegisterLanguage("script", scriptLang{})
	s, err := e.Connect(session.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	runSteps(t, s, []step{
		{q: "create table trig_log (n serial primary key, name text, tg_when text, level text, op text, argv text)"},
		{q: "create schema app"},
		{q: "create table app.users (id int primary key, email text not null, updated text)"},
		{q: "create table profiles (id int primary key, email text)"},
		{q: "create function stamp() returns trigger language script as $$\nset updated = stamped\n$$"},
		{q: "create function new_user() returns trigger language script as $$\nexec insert into public.profiles values ($1, $2)\n$$"},
		{q: "create function skip() returns trigger language script as $$\nreturn null\n$$"},
		{q: "create function logit() returns trigger language script as $$\nlog\n$$"},
		{q: "create function boom() returns trigger language script as $$\nerror no way\n$$"},
		{q: "create trigger a_stamp before insert or update on app.users for each row execute function stamp()"},
		{q: "create trigger b_new after insert on app.users for each row execute function new_user()"},
		{q: "insert into app.users (id, email) values (1, 'a@x'), (2, 'b@x') returning id, updated", want: [][]string{{"1", "stamped"}, {"2", "stamped"}}},
		{q: "select id, email from profiles order by id", want: [][]string{{"1", "a@x"}, {"2", "b@x"}}},
		// BEFORE trigger returning NULL skips the row
		{q: "create trigger c_skip before insert on app.users for each row when (new.email like 'skip%') execute function skip()"},
		{q: "insert into app.users (id, email) values (3, 'skip@x'), (4, 'd@x')"},
		{q: "select id from app.users order by id", want: [][]string{{"1"}, {"2"}, {"4"}}},
		{q: "select count(*) from profiles", want: [][]string{{"3"}}},
		// statement triggers and TG_* values, ordering by name
		{q: "create trigger s1 before update on app.users for each statement execute function logit('x', 'y')"},
		{q: "create trigger s2 after update of email on app.users for each statement execute function logit()"},
		{q: "update app.users set updated = 'manual' where id = 1"},
		{q: "select name, tg_when, level, op, argv from trig_log order by n", want: [][]string{{"s1", "BEFORE", "STATEMENT", "UPDATE", "x,y"}}},
		{q: "update app.users set email = 'z' where id = 99"},
		{q: "select name, tg_when from trig_log order by n", want: [][]string{{"s1", "BEFORE"}, {"s1", "BEFORE"}, {"s2", "AFTER"}}},
		// an error in a trigger rolls the whole statement back
		{q: "create trigger z_boom after insert on app.users for each row when (new.id = 6) execute function boom()"},
		{q: "insert into app.users (id, email) values (5, 'e@x'), (6, 'f@x')", code: "P0001"},
		{q: "select count(*) from app.users where id >= 5", want: [][]string{{"0"}}},
		{q: "select count(*) from profiles where id >= 5", want: [][]string{{"0"}}},
		// disabled triggers do not fire
		{q: "alter table app.users disable trigger z_boom"},
		{q: "insert into app.users (id, email) values (6, 'f@x')"},
		{q: "select count(*) from profiles where id = 6", want: [][]string{{"1"}}},
		{q: "drop trigger z_boom on app.users"},
		{q: "drop trigger z_boom on app.users", code: "42704"},
		{q: "drop function stamp()", code: "2BP01"},
		// TRUNCATE statement triggers
		{q: "create trigger t_trunc before truncate on profiles for each statement execute function logit()"},
		{q: "truncate profiles"},
		{q: "select name, op, level from trig_log where op = 'TRUNCATE'", want: [][]string{{"t_trunc", "TRUNCATE", "STATEMENT"}}},
		// DELETE row triggers can skip rows
		{q: "create trigger d_keep before delete on app.users for each row when (old.id = 1) execute function skip()"},
		{q: "delete from app.users"},
		{q: "select id from app.users", want: [][]string{{"1"}}},
		{q: "drop function skip() cascade"},
		{q: "delete from app.users"},
		{q: "select count(*) from app.users", want: [][]string{{"0"}}},
	})
}

// sqlstate is err's SQLSTATE, or "" when err is not an *Error.
func sqlstate(err error) string {
	var pe *session.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}
