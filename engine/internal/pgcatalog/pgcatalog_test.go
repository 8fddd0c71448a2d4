package pgcatalog

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
)

func TestQuoteIdent(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "users", "users"},
		{"digits after first", "t1_x", "t1_x"},
		{"leading digit", "1t", `"1t"`},
		{"upper case", "Users", `"Users"`},
		{"space", "a b", `"a b"`},
		{"embedded quote", `a"b`, `"a""b"`},
		{"reserved", "select", `"select"`},
		{"unreserved keyword", "name", "name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := QuoteIdent(tt.in); got != tt.want {
				t.Errorf("QuoteIdent(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestIndexDef(t *testing.T) {
	tests := []struct {
		name          string
		schema, table string
		index         string
		unique        bool
		cols          []string
		want          string
	}{
		{"unique", "public", "users", "users_pkey", true, []string{"id"},
			"CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)"},
		{"multi-column", "app", "m", "m_a_b_idx", false, []string{"a", "b"},
			"CREATE INDEX m_a_b_idx ON app.m USING btree (a, b)"},
		{"quoted", "public", "Weird", "Weird_idx", false, []string{"Col"},
			`CREATE INDEX "Weird_idx" ON public."Weird" USING btree ("Col")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IndexDef(tt.schema, tt.table, tt.index, tt.unique, tt.cols); got != tt.want {
				t.Errorf("IndexDef = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOIDs(t *testing.T) {
	tests := []struct {
		name string
		got  uint32
		want uint32
	}{
		{"pg_catalog", NamespaceOID("pg_catalog"), 11},
		{"public", NamespaceOID("public"), 2200},
		{"deterministic", RelationOID("public", "users"), RelationOID("public", "users")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %d, want %d", tt.got, tt.want)
			}
		})
	}
	for _, n := range []string{"a", "b", "users", "app.x"} {
		if oid := RelationOID("public", n); oid < 16384 {
			t.Errorf("RelationOID(public, %s) = %d, below the user range", n, oid)
		}
	}
	if RelationOID("public", "a") == RelationOID("app", "a") {
		t.Error("tables of the same name in two schemas share an OID")
	}
}

func TestTypeFacts(t *testing.T) {
	tests := []struct {
		name     string
		typ      *types.Type
		dataType string
		charLen  any
		prec     any
		scale    any
	}{
		{"integer", types.Int4, "integer", nil, int32(32), int32(0)},
		{"varchar(20)", types.Varchar.WithMod(24), "character varying", int32(20), nil, nil},
		{"numeric(6,2)", types.Numeric.WithMod(types.NumericMod(6, 2)), "numeric", nil, int32(6), int32(2)},
		{"text[]", types.ArrayOf(types.Text), "ARRAY", nil, nil, nil},
		{"timestamptz", types.Timestamptz, "timestamp with time zone", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dt, cl, _, p, _, sc, _ := typeFacts(tt.typ)
			if dt != tt.dataType || cl != tt.charLen || p != tt.prec || sc != tt.scale {
				t.Errorf("typeFacts = %q %v %v %v, want %q %v %v %v", dt, cl, p, sc, tt.dataType, tt.charLen, tt.prec, tt.scale)
			}
		})
	}
}
