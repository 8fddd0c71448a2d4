package extensions_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

func TestIsnLiterals(t *testing.T) {
	run(t, installed(t, "isn"), []sqlCase{
		// an unknown literal beside an isbn is an isbn, not an ean13
		{name: "literal takes the column's type", sql: `select b from (values ('0-393-04002-X'::isbn)) v(b) where b = '9780393040028'`,
			code: "22P02", msg: `invalid check digit for ISBN number: "9780393040028", should be 9`},
		{name: "literal compares", sql: `select b from (values ('0-393-04002-X'::isbn)) v(b) where b = '9780393040029' and b <= '039304002X'`, want: "0-393-04002-X"},
		{name: "cross-type", sql: `select '9780393040029'::ean13 = '039304002X'::isbn, '9780393040029'::isbn13 < '9790230671187'::ean13`, want: "t|t"},
	})
}

// TestIsnIndexScan: a comparison between two values of one isn type is
// the engine's own, which an index on the column serves.
func TestIsnIndexScan(t *testing.T) {
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := enginetest.Connect(t, e, engine.SessionOptions{})
	enginetest.Exec(t, s, `create extension isn;
create table books (id isbn primary key, code ean13);
create index books_code on books (code);
insert into books select ('978' || lpad(g::text, 9, '0') || '?')::isbn, ('979' || lpad(g::text, 9, '1') || '?')::ean13 from generate_series(1, 500) g`)
	for _, q := range []string{
		`explain select * from books where id = '978000000100?'`,
		`explain select * from books where code >= '9791111111006' order by code`,
	} {
		if got := enginetest.LastRows(enginetest.Exec(t, s, q)); !strings.Contains(got, "Index Scan using") {
			t.Errorf("%s:\n%s", q, got)
		}
	}
	if got, want := enginetest.LastRows(enginetest.Exec(t, s, `select id from books where id = '978000000100?'`)), "0-00-000100-7"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestIsnDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension isn with schema extensions;
create table books (id extensions.isbn primary key, code extensions.upc);
select extensions.isn_weak(true);
insert into books values ('039304002X', '123456789012'), ('9780393040028', null)`, `insert into books values ('9791090636071', '0123456789012'::extensions.ean13::extensions.upc)`)
	res := enginetest.Exec(t, s2, `select id, code, extensions.is_valid(id) from books order by id`)
	if got, want := enginetest.LastRows(res), "0-393-04002-X|123456789012|t\n0-393-04002-X!|<null>|f\n979-10-90636-07-1|123456789012|t"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
}
