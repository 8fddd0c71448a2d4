package session

import "testing"

// The values below are what PostgreSQL 15 answers (guc.c's parse_int,
// parse_real and _ShowOption), checked by hand against it.
func TestGUCUnits(t *testing.T) {
	ints := []struct {
		name, in, unit, show string
		hint                 bool
		ok                   bool
	}{
		{"plain kB", "65536", "kB", "64MB", false, true},
		{"fraction rounds to next unit", "1.5GB", "kB", "1536MB", false, true},
		{"space before and after unit", " 2 MB ", "kB", "2MB", false, true},
		{"octal", "010", "kB", "8kB", false, true},
		{"hex", "0x10", "", "16", false, true},
		{"pages", "16384", "8kB", "128MB", false, true},
		{"bytes into pages", "1000kB", "8kB", "1000kB", false, true},
		{"minutes into ms", "1.5min", "ms", "90s", false, true},
		{"microseconds", "1500us", "ms", "2ms", false, true},
		{"days", "1440", "min", "1d", false, true},
		{"bad unit", "10 XB", "kB", "", true, false},
		{"unit on unitless", "10kB", "", "", false, false},
		{"integer range", "99999999999", "kB", "", true, false},
		{"not a number", "soon", "ms", "", false, false},
	}
	for _, c := range ints {
		t.Run(c.name, func(t *testing.T) {
			n, hint, ok := parseGUCInt(c.in, c.unit)
			if ok != c.ok || (hint != "") != c.hint {
				t.Fatalf("parseGUCInt(%q, %q) = %d, %q, %v", c.in, c.unit, n, hint, ok)
			}
			if ok && showInt(n, c.unit) != c.show {
				t.Fatalf("showInt(%d, %q) = %q, want %q", n, c.unit, showInt(n, c.unit), c.show)
			}
		})
	}
	reals := []struct{ in, unit, show string }{
		{"0.5", "ms", "500us"},
		{"1500us", "ms", "1500us"},
		{"1.1", "", "1.1"},
		{"1e1", "", "10"},
		{"2", "ms", "2ms"},
	}
	for _, c := range reals {
		f, _, ok := parseGUCReal(c.in, c.unit)
		if !ok || showReal(f, c.unit) != c.show {
			t.Errorf("real %q (%s): %v %q, want %q", c.in, c.unit, ok, showReal(f, c.unit), c.show)
		}
	}
}
