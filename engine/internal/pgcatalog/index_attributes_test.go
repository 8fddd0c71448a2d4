package pgcatalog

import (
	"strings"
	"testing"
)

func TestChooseIndexColumnName(t *testing.T) {
	long := strings.Repeat("é", 31) + "x" // 63 bytes
	tests := []struct {
		name, in string
		taken    []string
		want     string
	}{
		{"free", "lower", nil, "lower"},
		{"taken once", "lower", []string{"lower"}, "lower1"},
		{"taken twice", "expr", []string{"expr", "expr1"}, "expr2"},
		{"number taken by a column", "a", []string{"a", "a1"}, "a2"},
		{"cut at a character", long, []string{long}, strings.Repeat("é", 31) + "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := chooseIndexColumnName(tt.in, tt.taken); got != tt.want {
				t.Errorf("chooseIndexColumnName(%q, %q) = %q, want %q", tt.in, tt.taken, got, tt.want)
			}
		})
	}
}

// TestFigureColnameStrength checks the names PostgreSQL 15 gave these
// expression index columns (queries/catalog_index_attributes has more).
func TestFigureColnameStrength(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"lower(a)", "lower"},
		{"b + 1", ""},
		{"CASE WHEN b > 0 THEN a END", "case"},
		{"CASE WHEN b > 0 THEN 1 ELSE b END", "b"},
		{"nullif(a, 'x')", "nullif"},
		{"greatest(b, 1)", "greatest"},
		{"ARRAY[b]", "array"},
		{"c[1]", "c"},
		{"(b)::text", "b"},
		{"(CASE WHEN b > 0 THEN 'a' END)::int", "int4"},
		{"lower(a)::text", "lower"},
		{"coalesce(b, 1)", "coalesce"},
		{"a COLLATE \"C\"", "a"},
		{"b IS NULL", ""},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			n, err := parseStoredExpr(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := figureColnameStrength(n); got != tt.want {
				t.Errorf("figureColnameStrength(%s) = %q, want %q", tt.expr, got, tt.want)
			}
		})
	}
}

func TestAttColumns(t *testing.T) {
	if len(pgAttribute.cols) != attColumns {
		t.Errorf("pg_attribute has %d columns, attColumns is %d", len(pgAttribute.cols), attColumns)
	}
}
