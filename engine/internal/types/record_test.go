package types

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// Expected outputs were checked against PostgreSQL 15's record_out.
func TestRecordOutput(t *testing.T) {
	env := &Env{Loc: time.UTC}
	tests := []struct {
		name string
		rec  *RecordVal
		want string
	}{
		{"plain", &RecordVal{Types: []*Type{Int4, Text, Bool}, Vals: []any{int32(1), "buy milk", false}}, `(1,"buy milk",f)`},
		{"null and empty", &RecordVal{Types: []*Type{Int4, Text, Text}, Vals: []any{nil, "", "x"}}, `(,"",x)`},
		{"quotes and backslashes doubled", &RecordVal{Types: []*Type{Text}, Vals: []any{`say "hi" \o/`}}, `("say ""hi"" \\o/")`},
		{"parens and commas quoted", &RecordVal{Types: []*Type{Text, Text}, Vals: []any{"(a)", "b,c"}}, `("(a)","b,c")`},
		{"numeric keeps scale", &RecordVal{Types: []*Type{Numeric}, Vals: []any{decimal.RequireFromString("2.50")}}, `(2.50)`},
		{"array field", &RecordVal{Types: []*Type{ArrayOf(Text)}, Vals: []any{NewArray(Text, []any{"a", "b c"})}}, `("{a,""b c""}")`},
		{"nested record", &RecordVal{Types: []*Type{Record}, Vals: []any{&RecordVal{Types: []*Type{Int4, Text}, Vals: []any{int32(1), "a"}}}}, `("(1,a)")`},
		{"timestamptz", &RecordVal{Types: []*Type{Timestamptz}, Vals: []any{time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}}, `("2024-01-02 03:04:05+00")`},
		{"no fields", &RecordVal{}, `()`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Output(Record, tc.rec, env); got != tc.want {
				t.Errorf("Output = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestRecordCompare(t *testing.T) {
	r := func(v ...any) *RecordVal { return &RecordVal{Types: []*Type{Int4, Int4}, Vals: v} }
	tests := []struct {
		name string
		a, b *RecordVal
		want int
	}{
		{"equal", r(int32(1), int32(2)), r(int32(1), int32(2)), 0},
		{"first field decides", r(int32(1), int32(9)), r(int32(2), int32(0)), -1},
		{"second field", r(int32(1), int32(3)), r(int32(1), int32(2)), 1},
		{"nulls equal", r(int32(1), nil), r(int32(1), nil), 0},
		{"null sorts last", r(int32(1), nil), r(int32(1), int32(2)), 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CompareValues(tc.a, tc.b); got != tc.want {
				t.Errorf("CompareValues = %d, want %d", got, tc.want)
			}
		})
	}
}
