package lint

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// schema100 is a generated 100-table schema: eight columns per table, a
// foreign key to the previous table (every other one indexed), a secondary
// index, a duplicate index every 25th table and a view every tenth.
func schema100() string {
	var b strings.Builder
	for i := 0; i < 100; i++ {
		fk := ""
		if i > 0 {
			fk = fmt.Sprintf(",\n  prev_id bigint references t%03d (id)", i-1)
		}
		fmt.Fprintf(&b, "create table t%03d (\n  id bigint generated always as identity primary key,\n"+
			"  name text not null,\n  note text,\n  amount numeric(10, 2) default 0,\n"+
			"  created_at timestamptz not null default now(),\n  tags text[],\n  data jsonb%s\n);\n", i, fk)
		fmt.Fprintf(&b, "create index t%03d_name_idx on t%03d (name);\n", i, i)
		if i > 0 && i%2 == 0 {
			fmt.Fprintf(&b, "create index t%03d_prev_idx on t%03d (prev_id);\n", i, i)
		}
		if i%25 == 0 {
			fmt.Fprintf(&b, "create index t%03d_name_idx2 on t%03d (name);\n", i, i)
		}
		if i%10 == 0 {
			fmt.Fprintf(&b, "create view v%03d as select id, name from t%03d;\n", i, i)
		}
	}
	return b.String()
}

func BenchmarkLint100Tables(b *testing.B) {
	s := newSession(b)
	if _, err := s.Exec(context.Background(), schema100()); err != nil {
		b.Fatal(err)
	}
	fs, err := Run(context.Background(), s)
	if err != nil {
		b.Fatal(err)
	}
	if len(fs) < 100 {
		b.Fatalf("only %d findings on the generated schema", len(fs))
	}
	b.ResetTimer()
	start := cpuTime()
	defer reportCPU(b, start)
	for i := 0; i < b.N; i++ {
		if _, err := Run(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLint100TablesCold is the first run on a session (what one
// `tinybase db lint` process does): every iteration connects a new
// session, so nothing the session caches between catalog reads helps.
func BenchmarkLint100TablesCold(b *testing.B) {
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
		if _, err := Run(context.Background(), s); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
