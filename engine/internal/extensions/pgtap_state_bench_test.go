package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkPgtapOK measures a pgTAP assertion inside a test transaction,
// as a pgTAP file runs them: ok() and is() in a transaction that ran no
// DDL, and is() after a CREATE TEMP TABLE in it (a fixture), which must
// not make every later statement plan afresh.
func BenchmarkPgtapOK(b *testing.B) {
	for _, bc := range []struct {
		name, setup, stmt string
	}{
		{"ok", "", "SELECT extensions.ok(true, 'x')"},
		{"is", "", "SELECT extensions.is(1, 1, 'x')"},
		{"is_after_temp_table", "CREATE TEMP TABLE fixture (a int)", "SELECT extensions.is(1, 1, 'x')"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := enginetest.Session(b, enginetest.Migrated(b, "CREATE EXTENSION pgtap WITH SCHEMA extensions"))
			ctx := context.Background()
			if _, err := s.Exec(ctx, "BEGIN; SELECT extensions.no_plan()"); err != nil {
				b.Fatal(err)
			}
			if bc.setup != "" {
				if _, err := s.Exec(ctx, bc.setup); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.Exec(ctx, bc.stmt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPgtapFile measures a whole short test file as `tinybase test
// db` runs one: a transaction that plans, runs ten assertions, some as
// another role, and finishes — plan() creating pgTAP's temporary state
// included.
func BenchmarkPgtapFile(b *testing.B) {
	s := enginetest.Session(b, enginetest.Migrated(b, "CREATE EXTENSION pgtap WITH SCHEMA extensions; CREATE TABLE public.items (id int PRIMARY KEY, name text)"))
	ctx := context.Background()
	const file = `BEGIN;
SELECT extensions.plan(10);
SELECT extensions.has_table('public'::name, 'items'::name);
SELECT extensions.has_pk('public'::name, 'items'::name, 'pk');
SELECT extensions.has_column('public'::name, 'items'::name, 'id'::name, 'id');
SELECT extensions.is(1, 1, 'one');
SELECT extensions.isnt_empty('select 1', 'rows');
SELECT extensions.lives_ok('select count(*) from public.items', 'reads');
SELECT extensions.results_eq('select count(*) from public.items', 'select count(*) from public.items', 'stable');
SET LOCAL ROLE authenticated;
SELECT extensions.is(current_user::text, 'authenticated', 'role');
SELECT extensions.throws_ok('select 1/0', '22012', 'division by zero', 'errors');
SELECT extensions.ok(true, 'ok');
SELECT * FROM extensions.finish();
ROLLBACK`
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Exec(ctx, file); err != nil {
			b.Fatal(err)
		}
	}
}
