package pgcatalog

import (
	"io"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"
)

// TestProjectedScan checks a catalog relation GMS pruned to some columns:
// its schema and its rows hold those columns, in the order named, and the
// memoized rows it copies them from are left as they were.
func TestProjectedScan(t *testing.T) {
	d := &def{cols: []column{{"oid", nil}, {"relname", nil}, {"relkind", nil}, {"relowner", nil}}}
	rows := []sql.Row{{uint32(1), "a", "r", uint32(10)}, {uint32(2), "b", "v", uint32(10)}}
	st := &State{}
	st.memo.rows = map[*def][]sql.Row{d: rows}
	full := &Table{schema: "pg_catalog", name: "pg_x", def: d, source: func(*sql.Context) (*State, error) { return st, nil }}
	for _, c := range d.cols {
		full.sch = append(full.sch, &sql.Column{Name: c.name, Nullable: true, Source: "pg_x"})
	}
	full.full = full.sch
	tests := []struct {
		name string
		cols []string
		want []sql.Row
	}{
		{"all", nil, rows},
		{"two", []string{"relkind", "oid"}, []sql.Row{{"r", uint32(1)}, {"v", uint32(2)}}},
		{"none", []string{}, []sql.Row{{}, {}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := sql.Table(full)
			if tt.cols != nil {
				tab = full.WithProjections(tt.cols)
				var names []string
				for _, c := range tab.Schema() {
					names = append(names, c.Name)
				}
				if diff := cmp.Diff(tt.cols, names, cmp.Comparer(func(a, b []string) bool { return len(a) == len(b) && (len(a) == 0 || cmp.Equal(a, b)) })); diff != "" {
					t.Fatalf("schema (-want +got):\n%s", diff)
				}
			}
			it, err := tab.PartitionRows(sql.NewEmptyContext(), partition{})
			if err != nil {
				t.Fatal(err)
			}
			var got []sql.Row
			for {
				r, err := it.Next(sql.NewEmptyContext())
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, append(sql.Row{}, r...))
				if len(r) > 0 {
					r[0] = "changed" // a consumer converting in place
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("rows (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]sql.Row{{uint32(1), "a", "r", uint32(10)}, {uint32(2), "b", "v", uint32(10)}}, rows); diff != "" {
				t.Fatalf("memoized rows changed (-want +got):\n%s", diff)
			}
		})
	}
}
