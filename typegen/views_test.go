package typegen

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// hiddenViewDefs is a querier on which information_schema.views shows no
// definitions, as PostgreSQL does for views the user does not own.
type hiddenViewDefs struct{ querier }

func (q hiddenViewDefs) query(ctx context.Context, sql string) ([]resultCol, [][]*string, error) {
	cols, rows, err := q.querier.query(ctx, sql)
	if sql == qViews {
		for _, r := range rows {
			r[3] = nil
		}
	}
	return cols, rows, err
}

// TestViewDefinitionsFromPgViews checks that view relationships come from
// pg_views when information_schema.views hides the definitions.
func TestViewDefinitionsFromPgViews(t *testing.T) {
	for _, name := range []string{"basic", "multi"} {
		t.Run(name, func(t *testing.T) {
			schema, schemas, want := readCase(t, name)
			s := newSession(t)
			if _, err := s.Exec(context.Background(), schema); err != nil {
				t.Fatalf("loading schema.sql: %v", err)
			}
			got, err := generate(context.Background(), hiddenViewDefs{sessionQuerier{s}}, schemas)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("output differs from postgres-meta's (-want +got):\n%s", diff)
			}
		})
	}
}
