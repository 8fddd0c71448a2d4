package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkCatalogLoop is issue 17's catalog loop in process: a DO block
// querying the catalogs once per table of 150 (bench/catalog_loop.sh runs
// more of them over the wire beside PostgreSQL). plans/op counts the
// statements the plan cache had to plan: a loop's statements are planned
// once, not once per table.
//
//	go test ./engine -run XXX -bench CatalogLoop -benchmem
func BenchmarkCatalogLoop(b *testing.B) {
	e := seeded(b, 0)
	s := mustSession(b, e)
	var ddl strings.Builder
	for i := 1; i <= 150; i++ {
		fmt.Fprintf(&ddl, "create table c%d (id bigint primary key, code text unique, ref bigint", i)
		if i > 1 {
			fmt.Fprintf(&ddl, " references c%d", i-1)
		}
		fmt.Fprintf(&ddl, "); comment on table c%d is 'c %d';\n", i, i)
	}
	execScript(b, s, ddl.String())
	for _, bc := range []struct{ name, do string }{
		{"pg_constraint", `do $$ declare r record; n int := 0; d text;
begin
  for r in select c.oid from pg_class c join pg_namespace ns on ns.oid = c.relnamespace where ns.nspname = 'public' and c.relkind = 'r' loop
    for d in select pg_get_constraintdef(con.oid) from pg_constraint con where con.conrelid = r.oid loop n := n + 1; end loop;
  end loop;
  if n <> 450 then raise exception 'constraints: %', n; end if;
end $$`},
		{"information_schema", `do $$ declare r record; n int := 0; c int;
begin
  for r in select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' loop
    select count(*) into c from information_schema.columns where table_schema = 'public' and table_name = r.table_name;
    n := n + c;
  end loop;
  if n <> 453 then raise exception 'columns: %', n; end if;
end $$`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			exec(b, s, bc.do)
			before := e.PlanCacheStats()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rows, err := s.Query(context.Background(), bc.do)
				if err != nil {
					b.Fatal(err)
				}
				if err := rows.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(e.PlanCacheStats().Planned-before.Planned)/float64(b.N), "plans/op")
		})
	}
}
