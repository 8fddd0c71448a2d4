package pgtree_test

import (
	"bytes"
	"fmt"
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

	"github.com/tinybase/tinybase/internal/pgtree"
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

// TestParseMatchesPgQuery holds Parse and Scan to pg_query's on every
// statement of the corpus (and on texts that fail to parse), Encode and
// Deparse to proto.Marshal and pg_query.Deparse, and Clone,
// Walk and Location to proto.Clone and to a walk and the location field
// by protobuf reflection on the trees.
func TestParseMatchesPgQuery(t *testing.T) {
	stmts := append(corpus(t),
		"", ";", "select", "select 1 +", "select 'a\x00b'", "select '\xff'",
		"select "+strings.Repeat("(", 5000)+"1"+strings.Repeat(")", 5000),
		"select "+strings.Repeat("(", 50000)+"1"+strings.Repeat(")", 50000),
		"select "+strings.Repeat("-", 20000)+"1",
		"select 1.5e300, -9223372036854775808, B'101', X'ff', $1, $2::int[], null::text",
	)
	var prev *pg.ParseResult
	for _, q := range stmts {
		wantScan, wantErr := pg.Scan(q)
		gotScan, gotErr := pgtree.Scan(q)
		if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
			t.Errorf("%q: Scan error %v, pg_query %v", q, gotErr, wantErr)
		} else if d := cmp.Diff(wantScan, gotScan, exported); d != "" {
			t.Errorf("%q: tokens differ from pg_query's (-pg_query +pgtree):\n%s", q, d)
		}
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
		if w, g := reflectFields(want), fields(got); !slices(w, g) {
			t.Errorf("%q: Fields visits %v, protobuf reflection %v", q, g, w)
		}
		if !pgtree.Equal(got, want) || !pgtree.Equal(pgtree.Clone(got), got) {
			t.Errorf("%q: Equal reports a tree unequal to itself", q)
		}
		if pb, err := proto.Marshal(want); err != nil || !bytes.Equal(pb, pgtree.Encode(got)) {
			t.Errorf("%q: Encode differs from proto.Marshal (%v)", q, err)
		}
		wd, wErr := pg.Deparse(want)
		gd, gErr := pgtree.Deparse(got)
		if wd != gd || (wErr == nil) != (gErr == nil) {
			t.Errorf("%q: Deparse = %q, %v; pg_query %q, %v", q, gd, gErr, wd, wErr)
		}
		pgtree.ClearLocations(got)
		if e, pe := pgtree.Equal(got, want), proto.Equal(got, want); e != pe {
			t.Errorf("%q: without locations, Equal says %v, proto.Equal %v", q, e, pe)
		}
		if prev != nil {
			if e, pe := pgtree.Equal(prev, want), proto.Equal(prev, want); e != pe {
				t.Errorf("%q: Equal to the previous statement %v, proto.Equal %v", q, e, pe)
			}
		}
		prev = want
	}
}

// fields lists what Fields reports, depth first: a message's type name,
// then its locations and children in field order.
func fields(m any) []string {
	out := []string{reflect.TypeOf(m).Elem().Name()}
	pgtree.Fields(m, func(c any, loc int32) bool {
		if c == nil {
			out = append(out, fmt.Sprint(loc))
		} else {
			out = append(out, fields(c)...)
		}
		return true
	})
	return out
}

// reflectFields is fields by protobuf reflection, in declaration order.
func reflectFields(m proto.Message) []string {
	r := m.ProtoReflect()
	out := []string{reflect.TypeOf(m).Elem().Name()}
	fds := r.Descriptor().Fields()
	for i := 0; i < fds.Len(); i++ {
		fd := fds.Get(i)
		switch {
		case !r.Has(fd):
		case fd.Name() == "location":
			out = append(out, fmt.Sprint(r.Get(fd).Int()))
		case fd.Message() == nil:
		case fd.IsList():
			for j := 0; j < r.Get(fd).List().Len(); j++ {
				out = append(out, reflectFields(r.Get(fd).List().Get(j).Message().Interface())...)
			}
		default:
			out = append(out, reflectFields(r.Get(fd).Message().Interface())...)
		}
	}
	return out
}

func slices(a, b []string) bool { return reflect.DeepEqual(a, b) }

func walk(m any) []string {
	var out []string
	pgtree.Walk(m, func(x any) bool {
		name := reflect.TypeOf(x).Elem().Name()
		if loc, ok := pgtree.Location(x); ok {
			name += fmt.Sprintf("@%d", loc)
		}
		out = append(out, name)
		return true
	})
	return out
}

// reflectWalk walks a tree with protobuf reflection: every set message
// field and list element, in declaration order. (Range visits the same
// fields, but protobuf-go swaps two adjacent ones per binary on purpose,
// so that no one depends on its order.)
func reflectWalk(m proto.Message) []string {
	var out []string
	var visit func(m protoreflect.Message)
	visit = func(m protoreflect.Message) {
		name := reflect.TypeOf(m.Interface()).Elem().Name()
		if fd := m.Descriptor().Fields().ByName("location"); fd != nil {
			name += fmt.Sprintf("@%d", m.Get(fd).Int())
		}
		out = append(out, name)
		fields := m.Descriptor().Fields()
		for i := 0; i < fields.Len(); i++ {
			fd := fields.Get(i)
			if !m.Has(fd) || fd.Message() == nil {
				continue
			}
			v := m.Get(fd)
			if fd.IsList() {
				for i := 0; i < v.List().Len(); i++ {
					visit(v.List().Get(i).Message())
				}
				continue
			}
			visit(v.Message())
		}
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

var benchStmt = "select id, name, score from public.t where id = $1 and name like 'a%' order by score desc limit 10"

// BenchmarkParse compares Parse with pg_query.Parse on a warm process
// (both include the C parser's own work).
func BenchmarkParse(b *testing.B) {
	b.Run("pgtree", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := pgtree.Parse(benchStmt); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pg_query", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := pg.Parse(benchStmt); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkClone compares Clone with proto.Clone.
func BenchmarkClone(b *testing.B) {
	tree, err := pgtree.Parse(benchStmt)
	if err != nil {
		b.Fatal(err)
	}
	stmt := tree.Stmts[0].Stmt
	b.Run("pgtree", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			pgtree.Clone(stmt)
		}
	})
	b.Run("proto", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			proto.Clone(stmt)
		}
	})
}

// FuzzParse holds Parse, Encode and Clone to pg_query's on arbitrary text.
func FuzzParse(f *testing.F) {
	for _, q := range []string{
		"select 1", "select a, b from t where c = $1 order by 2 limit 3",
		"insert into t values (1, 'a') on conflict (id) do update set a = excluded.a returning *",
		"create table t (id int primary key, a text default 'x' check (a <> ''))",
		"with x as (select 1) select * from x union all select 2",
		"select '\xff'", "select 1.5e300, B'101', X'ff', null::int[]",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		want, wantErr := pg.Parse(q)
		got, gotErr := pgtree.Parse(q)
		if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
			t.Fatalf("%q: error %v, pg_query %v", q, gotErr, wantErr)
		}
		if wantErr != nil {
			return
		}
		if d := cmp.Diff(want, got, exported); d != "" {
			t.Fatalf("%q: tree differs (-pg_query +pgtree):\n%s", q, d)
		}
		if pb, err := proto.Marshal(want); err != nil || !bytes.Equal(pb, pgtree.Encode(got)) {
			t.Fatalf("%q: Encode differs from proto.Marshal (%v)", q, err)
		}
		if !pgtree.Equal(pgtree.Clone(got), want) {
			t.Fatalf("%q: clone differs", q)
		}
	})
}

// BenchmarkDecode compares Decode with proto.Unmarshal on the C parser's
// output (the Go side of Parse alone).
func BenchmarkDecode(b *testing.B) {
	tree, err := pg.Parse(benchStmt)
	if err != nil {
		b.Fatal(err)
	}
	buf, err := proto.Marshal(tree)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("pgtree", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := pgtree.Decode(buf); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("proto", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := proto.Unmarshal(buf, &pg.ParseResult{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
