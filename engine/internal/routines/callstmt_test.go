package routines

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

func TestOutputValues(t *testing.T) {
	rec := &types.RecordVal{Vals: []any{int32(1), "a"}}
	one := []catalog.Arg{{Name: "x", Type: types.Int4, Mode: catalog.ModeOut}}
	two := append(one, catalog.Arg{Name: "y", Type: types.Text, Mode: catalog.ModeOut})
	for _, tc := range []struct {
		name string
		outs []catalog.Arg
		v    any
		want []any
	}{
		{"one output", one, int32(7), []any{int32(7)}},
		{"one output holding a record", one, rec, []any{rec}},
		{"several outputs", two, rec, []any{int32(1), "a"}},
		{"null", two, nil, []any{nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, OutputValues(tc.outs, tc.v)); diff != "" {
				t.Error(diff)
			}
		})
	}
}

func TestSpreadRow(t *testing.T) {
	rec := &types.RecordVal{Vals: []any{int32(1), "a"}}
	for _, tc := range []struct {
		name  string
		row   []any
		width int
		want  []any
	}{
		{"scalar", []any{int32(1)}, 1, []any{int32(1)}},
		{"composite over columns", []any{rec}, 2, []any{int32(1), "a"}},
		{"null composite", []any{nil}, 2, []any{nil, nil}},
		{"already wide", []any{int32(1), "a"}, 2, []any{int32(1), "a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, spreadRow(tc.row, tc.width)); diff != "" {
				t.Error(diff)
			}
		})
	}
}

func TestBodyStatements(t *testing.T) {
	texts, offs, err := bodyStatements("SELECT 1; UPDATE t SET a = 2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"SELECT 1", " UPDATE t SET a = 2"}, texts); diff != "" {
		t.Error(diff)
	}
	if diff := cmp.Diff([]int{0, 9}, offs); diff != "" {
		t.Error(diff)
	}
}
