package conformance

import (
	"context"
	"errors"
	"flag"
	"github.com/tinybase/tinybase/engine"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// These tests look after testdata/conformance itself; engine/
// conformance_test.go runs it on tinybase. Recording from here works even
// while the engine does not build.
var (
	recordFlag = flag.Bool("record", false, "record golden files from PostgreSQL ($TINYBASE_PG_URL, or .ci/pg.sh start)")
	liveFlag   = flag.Bool("live", false, "check that PostgreSQL still answers as the golden files say")
	caseFlag   = flag.String("case", "", "only files with a case id matching this regexp")
)

func loadTestdata(t *testing.T) []*File {
	t.Helper()
	repo, err := RepoRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	files, err := LoadDir(filepath.Join(repo, "testdata", "conformance"))
	if err != nil {
		t.Fatal(err)
	}
	if *caseFlag == "" {
		return files
	}
	sel, err := regexp.Compile(*caseFlag)
	if err != nil {
		t.Fatalf("-case: %v", err)
	}
	var out []*File
	for _, f := range files {
		for i := range f.Statements {
			if sel.MatchString(f.ID(i + 1).String()) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// TestGoldensUpToDate checks offline that every case file has a golden
// recorded from its current statements.
func TestGoldensUpToDate(t *testing.T) {
	if *recordFlag {
		t.Skip("recording")
	}
	for _, f := range loadTestdata(t) {
		want, err := ReadGolden(f.GoldenPath())
		if err != nil {
			t.Errorf("%s: %v (record it with -record)", f.Name, err)
			continue
		}
		if err := CheckGolden(f, want); err != nil {
			t.Error(err)
			continue
		}
		for _, r := range want {
			if r.Error == nil && r.Ordered != f.Statements[r.N-1].Ordered {
				t.Errorf("%s: ordered flag changed: re-record with -record", f.ID(r.N))
			}
		}
	}
}

// TestCaseFileLayout keeps case files in the areas README.md names.
func TestCaseFileLayout(t *testing.T) {
	areas := map[string]bool{"types": true, "ddl": true, "dml": true, "queries": true,
		"functions": true, "session": true, "transactions": true, "errors": true,
		"routines": true, "triggers": true, "plpgsql": true, "storage": true,
		"extensions": true, "large_objects": true, "roles": true, "privileges": true, "rls": true} // the last three start from the bootstrap
	for _, f := range loadTestdata(t) {
		if !areas[f.Area()] || strings.Count(f.Name, "/") != 1 {
			t.Errorf("%s: case files go in <area>/<name>.sql, area one of the README's", f.Name)
		}
		if len(f.Statements) == 0 {
			t.Errorf("%s: no statements", f.Name)
		}
	}
}

func connectTestPostgres(t *testing.T) *Postgres {
	t.Helper()
	ctx := context.Background()
	repo, err := RepoRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	url, err := PostgresURL(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := ConnectPostgres(ctx, url, engine.BootstrapPostgres)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	return pg
}

// TestRecord rewrites the golden files from PostgreSQL (-record).
func TestRecord(t *testing.T) {
	if !*recordFlag {
		t.Skip("-record not set")
	}
	pg := connectTestPostgres(t)
	n := 0
	for _, f := range loadTestdata(t) {
		if _, err := Record(context.Background(), pg, f); err != nil {
			t.Fatal(err)
		}
		n += len(f.Statements)
	}
	t.Logf("recorded %d statements", n)
}

// TestLive re-runs every file on PostgreSQL and compares with the goldens,
// which catches nondeterministic cases (-live).
func TestLive(t *testing.T) {
	if !*liveFlag {
		t.Skip("-live not set")
	}
	pg := connectTestPostgres(t)
	for _, f := range loadTestdata(t) {
		got, err := Expect(context.Background(), pg, f, 0)
		var lacks *MissingExtensionsError
		if errors.As(err, &lacks) {
			t.Logf("skipped: %v", err)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		want, err := ReadGolden(f.GoldenPath())
		if err != nil {
			t.Fatal(err)
		}
		outcomes, err := CompareFile(f, got, want, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outcomes {
			if !o.Pass() {
				t.Errorf("%s", o.Diff())
			}
		}
	}
}
