package testdb_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/testdb"
)

// TestPgTAPRegression runs pgTAP's own regression tests (test/sql/*.sql of
// a pgTAP checkout named by TINYBASE_PGTAP_CHECKOUT, never part of this
// repository) on tinybase's pgtap and counts the files whose output is
// test/expected/<name>.out. It reports, it does not fail: many files
// test functions tinybase does not have.
func TestPgTAPRegression(t *testing.T) {
	root := os.Getenv("TINYBASE_PGTAP_CHECKOUT")
	if root == "" {
		t.Skip("set TINYBASE_PGTAP_CHECKOUT to a pgTAP checkout")
	}
	files, err := filepath.Glob(filepath.Join(root, "test", "sql", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	include := regexp.MustCompile(`(?m)^\\i (\S+)\s*$`)
	var expand func(string) string
	expand = func(s string) string {
		return include.ReplaceAllStringFunc(s, func(m string) string {
			b, err := os.ReadFile(filepath.Join(root, include.FindStringSubmatch(m)[1]))
			if err != nil {
				return m
			}
			return expand(string(b))
		})
	}
	tmp := t.TempDir()
	ctx := context.Background()
	eng, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// pgTAP's expected outputs come from a plain PostgreSQL; the views
	// pg_stat_statements puts on Supabase's search path (extensions)
	// would be extra ones to views_are, and Supabase's default
	// extensions extra ones to extensions_are.
	sess, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Exec(ctx, `drop extension pg_stat_statements, pg_graphql, supabase_vault, pg_net, pgcrypto, "uuid-ossp" cascade`); err != nil {
		t.Fatal(err)
	}
	// The checkout's version (its control file's default_version), which
	// Prepare's CREATE EXTENSION IF NOT EXISTS then keeps.
	version, err := controlVersion(filepath.Join(root, "pgtap.control"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Exec(ctx, "create extension pgtap with schema extensions version '"+version+"'"); err != nil {
		t.Fatal(err)
	}
	t.Logf("pgTAP %s", version)
	sess.Close()
	base, err := testdb.Prepare(ctx, eng)
	if err != nil {
		t.Fatal(err)
	}
	// TINYBASE_PGTAP_ONLY (comma-separated names) narrows the run while
	// working on one file; TINYBASE_PGTAP_OUT names a directory that gets
	// each file's output, to diff against test/expected.
	only := map[string]bool{}
	for _, n := range strings.Split(os.Getenv("TINYBASE_PGTAP_ONLY"), ",") {
		if n != "" {
			only[n] = true
		}
	}
	out := os.Getenv("TINYBASE_PGTAP_OUT")
	matched := 0
	var passing []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".sql")
		if len(only) > 0 && !only[name] {
			continue
		}
		want, err := os.ReadFile(filepath.Join(root, "test", "expected", name+".out"))
		if err != nil {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(tmp, name+".sql")
		if err := os.WriteFile(p, []byte(expand(string(src))), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := testdb.Run(ctx, base, []string{p}, testdb.Options{Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		got := res.Files[0].TAP
		if out != "" {
			if err := os.WriteFile(filepath.Join(out, name+".out"), []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// pg_regress accepts any of a test's alternative outputs
		// (name_1.out, name_2.out…), recorded on other PostgreSQL versions.
		alts, err := filepath.Glob(filepath.Join(root, "test", "expected", name+"_[0-9].out"))
		if err != nil {
			t.Fatal(err)
		}
		same := func(want []byte) bool { return got == strings.TrimPrefix(string(want), "\\unset ECHO\n") }
		ok := same(want)
		for _, a := range alts {
			if b, err := os.ReadFile(a); err == nil && same(b) {
				ok = true
			}
		}
		if ok {
			matched++
			passing = append(passing, name)
			continue
		}
		t.Logf("%s: differs (%d of %d tests ok here; %v)", name, len(res.Files[0].Tests)-len(res.Files[0].Failed), res.Files[0].Planned, res.Files[0].Errors)
	}
	t.Logf("pgTAP regression files matching their expected output: %d of %d: %v", matched, len(files), passing)
}

// controlVersion reads default_version from an extension control file.
func controlVersion(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(?m)^\s*default_version\s*=\s*'([^']+)'`).FindSubmatch(b)
	if m == nil {
		return "", fmt.Errorf("%s: no default_version", path)
	}
	return string(m[1]), nil
}
