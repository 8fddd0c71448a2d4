package session

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestSplitIdentifierString checks the list syntax of PostgreSQL's
// SplitIdentifierString (varlena.c), which the list parameters' check
// hooks use: unquoted names lowered, quoted ones kept, whitespace only
// around names.
func TestSplitIdentifierString(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
		ok       bool
	}{
		{"empty", "", nil, true},
		{"blank", "   ", nil, true},
		{"one", "Heap", []string{"heap"}, true},
		{"spaces around", " view , FOREIGN-TABLE ", []string{"view", "foreign-table"}, true},
		{"quoted", `"My Space", x`, []string{"My Space", "x"}, true},
		{"doubled quote", `"a""b"`, []string{`a"b`}, true},
		{"space inside", "zz bad,value", nil, false},
		{"empty element", "a,,b", nil, false},
		{"trailing comma", "a,", nil, false},
		{"leading comma", ",a", nil, false},
		{"unterminated quote", `"abc`, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := types.SplitIdentifierString(c.in, ',')
			if ok != c.ok || strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Fatalf("types.SplitIdentifierString(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
			}
		})
	}
}

// TestGUCCheckHooks checks values the string parameters' check hooks
// take and refuse through normalizeSetting, the path SET, set_config and
// ALTER ROLE | DATABASE ... SET share (the conformance files
// session/guc_check_hooks and roles/guc_check_hooks compare the errors
// with PostgreSQL's).
func TestGUCCheckHooks(t *testing.T) {
	cases := []struct {
		param, value, want, code string
	}{
		{"lc_messages", "C", "C", ""},
		{"lc_messages", "", "", "22023"},
		{"lc_monetary", "", "", ""},
		{"lc_numeric", "C.utf8", "C.utf8", ""},
		{"lc_time", "en_US.UTF-8", "en_US.UTF-8", ""},
		{"lc_time", "c.utf8", "", "22023"},
		{"lc_time", "de_DE.UTF-8", "", "22023"},
		{"timezone_abbreviations", "India", "India", ""},
		{"timezone_abbreviations", "india", "", "22023"},
		{"temp_tablespaces", "pg_default, PG_GLOBAL", "pg_default, PG_GLOBAL", ""},
		{"temp_tablespaces", "nosuch", "", "42704"},
		{"restrict_nonsystem_relation_kind", "view", "view", ""},
		{"restrict_nonsystem_relation_kind", "all", "", "22023"},
		{"wal_consistency_checking", "all", "all", ""},
		{"wal_consistency_checking", "XLOG", "", "22023"},
		{"client_encoding", "Windows-1252", "WIN1252", ""},
		{"client_encoding", "unicode", "UTF8", ""},
		{"client_encoding", "MULE_INTERNAL", "", "0A000"},
		{"client_encoding", "nosuch", "", "22023"},
		{"search_path", "nosuch, public", "nosuch, public", ""},
	}
	for _, c := range cases {
		t.Run(c.param+"="+c.value, func(t *testing.T) {
			got, err := normalizeSetting(c.param, c.value)
			code := ""
			if pe, ok := pgerror.As(err); ok {
				code = pe.Code
			}
			if code != c.code || err == nil && got != c.want {
				t.Fatalf("normalizeSetting(%q, %q) = %q, %v; want %q, code %q", c.param, c.value, got, err, c.want, c.code)
			}
		})
	}
}
