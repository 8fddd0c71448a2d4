package expr

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// column reads field i of the row, typed.
type column struct {
	base
	i int
}

func (c *column) Eval(_ *sql.Context, row sql.Row) (any, error)          { return row[c.i], nil }
func (c *column) Children() []sql.Expression                             { return nil }
func (c *column) WithChildren(...sql.Expression) (sql.Expression, error) { return c, nil }
func (c *column) String() string                                         { return "col" }

func col(t *types.Type, i int) sql.Expression { return &column{base{t}, i} }

func runAggregate(t *testing.T, spec AggSpec, args []sql.Expression, rows []sql.Row) any {
	t.Helper()
	a, err := NewAggregate(NewAggSpec(spec), args)
	if err != nil {
		t.Fatal(err)
	}
	buf, err := a.NewBuffer()
	if err != nil {
		t.Fatal(err)
	}
	ctx := sql.NewEmptyContext()
	for _, r := range rows {
		if err := buf.Update(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	v, err := buf.Eval(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAggregates(t *testing.T) {
	ints := []sql.Row{{int32(3), "b"}, {nil, "a"}, {int32(10), "c"}, {int32(3), "a"}}
	tests := []struct {
		name string
		spec AggSpec
		args []sql.Expression
		rows []sql.Row
		want any
	}{
		{"count star", AggSpec{Name: "count", Star: true}, nil, ints, int64(4)},
		{"count skips nulls", AggSpec{Name: "count", NArgs: 1}, []sql.Expression{col(types.Int4, 0)}, ints, int64(3)},
		{"count distinct", AggSpec{Name: "count", NArgs: 1, Distinct: true}, []sql.Expression{col(types.Int4, 0)}, ints, int64(2)},
		{"sum int4 is bigint", AggSpec{Name: "sum", NArgs: 1}, []sql.Expression{col(types.Int4, 0)}, ints, int64(16)},
		{"avg is exact numeric", AggSpec{Name: "avg", NArgs: 1}, []sql.Expression{col(types.Int4, 0)}, ints, decimal.RequireFromString("5.3333333333333333")},
		{"sum of no rows is null", AggSpec{Name: "sum", NArgs: 1}, []sql.Expression{col(types.Int4, 0)}, nil, nil},
		{"max", AggSpec{Name: "max", NArgs: 1}, []sql.Expression{col(types.Text, 1)}, ints, "c"},
		{"string_agg ordered", AggSpec{Name: "string_agg", NArgs: 2, Order: []SortKey{{Desc: true}}},
			[]sql.Expression{col(types.Text, 1), NewLiteral(types.Text, ","), col(types.Text, 1)}, ints, "c,b,a,a"},
		{"string_agg distinct", AggSpec{Name: "string_agg", NArgs: 2, Distinct: true},
			[]sql.Expression{col(types.Text, 1), NewLiteral(types.Text, "|")}, ints, "a|b|c"},
		{"filter", AggSpec{Name: "count", Star: true, Filter: true},
			[]sql.Expression{&column{base{types.Bool}, 2}}, []sql.Row{{nil, nil, true}, {nil, nil, false}, {nil, nil, nil}}, int64(1)},
		{"bool_and", AggSpec{Name: "bool_and", NArgs: 1}, []sql.Expression{col(types.Bool, 0)}, []sql.Row{{true}, {nil}, {false}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runAggregate(t, tc.spec, tc.args, tc.rows)
			if d, ok := tc.want.(decimal.Decimal); ok {
				if g, ok := got.(decimal.Decimal); !ok || g.String() != d.String() {
					t.Fatalf("got %v want %v", got, d)
				}
				return
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestArrayAggKeepsNulls(t *testing.T) {
	got := runAggregate(t, AggSpec{Name: "array_agg", NArgs: 1}, []sql.Expression{col(types.Int4, 0)},
		[]sql.Row{{int32(1)}, {nil}, {int32(2)}})
	arr, ok := got.(*types.Array)
	if !ok {
		t.Fatalf("got %T", got)
	}
	if diff := cmp.Diff([]any{int32(1), nil, int32(2)}, arr.Values); diff != "" {
		t.Fatal(diff)
	}
}

func TestQuantifiedSublink(t *testing.T) {
	tests := []struct {
		name string
		agg  string
		rows []sql.Row
		want any
	}{
		{"all empty is true", "$all", nil, true},
		{"all with false", "$all", []sql.Row{{true}, {false}, {nil}}, false},
		{"all with null", "$all", []sql.Row{{true}, {nil}}, nil},
		{"any empty is false", "$any", nil, false},
		{"any with true", "$any", []sql.Row{{nil}, {true}}, true},
		{"any with null", "$any", []sql.Row{{false}, {nil}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runAggregate(t, AggSpec{Name: tc.agg, NArgs: 1}, []sql.Expression{col(types.Bool, 0)}, tc.rows)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatal(diff)
			}
		})
	}
}
