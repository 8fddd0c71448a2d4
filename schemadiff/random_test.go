package schemadiff_test

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/schemadiff"
)

// randomSchema writes a schema from a seeded generator: up to three
// tables whose columns keep a type family per name (so a type change has
// a cast), defaults, NOT NULL, checks, unique and foreign keys, indexes,
// an enum, views, a function, a trigger, RLS and policies. Two seeds give
// two schemas sharing names, so their diff alters as well as creates and
// drops.
func randomSchema(seed int64) string {
	r := rand.New(rand.NewSource(seed))
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	var b strings.Builder
	labels := []string{"a", "b", "c", "d"}
	r.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	labels = labels[:1+r.Intn(4)]
	fmt.Fprintf(&b, "create type public.kind as enum ('%s');\n", strings.Join(labels, "', '"))
	families := map[string][]string{
		"n": {"integer", "bigint", "numeric(8,2)"},
		"s": {"text", "varchar(20)", "varchar(40)"},
		"b": {"boolean"},
		"k": {"public.kind"},
	}
	defaults := map[string][]string{"n": {"0", "7"}, "s": {"''", "'x'"}, "b": {"true", "false"}, "k": {"'" + labels[0] + "'"}}
	var tables []string
	for ti := 1; ti <= 3; ti++ {
		if ti > 1 && r.Intn(3) == 0 {
			continue
		}
		t := fmt.Sprintf("public.t%d", ti)
		tables = append(tables, t)
		cols := []string{"id bigint primary key"}
		var names []string
		for _, fam := range []string{"n", "s", "b", "k"} {
			if r.Intn(4) == 0 {
				continue
			}
			name := fam + "_col"
			names = append(names, name)
			col := name + " " + pick(families[fam]...)
			if r.Intn(2) == 0 {
				col += " default " + pick(defaults[fam]...)
			}
			if r.Intn(3) == 0 {
				col += " not null"
			}
			if fam == "n" && r.Intn(3) == 0 {
				col += " check (" + name + " >= 0)"
			}
			if fam == "s" && r.Intn(3) == 0 {
				col += " unique"
			}
			cols = append(cols, col)
		}
		if ti > 1 && len(tables) > 1 && r.Intn(2) == 0 {
			cols = append(cols, "parent bigint references "+tables[0]+" (id)"+pick("", " on delete cascade"))
		}
		fmt.Fprintf(&b, "create table %s (%s);\n", t, strings.Join(cols, ", "))
		if len(names) > 0 && r.Intn(2) == 0 {
			fmt.Fprintf(&b, "create index %s_idx on %s (%s);\n", t[len("public."):], t, pick(names...))
		}
		if r.Intn(2) == 0 {
			fmt.Fprintf(&b, "alter table %s enable row level security;\n", t)
			if r.Intn(2) == 0 {
				fmt.Fprintf(&b, "create policy p_read on %s for select to %s using (id > %d);\n", t, pick("anon", "authenticated", "anon, authenticated"), r.Intn(3))
			}
		}
		if r.Intn(3) == 0 {
			fmt.Fprintf(&b, "revoke %s on %s from anon;\n", pick("insert", "update, delete", "all"), t)
		}
		if r.Intn(2) == 0 {
			fmt.Fprintf(&b, "create view public.v_%s as select id from %s where id > %d;\n", t[len("public."):], t, r.Intn(3))
		}
	}
	if r.Intn(2) == 0 {
		fmt.Fprintf(&b, "create function public.f() returns int language sql as $$ select %d $$;\n", r.Intn(3))
	}
	if r.Intn(2) == 0 {
		b.WriteString("create function public.tg() returns trigger language plpgsql as $$ begin return new; end $$;\n")
		fmt.Fprintf(&b, "create trigger tg_%s before insert on %s for each row execute function public.tg();\n", pick("a", "b"), tables[0])
	}
	return b.String()
}

// TestDiffRandom is the diff's property on generated schemas: the diff
// from one to another, applied to the first, leaves nothing to diff.
func TestDiffRandom(t *testing.T) {
	for seed := int64(1); seed <= 15; seed++ {
		a, b := randomSchema(seed), randomSchema(seed+1000)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			from, to := engineWith(t, a), engineWith(t, b)
			stmts := schemadiff.Diff(inspect(t, from, schemadiff.Filter{}), inspect(t, to, schemadiff.Filter{}))
			s, err := from.Connect(engine.SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if _, err := s.Exec(context.Background(), schemadiff.Format(stmts)); err != nil {
				t.Fatalf("the diff does not apply: %v\nfrom:\n%s\nto:\n%s\ndiff:\n%s", err, a, b, schemadiff.Format(stmts))
			}
			if again := schemadiff.Diff(inspect(t, from, schemadiff.Filter{}), inspect(t, to, schemadiff.Filter{})); len(again) > 0 {
				t.Errorf("after the diff:\n%s\nfrom:\n%s\nto:\n%s\ndiff:\n%s", schemadiff.Format(again), a, b, schemadiff.Format(stmts))
			}
		})
	}
}

func engineWith(t *testing.T, sql string) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	exec(t, e, sql)
	return e
}
