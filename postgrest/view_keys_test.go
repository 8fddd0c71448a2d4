package postgrest

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func testTable(c *schemaCache, kind, name string, cols ...string) *Table {
	t := &Table{Schema: "public", Name: name, Kind: kind, byName: map[string]*Column{}, colByNum: map[int]*Column{}}
	for i, n := range cols {
		col := &Column{Name: n, Position: i + 1}
		t.Columns = append(t.Columns, col)
		t.byName[n] = col
		t.colByNum[i+1] = col
	}
	c.tables["public."+name] = t
	return t
}

// View definitions as PostgreSQL's pg_get_viewdef and the engine print
// them map each view column to the base table column it shows.
func TestViewOrigins(t *testing.T) {
	cases := []struct {
		name, def string
		cols      []string
		want      []string // view column → table.column
	}{
		{"qualified, as PostgreSQL prints", " SELECT b.id,\n    b.author_id AS writer\n   FROM books b;", []string{"id", "writer"}, []string{"id=books.id", "writer=books.author_id"}},
		{"star", "SELECT * FROM books;", []string{"id", "title", "author_id"}, []string{"author_id=books.author_id", "id=books.id", "title=books.title"}},
		{"qualified star over a join", "SELECT a.* FROM books b JOIN authors a ON a.id = b.author_id;", []string{"id", "name"}, []string{"id=authors.id", "name=authors.name"}},
		{"unqualified over a join", "SELECT title, name FROM books JOIN authors ON authors.id = books.author_id", []string{"title", "name"}, []string{"name=authors.name", "title=books.title"}},
		{"expressions have no origin", "SELECT id::text AS id, upper(title) AS title, author_id FROM public.books", []string{"id", "title", "author_id"}, []string{"author_id=books.author_id"}},
		{"view over a view", "SELECT w.writer AS who FROM bv w", []string{"who"}, []string{"who=books.author_id"}},
		// PostgreSQL's markTargetListOrigins (what PostgREST reads from the
		// view's rule) follows subqueries, WITH queries and alias column
		// lists, but not set operations or a recursive WITH query.
		{"subquery", "SELECT s.id FROM (SELECT id FROM books) s", []string{"id"}, []string{"id=books.id"}},
		{"nested subqueries, star", "SELECT * FROM (SELECT * FROM (SELECT b.author_id AS a, upper(b.title) AS t FROM books b) s1) s2", []string{"a", "t"}, []string{"a=books.author_id"}},
		{"subquery with alias columns", "SELECT s.k, s.m FROM (SELECT id, author_id FROM books) s(k, m)", []string{"k", "m"}, []string{"k=books.id", "m=books.author_id"}},
		{"subquery over a view", "SELECT s.who FROM (SELECT writer AS who FROM bv) s", []string{"who"}, []string{"who=books.author_id"}},
		{"CTE", "WITH w AS (SELECT id, author_id FROM books) SELECT w.id, author_id FROM w", []string{"id", "author_id"}, []string{"author_id=books.author_id", "id=books.id"}},
		{"CTE with column names, over an earlier CTE", "WITH a(x) AS (SELECT id FROM authors), b(y) AS (SELECT x FROM a) SELECT y AS author FROM b", []string{"author"}, []string{"author=authors.id"}},
		{"CTE shadows a table", "WITH books AS (SELECT id, name FROM authors) SELECT id FROM books", []string{"id"}, []string{"id=authors.id"}},
		{"recursive CTE is not followed", "WITH RECURSIVE r AS (SELECT id FROM books UNION ALL SELECT id FROM r WHERE false) SELECT id FROM r", []string{"id"}, nil},
		{"union is not followed", "SELECT id FROM books UNION SELECT id FROM authors", []string{"id"}, nil},
		{"union in a subquery is not followed", "SELECT s.id FROM (SELECT id FROM books UNION SELECT id FROM authors) s", []string{"id"}, nil},
		{"column aliases on the relation", "SELECT x.a, x.author_id FROM books x(a)", []string{"a", "author_id"}, []string{"a=books.id", "author_id=books.author_id"}},
		{"aliased join with USING", "SELECT j.id, j.name, j.author_id FROM (books JOIN authors USING (id)) j", []string{"id", "name", "author_id"}, []string{"author_id=books.author_id", "id=books.id", "name=authors.name"}},
		{"aliased RIGHT JOIN takes USING columns from the right", "SELECT j.id FROM (books RIGHT JOIN authors USING (id)) j", []string{"id"}, []string{"id=authors.id"}},
		{"aliased FULL JOIN USING columns have no origin", "SELECT j.id, j.title FROM (books FULL JOIN authors USING (id)) j", []string{"id", "title"}, []string{"title=books.title"}},
		{"aliased NATURAL join renamed by position", "SELECT j.k, j.n FROM (books NATURAL JOIN authors) j(k, t, a, n)", []string{"k", "n"}, []string{"k=books.id", "n=authors.name"}},
		{"aliased join with ON keeps both sides", "SELECT j.name FROM (books b JOIN authors a ON a.id = b.author_id) j", []string{"name"}, []string{"name=authors.name"}},
		{"scalar subquery has no origin", "SELECT (SELECT id FROM books LIMIT 1) AS id", []string{"id"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &schemaCache{tables: map[string]*Table{}}
			testTable(c, "r", "books", "id", "title", "author_id")
			testTable(c, "r", "authors", "id", "name")
			bv := testTable(c, "v", "bv", "id", "writer")
			v := testTable(c, "v", "v", tc.cols...)
			o := &viewOrigins{c: c, schemas: []string{"public"}, defs: map[*Table]string{
				bv: "SELECT b.id, b.author_id AS writer FROM books b", v: tc.def},
				done: map[*Table]map[string]colOrigin{}, busy: map[*Table]bool{}}
			var got []string
			for col, r := range o.of(v) {
				got = append(got, col+"="+r.t.Name+"."+r.col)
			}
			sort.Strings(got)
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("origins (-want +got):\n%s", d)
			}
		})
	}
}

// A view over itself (impossible in PostgreSQL, but a corrupt definition
// must not recurse forever) resolves to nothing.
func TestViewOriginsCycle(t *testing.T) {
	c := &schemaCache{tables: map[string]*Table{}}
	a := testTable(c, "v", "a", "id")
	b := testTable(c, "v", "b", "id")
	o := &viewOrigins{c: c, defs: map[*Table]string{a: "SELECT id FROM b", b: "SELECT id FROM a"},
		done: map[*Table]map[string]colOrigin{}, busy: map[*Table]bool{}}
	if m := o.of(a); len(m) != 0 {
		t.Errorf("cycle resolved to %v", m)
	}
}

// Views the engine's catalog lists without columns are named from their
// definitions, as PostgreSQL names a SELECT's output columns.
func TestViewColumnNames(t *testing.T) {
	cases := []struct{ name, def, want string }{
		{"plain and aliased", "SELECT b.id, b.author_id AS writer FROM books b", "id,writer"},
		{"star", "SELECT * FROM books", "id,title,author_id"},
		{"qualified star and a column", "SELECT a.*, b.title FROM books b JOIN authors a ON a.id = b.author_id", "id,name,title"},
		{"functions, casts, expressions", "SELECT upper(title), id::text, 'x'::text, 1 + 1, count(*) AS n FROM books GROUP BY 1, 2", "upper,id,text,?column?,n"},
		{"union takes the first branch", "SELECT id AS k FROM books UNION SELECT id FROM authors", "k"},
		{"view over a view without columns yet", "SELECT * FROM inner_v", "id,writer"},
		{"star over a subquery cannot be named", "SELECT * FROM (SELECT 1) s", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &schemaCache{tables: map[string]*Table{}}
			testTable(c, "r", "books", "id", "title", "author_id")
			testTable(c, "r", "authors", "id", "name")
			inner := testTable(c, "v", "inner_v")
			v := testTable(c, "v", "v")
			o := &viewOrigins{c: c, schemas: []string{"public"}, busy: map[*Table]bool{}, defs: map[*Table]string{
				inner: "SELECT b.id, b.author_id AS writer FROM books b", v: tc.def}}
			ok := o.fillColumns(v)
			var got []string
			for _, col := range v.Columns {
				got = append(got, col.Name)
			}
			if strings.Join(got, ",") != tc.want || ok != (tc.want != "") {
				t.Errorf("columns %q (ok %v), want %q", strings.Join(got, ","), ok, tc.want)
			}
		})
	}
}
