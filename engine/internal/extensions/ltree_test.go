package extensions_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

func TestLtreeHostile(t *testing.T) {
	run(t, installed(t, "ltree"), []sqlCase{
		{name: "nulls", sql: `select nlevel(null) is null, subpath(null, 1) is null, ('a'::ltree ~ null::lquery) is null`, want: "t|t|t"},
		{name: "null in array", sql: `select array['a', null]::ltree[] @> 'a.b'`, code: "22004", msg: "array must not contain nulls"},
		{name: "long path", sql: `select nlevel(array_to_string(array_fill('x'::text, array[60000]), '.')::ltree)`, want: "60000"},
		{name: "too many levels", sql: `select array_to_string(array_fill('x'::text, array[70000]), '.')::ltree`, code: "54000", msg: "number of ltree labels (70000) exceeds the maximum allowed (65535)"},
		{name: "bad lquery bound", sql: `select 'a.*{99999}'::lquery`, code: "54000", msg: "lquery syntax error"},
	})
}

func TestLtreeDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension ltree with schema extensions;
create table cat (path ltree primary key);
insert into cat values ('a.b'), ('a')`, `insert into cat values ('a.b.c')`)
	res := enginetest.Exec(t, s2, `select path, nlevel(path) from cat where path <@ 'a' and path ~ '*.b.*' order by path`)
	if got, want := enginetest.LastRows(res), "a.b|2\na.b.c|3"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
}
