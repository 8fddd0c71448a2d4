package typegen

import (
	"context"
	"strings"
	"testing"
)

// TestForeignTablesAreTables: postgres-meta lists foreign tables with
// the tables (Row, Insert, Update, Relationships), as a wrappers
// migration's foreign tables appear in supabase gen types.
func TestForeignTablesAreTables(t *testing.T) {
	s := newSession(t)
	if _, err := s.Exec(context.Background(), `create foreign data wrapper w;
		create server srv foreign data wrapper w;
		create foreign table customers (id text not null, email text) server srv options (object 'customers')`); err != nil {
		t.Fatal(err)
	}
	got, err := generate(context.Background(), sessionQuerier{s}, []string{"public"})
	if err != nil {
		t.Fatal(err)
	}
	tables, _, _ := strings.Cut(got, "Views: {")
	for _, want := range []string{`customers: {`, `Row: {`, `email: string | null`, `id: string`, `Insert: {`, `Update: {`} {
		if !strings.Contains(tables, want) {
			t.Errorf("Tables lack %q:\n%s", want, tables)
		}
	}
}
