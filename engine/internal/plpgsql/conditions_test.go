package plpgsql

import "testing"

func TestMatches(t *testing.T) {
	tests := []struct {
		name  string
		conds []string
		code  string
		want  bool
	}{
		{"by name", []string{"unique_violation"}, "23505", true},
		{"other name", []string{"unique_violation"}, "22012", false},
		{"class name catches its codes", []string{"integrity_constraint_violation"}, "23505", true},
		{"sqlstate", []string{"PT401"}, "PT401", true},
		{"sqlstate class", []string{"22000"}, "22012", true},
		{"OR list", []string{"no_data_found", "division_by_zero"}, "22012", true},
		{"others", []string{"others"}, "P0001", true},
		{"others skips cancel", []string{"OTHERS"}, "57014", false},
		{"others skips assert", []string{"others"}, "P0004", false},
		{"assert by name", []string{"assert_failure"}, "P0004", true},
		{"unknown name", []string{"no_such_condition"}, "P0001", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := matches(tc.conds, tc.code); got != tc.want {
				t.Errorf("matches(%v, %s) = %v, want %v", tc.conds, tc.code, got, tc.want)
			}
		})
	}
}

func TestAssignSource(t *testing.T) {
	tests := []struct{ in, src, target string }{
		{"x := x + 1", "x + 1", "x"},
		{"x = 1", "1", "x"},
		{"a[i + 1] := 'v'", "'v'", "a[i + 1]"},
		{"NEW.updated_at := now()", "now()", "NEW.updated_at"},
		{"b := a = 1", "a = 1", "b"},
	}
	for _, tc := range tests {
		if got := assignSource(tc.in); got != tc.src {
			t.Errorf("assignSource(%q) = %q, want %q", tc.in, got, tc.src)
		}
		if got := assignTarget(tc.in); got != tc.target {
			t.Errorf("assignTarget(%q) = %q, want %q", tc.in, got, tc.target)
		}
	}
}
