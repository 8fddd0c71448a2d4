package testdb_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/testdb"
)

// BenchmarkTestDB runs 20 files of 10 assertions on the 25-migration
// sample project (bench/testdb.sh measures the whole CLI process).
func BenchmarkTestDB(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join("..", "testdata", "projects", "realistic25")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		b.Fatal(err)
	}
	tables := []string{"organizations", "profiles", "memberships", "projects", "tasks", "task_comments", "labels", "task_labels", "attachments", "invitations",
		"notifications", "audit_log", "billing_customers", "subscriptions", "invoices", "invoice_items", "api_keys", "webhooks", "webhook_deliveries", "feature_flags"}
	tests := filepath.Join(dir, "supabase", "tests")
	if err := os.MkdirAll(tests, 0o755); err != nil {
		b.Fatal(err)
	}
	for i, t := range tables {
		body := fmt.Sprintf(`begin;
select plan(10);
select has_table('public'::name, '%[1]s'::name);
select has_pk('%[1]s');
select has_column('%[1]s', 'id');
select col_not_null('%[1]s', 'id');
select isnt_empty('select 1', 'a query returns rows');
select lives_ok('select count(*) from public.%[1]s', 'postgres can read %[1]s');
select results_eq('select count(*) from public.%[1]s', 'select count(*) from public.%[1]s', 'count is stable');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub": "00000000-0000-0000-0000-00000000000%[2]d", "role": "authenticated"}', true);
select is(current_user::text, 'authenticated', 'running as authenticated');
select throws_ok('select 1/0', '22012', 'division by zero', 'errors are caught');
select ok(auth.uid() is not null, 'auth.uid() reads the claims');
select * from finish();
rollback;
`, t, i%10)
		if err := os.WriteFile(filepath.Join(tests, fmt.Sprintf("%02d_%s.test.sql", i, t)), []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		res, err := p.TestDB(ctx, nil, testdb.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if !res.Passed || res.Tests != 200 {
			b.Fatalf("passed=%v tests=%d", res.Passed, res.Tests)
		}
	}
}
