package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine"
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
	dir := t.TempDir()
	e, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := enginetest.Connect(t, e, engine.SessionOptions{})
	enginetest.Exec(t, s, `create extension ltree with schema extensions;
create table cat (path ltree primary key);
insert into cat values ('a.b'), ('a')`)
	if err := e.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	enginetest.Exec(t, s, `insert into cat values ('a.b.c')`)
	s.Close()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e2, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	s2 := enginetest.Connect(t, e2, engine.SessionOptions{})
	res := enginetest.Exec(t, s2, `select path, nlevel(path) from cat where path <@ 'a' and path ~ '*.b.*' order by path`)
	if got, want := lastRows(res), "a.b|2\na.b.c|3"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
}
