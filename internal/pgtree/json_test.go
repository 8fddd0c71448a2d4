package pgtree

import (
	"os"
	"path/filepath"
	"testing"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
	"github.com/tinybase/tinybase/internal/conformance"
	"google.golang.org/protobuf/proto"
)

// corpus returns every statement of the conformance suite and of the
// migration fixtures, each as its own text.
func corpus(t testing.TB) []string {
	t.Helper()
	var out []string
	files, err := conformance.LoadDir("../../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		for _, s := range f.Statements {
			out = append(out, s.SQL)
		}
	}
	migrations, err := filepath.Glob("../../testdata/*/*/supabase/migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../testdata/bench/migrations/*.sql")
	for _, p := range append(migrations, more...) {
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sqls, err := conformance.Split(string(text))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sqls...)
	}
	if len(out) < 5000 {
		t.Fatalf("corpus has %d statements; the conformance suite alone has more", len(out))
	}
	return out
}

// TestDecodeJSONMatchesProto decodes every corpus statement's JSON tree
// and wants proto.Unmarshal's tree of its protobuf; the only statements
// that may fall back are those with an Integer the JSON leaves out.
func TestDecodeJSONMatchesProto(t *testing.T) {
	parsed, ambiguous := 0, 0
	for _, sql := range corpus(t) {
		buf, err := parser.ParseToProtobuf(sql)
		if err != nil {
			continue
		}
		parsed++
		want := &pg.ParseResult{}
		if err := proto.Unmarshal(buf, want); err != nil {
			t.Fatalf("proto.Unmarshal(%q): %v", sql, err)
		}
		j, err := parser.ParseToJSON(sql)
		if err != nil {
			t.Fatalf("ParseToJSON(%q): %v", sql, err)
		}
		got := &pg.ParseResult{}
		if err := decodeJSON(j, sql, got); err == errAmbiguous {
			ambiguous++
			continue
		} else if err != nil {
			t.Errorf("decodeJSON(%q): %v\n%s", sql, err, j)
			continue
		}
		if !proto.Equal(got, want) {
			t.Errorf("decodeJSON(%q) differs from proto.Unmarshal:\n got %v\nwant %v", sql, got, want)
		}
	}
	t.Logf("%d statements, %d with an ambiguous Integer", parsed, ambiguous)
	if ambiguous*4 > parsed {
		t.Errorf("%d of %d statements fell back", ambiguous, parsed)
	}
}

// TestParseJSON checks Parse against pg_query_go's, errors included.
func TestParseJSON(t *testing.T) {
	for _, sql := range []string{
		"select *, 5 as k from t where id = 4242",
		"select 1; select 'é', $1::jsonb -> 'a', B'101', 1.5e3, true",
		"selec 1",
		"",
		"create function f() returns int language plpgsql as $$ begin return 1; end $$",
		"select -3, 0, 7 limit 0",
		"select - 3, -0, 00, -2147483648, 0x0, -0x10, 1_000 - 1_000, -(3), - /* c */ 4, 0.0, -1e3, varchar(0) 'a'",
		"select x from t where a = -1 and b <> 0 offset 0 fetch first 0 rows only",
		"create sequence s increment -1 minvalue -10 start 0",
		"select '{}'::int[], null::text[][], '{}'::int array, '{}'::int[0], a[0] from t",
		"select '{}'::int[3][], '{}'::int array[0]",
		"create table z (a int[], b text[][2], c int array)",
		"select -  7, -\n0, 0::int, -0.0, - 0x0, 1-1, x[-1], '{}'::int[1][0], -00 from t limit -1",
		"select 1 from t where a in (0, -1, -2) and b between -5 and 0 order by 1 desc",
		"alter table t alter column c type numeric(10, 0)",
		"select 'a\"b\\c\n<>\t' as \"x\"\"y\"",
	} {
		got, gerr := Parse(sql)
		want, werr := pg.Parse(sql)
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("Parse(%q) error = %v, want %v", sql, gerr, werr)
			continue
		}
		if gerr == nil && !proto.Equal(got, want) {
			t.Errorf("Parse(%q) = %v, want %v", sql, got, want)
		}
		if gerr == nil && len(want.Stmts) > 0 {
			// the decoded tree is an ordinary message: it marshals and deparses
			gd, gerr := pg.Deparse(got)
			wd, werr := pg.Deparse(want)
			if gd != wd || (gerr == nil) != (werr == nil) {
				t.Errorf("Deparse(Parse(%q)) = %q, %v; want %q, %v", sql, gd, gerr, wd, werr)
			}
		}
	}
}

// FuzzParseJSON runs Parse and pg_query_go's Parse on arbitrary text: the
// same error, or equal trees.
func FuzzParseJSON(f *testing.F) {
	for i, sql := range corpus(f) {
		if i%25 == 0 {
			f.Add(sql)
		}
	}
	f.Fuzz(func(t *testing.T, sql string) {
		got, gerr := Parse(sql)
		want, werr := pg.Parse(sql)
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Fatalf("Parse(%q) error = %v, want %v", sql, gerr, werr)
		}
		if gerr == nil && !proto.Equal(got, want) {
			t.Fatalf("Parse(%q) = %v, want %v", sql, got, want)
		}
	})
}

func BenchmarkParseJSON(b *testing.B) {
	const q = "select *, 5 as k from t where id = 4242"
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := Parse(q); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pg_query", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := pg.Parse(q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// FuzzDecodeJSON feeds arbitrary text to the JSON decoder, which must
// fail or succeed without panicking; seeded with libpg_query's JSON for
// corpus statements.
func FuzzDecodeJSON(f *testing.F) {
	for i, sql := range corpus(f) {
		if i%50 != 0 {
			continue
		}
		if j, err := parser.ParseToJSON(sql); err == nil {
			f.Add(j)
		}
	}
	f.Fuzz(func(t *testing.T, j string) {
		_ = decodeJSON(j, "", &pg.ParseResult{})
	})
}
