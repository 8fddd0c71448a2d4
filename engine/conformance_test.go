package engine_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/internal/conformance"
)

// The conformance suite runs every statement of testdata/conformance on
// tinybase and compares it with PostgreSQL's answer; see
// testdata/conformance/README.md.
var (
	recordFlag = flag.Bool("record", false, "conformance: record golden files from PostgreSQL ($TINYBASE_PG_URL, or .ci/pg.sh start)")
	liveFlag   = flag.Bool("live", false, "conformance: compare with a live PostgreSQL instead of the golden files")
	updateFlag = flag.Bool("update-known", false, "conformance: rewrite testdata/conformance/known_failures.txt from this run")
	caseFlag   = flag.String("case", "", "conformance: run only cases whose id (<area>/<name>.sql#<n>) matches this regexp")
)

func TestConformance(t *testing.T) {
	ctx := context.Background()
	root := filepath.Join("..", "testdata", "conformance")
	knownPath := filepath.Join(root, "known_failures.txt")
	files, err := conformance.LoadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	known, err := conformance.ReadKnown(knownPath)
	if err != nil {
		t.Fatal(err)
	}
	var sel *regexp.Regexp
	if *caseFlag != "" {
		if sel, err = regexp.Compile(*caseFlag); err != nil {
			t.Fatalf("-case: %v", err)
		}
	}
	var oracle *conformance.Postgres
	if *recordFlag || *liveFlag {
		oracle = connectOracle(t)
	}

	var outcomes []conformance.Outcome
	for _, f := range files {
		if !selected(f, sel) {
			continue
		}
		t.Run(strings.TrimSuffix(f.Name, ".sql"), func(t *testing.T) {
			want, err := expectations(ctx, oracle, f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := conformance.RunFile(ctx, tinybase{}, f, conformance.StatementTimeout)
			if err != nil {
				t.Fatal(err)
			}
			results, err := conformance.CompareFile(f, got, want, sel)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range results {
				outcomes = append(outcomes, o)
				msg := known.Judge(o)
				if msg != "" && !*updateFlag {
					t.Error(msg)
				}
				// -v shows diffs of unexpected failures, or of every
				// failure among the cases -case picked.
				if !o.Pass() && testing.Verbose() && (msg != "" || sel != nil) {
					t.Log("\n" + o.Diff())
				}
			}
		})
	}

	if *updateFlag {
		known = known.Updated(files, outcomes)
		if err := known.Write(knownPath); err != nil {
			t.Fatal(err)
		}
	} else {
		for _, id := range known.Stale(files) {
			t.Errorf("%s: listed in known_failures.txt but no such case", id)
		}
	}
	logSummary(t, outcomes, known)
}

// expectations returns PostgreSQL's answers for f: recorded anew with
// -record, fetched in memory with -live, read from the golden file otherwise.
func expectations(ctx context.Context, oracle *conformance.Postgres, f *conformance.File) ([]*conformance.Result, error) {
	switch {
	case *recordFlag:
		return conformance.Record(ctx, oracle, f)
	case *liveFlag:
		live, err := conformance.Expect(ctx, oracle, f, 0)
		var lacks *conformance.MissingExtensionsError
		if errors.As(err, &lacks) {
			// An extension outside PostgreSQL itself (pgvector): the
			// goldens were recorded where it was installed.
			return goldenExpectations(f)
		}
		if err != nil {
			return nil, err
		}
		// Notices are compared for the files whose goldens record them
		// (recorded since notices carried SQLSTATEs), live as from the
		// goldens.
		if golden, err := conformance.ReadGolden(f.GoldenPath()); err == nil && !conformance.RecordsNoticeCodes(golden) {
			for _, r := range live {
				r.NoticeCodes = nil
			}
		}
		return live, nil
	}
	return goldenExpectations(f)
}

func goldenExpectations(f *conformance.File) ([]*conformance.Result, error) {
	want, err := conformance.ReadGolden(f.GoldenPath())
	if err != nil {
		return nil, fmt.Errorf("%w (record it with -record)", err)
	}
	return want, nil
}

func connectOracle(t *testing.T) *conformance.Postgres {
	t.Helper()
	ctx := context.Background()
	repo, err := conformance.RepoRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	url, err := conformance.PostgresURL(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := conformance.ConnectPostgres(ctx, url, engine.BootstrapPostgres)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	pg.SetExtensionVersions(standInVersions(t))
	return pg
}

// standInVersions maps each extension tinybase offers to its default
// version: the oracle judges a file that requires one only at that
// version.
func standInVersions(t *testing.T) map[string]string {
	t.Helper()
	s := mustSession(t, enginetest.New(t))
	defer s.Close()
	out := map[string]string{}
	for _, r := range queryStrings(t, s, "SELECT name, default_version FROM pg_available_extensions") {
		out[r[0]] = r[1]
	}
	return out
}

func selected(f *conformance.File, sel *regexp.Regexp) bool {
	if sel == nil {
		return true
	}
	for i := range f.Statements {
		if sel.MatchString(f.ID(i + 1).String()) {
			return true
		}
	}
	return false
}

func logSummary(t *testing.T, outcomes []conformance.Outcome, known conformance.Known) {
	total, areas, byArea := conformance.Summarize(outcomes)
	knownFailing, newFailing := 0, 0
	for _, o := range outcomes {
		if _, listed := known[o.ID]; listed && !o.Pass() {
			knownFailing++
		} else if !o.Pass() {
			newFailing++
		}
	}
	line := fmt.Sprintf("conformance: %d cases, %d passing, %d known failures", total.Cases, total.Passing, knownFailing)
	if newFailing > 0 {
		line += fmt.Sprintf(", %d unlisted failures", newFailing)
	}
	t.Log(line)
	if testing.Verbose() {
		for _, a := range areas {
			n := byArea[a]
			t.Logf("  %-13s %4d cases, %4d passing, %4d failing", a, n.Cases, n.Passing, n.Failing)
		}
	}
}

// tinybase is the engine as a conformance target: every file gets a new
// engine, so no state leaks between files.
type tinybase struct{}

func (tinybase) Open(context.Context) (conformance.Session, error) {
	return openTinybase(engine.Options{NoBootstrap: true})
}

// OpenBootstrapped starts from the Supabase bootstrap, for the areas that
// PostgreSQL recorded with it (conformance.UsesBootstrap).
func (tinybase) OpenBootstrapped(context.Context) (conformance.Session, error) {
	return openTinybase(engine.Options{})
}

func openTinybase(opts engine.Options) (conformance.Session, error) {
	e, err := engine.Open(opts)
	if err != nil {
		return nil, err
	}
	s, err := e.Connect(engine.SessionOptions{User: "postgres", Database: "postgres"})
	if err != nil {
		closeEngine(e)
		return nil, err
	}
	return &tinybaseSession{e: e, s: s}, nil
}

type tinybaseSession struct {
	e *engine.Engine
	s *engine.Session
}

func (ts *tinybaseSession) Exec(ctx context.Context, sql string) (*conformance.Result, error) {
	rows, err := ts.s.Query(ctx, sql)
	if err != nil {
		return sqlError(err)
	}
	closed := false
	defer func() {
		if !closed {
			rows.Close()
		}
	}()
	res := &conformance.Result{}
	for _, c := range rows.Columns() {
		res.Columns = append(res.Columns, conformance.Column{Name: c.Name, Type: c.TypeName})
	}
	for rows.Next() {
		text := rows.Text()
		row := make([]*string, len(text))
		for i, v := range text {
			if v != nil {
				s := *v
				row[i] = &s
			}
		}
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		return sqlError(err)
	}
	res.Tag = rows.Tag()
	closed = true
	if err := rows.Close(); err != nil {
		return sqlError(err)
	}
	for _, n := range rows.Notices() {
		res.Notices = append(res.Notices, n.Severity+": "+n.Message)
		res.NoticeCodes = append(res.NoticeCodes, n.Code)
	}
	return res, nil
}

func (ts *tinybaseSession) Close() error {
	ts.s.Close()
	return closeEngine(ts.e)
}

// closeEngine releases e if the engine offers a way to.
func closeEngine(e *engine.Engine) error {
	switch c := any(e).(type) {
	case interface{ Close() error }:
		return c.Close()
	case interface{ Close() }:
		c.Close()
	}
	return nil
}

// sqlError turns an engine error into the statement's outcome; any other
// error is a harness failure, since every engine error must carry a SQLSTATE.
func sqlError(err error) (*conformance.Result, error) {
	var e *engine.Error
	if !errors.As(err, &e) {
		return nil, err
	}
	return &conformance.Result{Error: &conformance.Error{Code: e.Code, Message: e.Message, Position: e.Position, Where: e.Where,
		Detail: e.Detail, Hint: e.Hint, InternalQuery: e.InternalQuery, InternalPosition: e.InternalPosition}}, nil
}
