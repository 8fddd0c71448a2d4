package conformance

import (
	"testing"
)

func rows(vals ...[]*string) [][]*string { return vals }
func row(vals ...*string) []*string      { return vals }

func TestCompare(t *testing.T) {
	intCol := []Column{{"n", "integer"}}
	ok := func(tag string, ordered bool, cols []Column, rs [][]*string) *Result {
		return &Result{Tag: tag, Ordered: ordered, Columns: cols, Rows: rs}
	}
	fail := func(code string) *Result { return &Result{Error: &Error{Code: code, Message: "boom"}} }
	tests := []struct {
		name      string
		got, want *Result
		reason    string
	}{
		{"same error, different message", &Result{Error: &Error{Code: "23505", Message: "a"}},
			&Result{Error: &Error{Code: "23505", Message: "b"}}, ""},
		{"error vs success", fail("42883"), ok("SELECT 1", false, nil, nil), "error 42883 want success: boom"},
		{"success vs error", ok("SELECT 1", false, nil, nil), fail("23505"), "success want error 23505"},
		{"wrong code", fail("XX000"), fail("22P02"), "error XX000 want 22P02: boom"},
		{"failure", &Result{Failure: "panic: x (at y.go:1)"}, fail("22P02"), "panic: x (at y.go:1)"},
		{"tag", ok("SELECT 0", false, nil, nil), ok("SELECT 1", false, nil, nil), `tag "SELECT 0" want "SELECT 1"`},
		{"column type", ok("SELECT 0", false, []Column{{"n", "bigint"}}, nil), ok("SELECT 0", false, intCol, nil),
			`columns differ: got ("n" bigint) want ("n" integer)`},
		{"column name", ok("SELECT 0", false, []Column{{"?column?", "integer"}}, nil), ok("SELECT 0", false, intCol, nil),
			`columns differ: got ("?column?" integer) want ("n" integer)`},
		{"no columns vs columns", ok("SELECT 0", false, nil, nil), ok("SELECT 0", false, intCol, nil),
			`columns differ: got () want ("n" integer)`},
		{"multiset ignores order", ok("SELECT 2", false, intCol, rows(row(str("2")), row(str("1")))),
			ok("SELECT 2", false, intCol, rows(row(str("1")), row(str("2")))), ""},
		{"ordered checks order", ok("SELECT 2", true, intCol, rows(row(str("2")), row(str("1")))),
			ok("SELECT 2", true, intCol, rows(row(str("1")), row(str("2")))), `row 1 differs: got ["2"] want ["1"]`},
		{"want decides orderedness", ok("SELECT 2", true, intCol, rows(row(str("2")), row(str("1")))),
			ok("SELECT 2", false, intCol, rows(row(str("1")), row(str("2")))), ""},
		{"value differs", ok("SELECT 1", false, intCol, rows(row(str("2")))),
			ok("SELECT 1", false, intCol, rows(row(str("2.5")))), `rows differ: got ["2"] want ["2.5"]`},
		{"null vs string NULL", ok("SELECT 1", true, intCol, rows(row(str("NULL")))),
			ok("SELECT 1", true, intCol, rows(row(nil))), `row 1 differs: got ["NULL"] want [null]`},
		{"multiset counts duplicates", ok("SELECT 2", false, intCol, rows(row(str("1")), row(str("1")))),
			ok("SELECT 2", false, intCol, rows(row(str("1")), row(str("2")))), `rows differ: got ["1"] want ["2"]`},
		{"missing row", ok("SELECT 2", false, intCol, rows(row(str("1")))),
			ok("SELECT 2", false, intCol, rows(row(str("1")), row(str("2")))), `got 1 rows want 2: missing ["2"]`},
		{"extra ordered row", ok("SELECT 2", true, intCol, rows(row(str("1")), row(str("2")))),
			ok("SELECT 2", true, intCol, rows(row(str("1")))), `got 2 rows want 1: unexpected ["2"]`},
		{"wide rows name the column", ok("SELECT 1", true, []Column{{"a", "text"}, {"b", "text"}}, rows(row(str("x"), str("1")))),
			ok("SELECT 1", true, []Column{{"a", "text"}, {"b", "text"}}, rows(row(str("x"), nil))), `row 1 differs: column 2 "b": got "1" want null`},
		{"wide multiset rows name the column", ok("SELECT 1", false, []Column{{"a", "text"}, {"b", "text"}}, rows(row(str("x"), str("1")))),
			ok("SELECT 1", false, []Column{{"a", "text"}, {"b", "text"}}, rows(row(str("y"), str("1")))), `rows differ: column 1 "a": got "x" want "y"`},
		{"long values are clipped", ok("SELECT 1", false, intCol, rows(row(str(string(make([]byte, 300)))))),
			ok("SELECT 1", false, intCol, rows(row(str("x")))), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compare(tt.got, tt.want)
			if tt.name == "long values are clipped" {
				if n := len([]rune(got)); n > 250 || n == 0 {
					t.Errorf("reason has %d runes: %q", n, got)
				}
				return
			}
			if got != tt.reason {
				t.Errorf("Compare = %q, want %q", got, tt.reason)
			}
		})
	}
}

func TestCompareContext(t *testing.T) {
	e := func(where, query string, ipos, pos int) *Result {
		return &Result{Error: &Error{Code: "42703", Message: "m", Where: where, InternalQuery: query, InternalPosition: ipos, Position: pos}}
	}
	tests := []struct {
		name      string
		got, want *Result
		reason    string
	}{
		{"same", e("w", "q", 3, 0), e("w", "q", 3, 0), ""},
		{"context added where PostgreSQL has none", e("w", "", 0, 0), e("", "", 0, 0), `error context "w" want ""`},
		{"internal query missing", e("w", "", 0, 0), e("w", "q", 3, 0), `error internal query "" at 0 want "q" at 3`},
		{"internal position", e("w", "q", 2, 0), e("w", "q", 3, 0), `error internal query "q" at 2 want "q" at 3`},
		{"cursor position", e("", "", 0, 5), e("", "", 0, 7), "error position 5 want 7"},
		{"success", &Result{Tag: "SELECT 1"}, &Result{Tag: "SELECT 1"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CompareContext(tt.got, tt.want); got != tt.reason {
				t.Errorf("CompareContext = %q, want %q", got, tt.reason)
			}
		})
	}
}
