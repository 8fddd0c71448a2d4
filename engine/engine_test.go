package engine_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// queryStrings runs q with args and returns its rows as text ("NULL"
// for NULL).
func queryStrings(tb testing.TB, s *engine.Session, q string, args ...any) [][]string {
	tb.Helper()
	rows, err := s.Query(context.Background(), q, args...)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	var out [][]string
	for rows.Next() {
		var r []string
		for _, v := range rows.Text() {
			if v == nil {
				r = append(r, "NULL")
			} else {
				r = append(r, *v)
			}
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return out
}

func sqlstate(err error) string {
	var pe *engine.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

func TestConcurrentWritersLoseNothing(t *testing.T) {
	e := seeded(t, 1)
	const workers, each = 4, 50
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := e.Connect(engine.SessionOptions{})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			for i := 0; i < each; i++ {
				rows, err := s.Query(context.Background(), "update t set score = score + 1 where id = 1")
				if err == nil {
					err = rows.Close()
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	s := mustSession(t, e)
	got := queryStrings(t, s, "select score from t where id = 1")
	if diff := cmp.Diff([][]string{{fmt.Sprint(1 + workers*each)}}, got); diff != "" {
		t.Fatalf("lost updates (-want +got):\n%s", diff)
	}
}

func TestUncommittedWritesAreInvisible(t *testing.T) {
	e := seeded(t, 3)
	a, b := mustSession(t, e), mustSession(t, e)
	exec(t, a, "begin")
	exec(t, a, "delete from t where id = 1")
	if got := queryStrings(t, b, "select count(*) from t"); got[0][0] != "3" {
		t.Fatalf("reader saw uncommitted delete: %v", got)
	}
	exec(t, a, "commit")
	if got := queryStrings(t, b, "select count(*) from t"); got[0][0] != "2" {
		t.Fatalf("reader missed committed delete: %v", got)
	}
}

func TestSnapshotIsIndependent(t *testing.T) {
	e := seeded(t, 10)
	clone := e.Snapshot()
	exec(t, mustSession(t, clone), "delete from t where id <= 5")
	exec(t, mustSession(t, e), "insert into t values (100, 'x', 1)")
	if got := queryStrings(t, mustSession(t, e), "select count(*) from t"); got[0][0] != "11" {
		t.Fatalf("original: %v", got)
	}
	if got := queryStrings(t, mustSession(t, clone), "select count(*) from t"); got[0][0] != "5" {
		t.Fatalf("clone: %v", got)
	}
}

func TestFailedStatementLeavesNothing(t *testing.T) {
	e := seeded(t, 2)
	s := mustSession(t, e)
	rows, err := s.Query(context.Background(), "insert into t values (3, 'ok', 1), (1, 'duplicate', 1)")
	if err == nil {
		err = rows.Close()
	}
	if code := sqlstate(err); code != "23505" {
		t.Fatalf("got %v, want 23505", err)
	}
	if got := queryStrings(t, s, "select count(*) from t"); got[0][0] != "2" {
		t.Fatalf("half-applied insert: %v", got)
	}
}

func TestTransactionalDDL(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	exec(t, s, "begin")
	exec(t, s, "create table gone (id int primary key)")
	exec(t, s, "insert into gone values (1)")
	exec(t, s, "rollback")
	_, err := s.Query(context.Background(), "select * from gone")
	if code := sqlstate(err); code != "42P01" {
		t.Fatalf("got %v, want 42P01", err)
	}
}

func TestStatementCacheSeesDDL(t *testing.T) {
	e := seeded(t, 1)
	a, b := mustSession(t, e), mustSession(t, e)
	queryStrings(t, a, "select * from t")
	exec(t, b, "drop table t")
	exec(t, b, "create table t (other text)")
	got := queryStrings(t, a, "select * from t")
	if len(got) != 0 {
		t.Fatalf("cached statement read the dropped table: %v", got)
	}
	rows, err := a.Query(context.Background(), "select * from t")
	if err != nil {
		t.Fatal(err)
	}
	cols := rows.Columns()
	rows.Close()
	if len(cols) != 1 || cols[0].Name != "other" {
		t.Fatalf("columns %+v, want [other]", cols)
	}
}

func TestNotices(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	rows, err := s.Query(context.Background(), "commit")
	if err != nil {
		t.Fatal(err)
	}
	rows.Close()
	want := []engine.Notice{{Severity: "WARNING", Code: "25P01", Message: "there is no transaction in progress"}}
	if diff := cmp.Diff(want, rows.Notices()); diff != "" {
		t.Fatalf("notices (-want +got):\n%s", diff)
	}
}

func TestExecScriptPositions(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	script := "create table a (id int);\ninsert into a values (1);\nselect 1 frm a;"
	res, err := s.Exec(context.Background(), script)
	if len(res) != 2 || res[1].Tag != "INSERT 0 1" {
		t.Fatalf("results %+v", res)
	}
	var pe *engine.Error
	if !errors.As(err, &pe) || pe.Code != "42601" {
		t.Fatalf("got %v, want 42601", err)
	}
	if want := strings.LastIndex(script, "a;") + 1; pe.Position != want {
		t.Fatalf("position %d, want %d", pe.Position, want)
	}
}

func TestErrorPositions(t *testing.T) {
	e := seeded(t, 1)
	s := mustSession(t, e)
	for _, tc := range []struct {
		name, sql, code string
		pos             int
	}{
		{"undefined table", "select * from nope", "42P01", 15},
		{"undefined column", "select id, nope from t", "42703", 12},
		{"insert column", "insert into t (id, nope) values (1, 2)", "42703", 20},
		{"bad literal", "select * from t where id = 'x'", "22P02", 28},
		{"undefined function", "select nofunc(1)", "42883", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := s.Query(context.Background(), tc.sql)
			if err == nil {
				err = rows.Close()
			}
			var pe *engine.Error
			if !errors.As(err, &pe) || pe.Code != tc.code || pe.Position != tc.pos {
				t.Fatalf("got %v (position %d), want %s at %d", err, pe.Position, tc.code, tc.pos)
			}
		})
	}
}
