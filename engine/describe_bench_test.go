package engine_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// describeQueries reads the statements psql 15 sends for `\d table`
// (recorded with psql -E against PostgreSQL 15), with the table's OID and
// name as :oid and :name.
func describeQueries(tb testing.TB, oid uint32, name string) []string {
	tb.Helper()
	b, err := os.ReadFile("testdata/describe/d_table.sql")
	if err != nil {
		tb.Fatal(err)
	}
	text := strings.NewReplacer(":oid", strconv.FormatUint(uint64(oid), 10), ":name", name).Replace(string(b))
	var out []string
	for _, q := range strings.Split(text, "-- next\n") {
		if q = strings.TrimSpace(q); q != "" {
			out = append(out, q)
		}
	}
	return out
}

// describeSchema builds n tables t000..t(n-1), each with a primary key, a
// foreign key to the previous one, an index and a check constraint.
func describeSchema(tb testing.TB, s *engine.Session, n int) {
	tb.Helper()
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "create table t%03d (id bigint primary key, name text not null default 'x', score int check (score > 0)", i)
		if i > 0 {
			fmt.Fprintf(&sb, ", prev bigint references t%03d (id)", i-1)
		}
		fmt.Fprintf(&sb, ");\ncreate index t%03d_name on t%03d (name);\n", i, i)
	}
	execScript(tb, s, sb.String())
}

// BenchmarkDescribeTable runs psql's `\d t050` queries on a 100-table
// schema (issue 5: under 50 ms in all).
func BenchmarkDescribeTable(b *testing.B) {
	e := enginetest.New(b)
	s := mustSession(b, e)
	describeSchema(b, s, 100)
	oid := relationOID(b, s, "t050")
	qs := describeQueries(b, oid, "t050")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range qs {
			exec(b, s, q)
		}
	}
}

// TestDescribeQueries checks that every query psql sends for `\d table`
// runs on the engine.
func TestDescribeQueries(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	describeSchema(t, s, 3)
	oid := relationOID(t, s, "t001")
	for _, q := range describeQueries(t, oid, "t001") {
		rows, err := s.Query(context.Background(), q)
		if err == nil {
			err = rows.Close()
		}
		if err != nil {
			t.Errorf("%s\n: %v", q, err)
		}
	}
}

func relationOID(tb testing.TB, s *engine.Session, name string) uint32 {
	tb.Helper()
	rows, err := s.Query(context.Background(), "select '"+name+"'::regclass::oid")
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	if !rows.Next() {
		tb.Fatalf("no oid for %s: %v", name, rows.Err())
	}
	var oid uint32
	switch v := rows.Values()[0].(type) {
	case uint32:
		oid = v
	case int64:
		oid = uint32(v)
	default:
		tb.Fatalf("oid of %s is %T", name, v)
	}
	return oid
}
