package pgtree_test

import (
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tinybase/tinybase/engine/pgtree"
)

// exported compares the parse tree structs field by field, leaving out
// protobuf's internal state: a nil list and an empty one differ here,
// where proto.Equal would call them equal.
var exported = cmp.FilterPath(func(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	return ok && !token.IsExported(sf.Name())
}, cmp.Ignore())

// corpus returns the statements of the conformance suite's case files
// and of tinybase's migrations test projects, split as pg_query splits.
func corpus(t *testing.T) []string {
	t.Helper()
	var stmts []string
	for _, glob := range []string{
		"../../testdata/conformance/*/*.sql",
		"../../testdata/projects/*/supabase/migrations/*.sql",
	} {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			parts, err := pg.SplitWithScanner(string(src), true)
			if err != nil {
				stmts = append(stmts, string(src))
				continue
			}
			stmts = append(stmts, parts...)
		}
	}
	if len(stmts) < 1000 {
		t.Fatalf("corpus: only %d statements", len(stmts))
	}
	return stmts
}

// TestParseMatchesPgQuery holds Parse to pg_query.Parse on every
// statement of the corpus (and on texts that fail to parse), and Clone
// and Walk to proto.Clone and protobuf reflection's Range on the trees.
func TestParseMatchesPgQuery(t *testing.T) {
	stmts := append(corpus(t),
		"", ";", "select", "select 1 +", "select 'a\x00b'", "select '\xff'",
		"select "+strings.Repeat("(", 5000)+"1"+strings.Repeat(")", 5000),
		"select "+strings.Repeat("(", 50000)+"1"+strings.Repeat(")", 50000),
		"select "+strings.Repeat("-", 20000)+"1",
		"select 1.5e300, -9223372036854775808, B'101', X'ff', $1, $2::int[], null::text",
	)
	for _, q := range stmts {
		want, wantErr := pg.Parse(q)
		got, gotErr := pgtree.Parse(q)
		if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
			t.Errorf("%q: error %v, pg_query %v", q, gotErr, wantErr)
			continue
		}
		if wantErr != nil {
			continue
		}
		if d := cmp.Diff(want, got, exported); d != "" {
			t.Errorf("%q: tree differs from pg_query's (-pg_query +pgtree):\n%s", q, d)
			continue
		}
		if c := pgtree.Clone(got); !proto.Equal(c, want) || cmp.Diff(got, c, exported) != "" {
			t.Errorf("%q: clone differs", q)
		}
		if w, g := reflectWalk(want), walk(got); !slices(w, g) {
			t.Errorf("%q: walk visits %v, protobuf reflection %v", q, g, w)
		}
	}
}

func slices(a, b []string) bool { return reflect.DeepEqual(a, b) }

func walk(m any) []string {
	var out []string
	pgtree.Walk(m, func(x any) bool {
		out = append(out, reflect.TypeOf(x).Elem().Name())
		return true
	})
	return out
}

func reflectWalk(m proto.Message) []string {
	var out []string
	var visit func(m protoreflect.Message)
	visit = func(m protoreflect.Message) {
		out = append(out, reflect.TypeOf(m.Interface()).Elem().Name())
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.IsList() && fd.Message() != nil:
				for i := 0; i < v.List().Len(); i++ {
					visit(v.List().Get(i).Message())
				}
			case fd.Message() != nil:
				visit(v.Message())
			}
			return true
		})
	}
	visit(m.ProtoReflect())
	return out
}

// TestWalkStops checks that Walk ends at the first false.
func TestWalkStops(t *testing.T) {
	tree, err := pgtree.Parse("select a + b from t where c = 1")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	done := pgtree.Walk(tree, func(x any) bool {
		n++
		_, isRef := x.(*pg.ColumnRef)
		return !isRef
	})
	if done {
		t.Error("Walk ran to the end after f returned false")
	}
	// ParseResult, RawStmt, Node, SelectStmt, Node(ResTarget), ResTarget,
	// Node(A_Expr), A_Expr, its name Node(String), String, then
	// Node(ColumnRef), ColumnRef
	if n != 12 {
		t.Errorf("Walk called f %d times before stopping, want 12", n)
	}
}
