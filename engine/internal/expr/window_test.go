package expr

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// runWindow evaluates a window call over one partition sorted by column 0.
func runWindow(t *testing.T, spec AggSpec, args []sql.Expression, rows []sql.Row) []any {
	t.Helper()
	spec.Window = true
	a, err := NewAggregate(NewAggSpec(spec), args)
	if err != nil {
		t.Fatal(err)
	}
	win := sql.NewWindowDefinition(nil, sql.SortFields{{Column: col(types.Int4, 0), Order: sql.Ascending}}, nil, "", "")
	w := a.WithWindow(win).(*Aggregate)
	fn, err := w.NewWindowFunction()
	if err != nil {
		t.Fatal(err)
	}
	ctx := sql.NewEmptyContext()
	buf := sql.WindowBuffer(rows)
	if err := fn.StartPartition(ctx, sql.WindowInterval{Start: 0, End: len(rows)}, buf); err != nil {
		t.Fatal(err)
	}
	var out []any
	for i := range rows {
		v := fn.Compute(ctx, sql.WindowInterval{Start: i, End: i + 1}, buf)
		if err, ok := v.(error); ok {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func TestWindowFunctions(t *testing.T) {
	rows := []sql.Row{{int32(10)}, {int32(20)}, {int32(20)}, {int32(30)}}
	c := col(types.Int4, 0)
	tests := []struct {
		name string
		spec AggSpec
		args []sql.Expression
		want []any
	}{
		{"row_number", AggSpec{Name: "row_number"}, nil, []any{int64(1), int64(2), int64(3), int64(4)}},
		{"rank", AggSpec{Name: "rank"}, nil, []any{int64(1), int64(2), int64(2), int64(4)}},
		{"dense_rank", AggSpec{Name: "dense_rank"}, nil, []any{int64(1), int64(2), int64(2), int64(3)}},
		{"cume_dist", AggSpec{Name: "cume_dist"}, nil, []any{0.25, 0.75, 0.75, 1.0}},
		{"ntile", AggSpec{Name: "ntile", NArgs: 1}, []sql.Expression{NewLiteral(types.Int4, int32(3))}, []any{int32(1), int32(1), int32(2), int32(3)}},
		{"lag", AggSpec{Name: "lag", NArgs: 1}, []sql.Expression{c}, []any{nil, int32(10), int32(20), int32(20)}},
		{"lead with default", AggSpec{Name: "lead", NArgs: 3}, []sql.Expression{c, NewLiteral(types.Int4, int32(2)), NewLiteral(types.Int4, int32(-1))},
			[]any{int32(20), int32(30), int32(-1), int32(-1)}},
		{"running sum includes peers", AggSpec{Name: "sum", NArgs: 1}, []sql.Expression{c}, []any{int64(10), int64(50), int64(50), int64(80)}},
		{"rows frame", AggSpec{Name: "sum", NArgs: 1, Frame: &FrameSpec{Rows: true, Start: BoundPreceding, End: BoundFollowing, StartOff: 1, EndOff: 2}},
			[]sql.Expression{c, NewLiteral(types.Int4, int32(1)), NewLiteral(types.Int4, int32(1))}, []any{int64(30), int64(50), int64(70), int64(50)}},
		{"range offset frame", AggSpec{Name: "count", Star: true, Frame: &FrameSpec{Start: BoundPreceding, End: BoundCurrentRow, StartOff: 0, EndOff: -1}},
			[]sql.Expression{NewLiteral(types.Int4, int32(10))}, []any{int64(1), int64(3), int64(3), int64(3)}},
		{"last_value whole partition", AggSpec{Name: "last_value", NArgs: 1, Frame: &FrameSpec{Rows: true, Start: BoundUnboundedPreceding, End: BoundUnboundedFollowing, StartOff: -1, EndOff: -1}},
			[]sql.Expression{c}, []any{int32(30), int32(30), int32(30), int32(30)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runWindow(t, tc.spec, tc.args, rows)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
