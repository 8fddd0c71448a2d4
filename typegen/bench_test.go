package typegen

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// schema100 is a generated 100-table schema: eight columns of common types
// per table, an enum, a foreign key to the previous table, a secondary
// index, and a view every tenth table.
func schema100() string {
	var b strings.Builder
	b.WriteString("create type status as enum ('draft', 'live', 'archived');\n")
	for i := 0; i < 100; i++ {
		fk := ""
		if i > 0 {
			fk = fmt.Sprintf(",\n  prev_id bigint references t%03d (id)", i-1)
		}
		fmt.Fprintf(&b, "create table t%03d (\n  id bigint generated always as identity primary key,\n"+
			"  name text not null,\n  note text,\n  amount numeric(10, 2) default 0,\n"+
			"  created_at timestamptz not null default now(),\n  tags text[],\n  data jsonb,\n"+
			"  state status not null default 'draft'%s\n);\n", i, fk)
		fmt.Fprintf(&b, "create index t%03d_name_idx on t%03d (name);\n", i, i)
		if i%10 == 0 {
			fmt.Fprintf(&b, "create view v%03d as select id, name, state from t%03d;\n", i, i)
		}
	}
	return b.String()
}

func BenchmarkTypeScript100Tables(b *testing.B) {
	s := newSession(b)
	if _, err := s.Exec(context.Background(), schema100()); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := cpuTime()
	defer reportCPU(b, start)
	for i := 0; i < b.N; i++ {
		if _, err := TypeScript(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTypeScript100TablesCold is the first run on a session (what one
// `tinybase gen types typescript` process does): every iteration connects a new
// session, so nothing the session caches between catalog reads helps.
func BenchmarkTypeScript100TablesCold(b *testing.B) {
	e := enginetest.New(b)
	setup, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := setup.Exec(context.Background(), schema100()); err != nil {
		b.Fatal(err)
	}
	setup.Close()
	b.ResetTimer()
	start := cpuTime()
	defer reportCPU(b, start)
	for i := 0; i < b.N; i++ {
		s, err := e.Connect(engine.SessionOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := TypeScript(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
