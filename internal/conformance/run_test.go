package conformance

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"
)

// fakeTarget answers statements from a table keyed by SQL text.
type fakeTarget struct {
	answers map[string]func(ctx context.Context) (*Result, error)
	closed  int
}

func (f *fakeTarget) Open(context.Context) (Session, error) { return fakeSession{f}, nil }

type fakeSession struct{ f *fakeTarget }

func (s fakeSession) Exec(ctx context.Context, sql string) (*Result, error) {
	return s.f.answers[sql](ctx)
}

func (s fakeSession) Close() error { s.f.closed++; return nil }

func TestRunFile(t *testing.T) {
	var nilMap map[string]int
	target := &fakeTarget{answers: map[string]func(context.Context) (*Result, error){
		"ok":      func(context.Context) (*Result, error) { return &Result{Tag: "SELECT 1"}, nil },
		"sqlerr":  func(context.Context) (*Result, error) { return &Result{Error: &Error{Code: "22012"}}, nil },
		"goerr":   func(context.Context) (*Result, error) { return nil, errors.New("unmapped") },
		"panic":   func(context.Context) (*Result, error) { nilMap["x"] = 1; return nil, nil },
		"nothing": func(context.Context) (*Result, error) { return nil, nil },
		"hang":    func(context.Context) (*Result, error) { select {} },
	}}
	f := &File{Name: "a/x.sql"}
	for _, sql := range []string{"ok", "sqlerr", "goerr", "panic", "nothing", "hang", "ok"} {
		f.Statements = append(f.Statements, Statement{SQL: sql})
	}
	f.Statements[0].Ordered = true
	results, err := RunFile(context.Background(), target, f, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ tag, code, failure string }{
		{tag: "SELECT 1"},
		{code: "22012"},
		{failure: "error without SQLSTATE: unmapped"},
		{failure: "panic: assignment to entry in nil map (at run_test.go:"},
		{failure: "no result"},
		{failure: "timeout: still running after 50ms"},
		{failure: "not run: the session hung on an earlier statement"},
	}
	for i, w := range want {
		r := results[i]
		code := ""
		if r.Error != nil {
			code = r.Error.Code
		}
		if r.N != i+1 || r.SQL != f.Statements[i].SQL || r.Tag != w.tag || code != w.code || !strings.HasPrefix(r.Failure, w.failure) {
			t.Errorf("result %d = %+v, want %+v", i+1, r, w)
		}
	}
	if !results[0].Ordered {
		t.Error("Ordered not copied from the statement")
	}
	if target.closed != 0 {
		t.Error("a hung session was closed")
	}
}

func TestCompareFile(t *testing.T) {
	f := &File{Name: "a/x.sql", Statements: []Statement{{SQL: "SELECT 1"}, {SQL: "SELECT 2"}}}
	got := []*Result{{N: 1, SQL: "SELECT 1", Tag: "SELECT 1"}, {N: 2, SQL: "SELECT 2", Tag: "SELECT 1"}}
	want := []*Result{{N: 1, SQL: "SELECT 1", Tag: "SELECT 1"}, {N: 2, SQL: "SELECT 2", Tag: "SELECT 2"}}

	out, err := CompareFile(f, got, want, nil)
	if err != nil || len(out) != 2 || !out[0].Pass() || out[1].Reason != `tag "SELECT 1" want "SELECT 2"` {
		t.Errorf("CompareFile = %+v, %v", out, err)
	}
	out, _ = CompareFile(f, got, want, regexp.MustCompile(`#2$`))
	if len(out) != 1 || out[0].ID != (CaseID{"a/x.sql", 2}) {
		t.Errorf("CompareFile with selection = %+v", out)
	}
	for _, stale := range [][]*Result{
		{{N: 1, SQL: "SELECT 1"}, {N: 2, SQL: "SELECT 3"}},
		{{N: 1, SQL: "SELECT 1"}},
	} {
		if _, err := CompareFile(f, got, stale, nil); err == nil || !strings.Contains(err.Error(), "re-record") {
			t.Errorf("CompareFile with stale golden: err = %v", err)
		}
	}
	if diff := out[0].Diff(); !strings.Contains(diff, "a/x.sql#2") || !strings.Contains(diff, `want: {"n":2`) {
		t.Errorf("Diff = %s", diff)
	}
	all, _ := CompareFile(f, got, want, nil)
	total, areas, byArea := Summarize(all)
	if total != (Tally{2, 1, 1}) || len(areas) != 1 || *byArea["a"] != total {
		t.Errorf("Summarize = %+v %v %+v", total, areas, byArea)
	}
}
