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
		fmt.Fprintf(&ddl, "); create index c%d_code_idx on c%d (lower(code)); comment on table c%d is 'c %d';\n", i, i, i, i)
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
		{"pg_constraint_pg_attribute", `do $$
declare r record; k record; n int := 0; s text := '';
begin
  for r in select c.oid, c.relname from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
           where ns.nspname = 'public' and c.relkind = 'r' order by c.relname loop
    for k in select con.conname, con.contype, pg_get_constraintdef(con.oid) as def
               from pg_constraint con where con.conrelid = r.oid order by con.conname loop
      s := md5(s || k.conname || k.def);
      n := n + 1;
    end loop;
    select s || string_agg(a.attname::text, ',' order by a.attnum) into s
      from pg_constraint con join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any(con.conkey)
     where con.conrelid = r.oid and con.contype = 'p';
  end loop;
  if n <> 450 then raise exception 'constraints: %', n; end if;
end $$`},
		{"to_regclass", `do $$
declare i int; t text; reg regclass; n int := 0; s text := '';
begin
  for i in 1..150 loop
    t := format('%I.%I', 'public', 'c' || i);
    reg := to_regclass(t);
    continue when reg is null;
    select s || coalesce(obj_description(t::regclass, 'pg_class'), '') into s;
    select s || string_agg(indexname::text, ',' order by indexname) into s from pg_indexes
     where schemaname = 'public' and tablename = 'c' || i;
    if exists (select 1 from pg_constraint where conrelid = reg and contype = 'f') then n := n + 1; end if;
  end loop;
  if n <> 149 then raise exception 'with fk: %', n; end if;
end $$`},
		{"comment_on", `do $$
declare r record; n int := 0;
begin
  for r in select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name loop
    execute format('comment on table %I.%I is %L', 'public', r.table_name, 'table ' || r.table_name);
    n := n + 1;
  end loop;
end $$`},
		{"psql_dt", `SELECT n.nspname as "Schema", c.relname as "Name",
  CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'i' THEN 'index' WHEN 'S' THEN 'sequence' WHEN 't' THEN 'TOAST table' WHEN 'f' THEN 'foreign table' WHEN 'p' THEN 'partitioned table' WHEN 'I' THEN 'partitioned index' END as "Type",
  pg_catalog.pg_get_userbyid(c.relowner) as "Owner"
FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_catalog.pg_am am ON am.oid = c.relam
WHERE c.relkind IN ('r','p','') AND n.nspname <> 'pg_catalog' AND n.nspname !~ '^pg_toast' AND n.nspname <> 'information_schema'
  AND pg_catalog.pg_table_is_visible(c.oid)
ORDER BY 1,2`},
		{"postgrest_relations", `select n.nspname, c.relname, c.relkind::text, c.oid::int8::text
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r','v','m','f','p') and n.nspname = any('{public}'::text[])`},
		{"postgrest_constraints", `select co.conname, co.contype::text, co.conrelid::int8::text, co.confrelid::int8::text, co.conkey::text, co.confkey::text
from pg_catalog.pg_constraint co join pg_catalog.pg_class c on c.oid = co.conrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where co.contype in ('p','u','f') and n.nspname = any('{public}'::text[])
order by co.conname`},
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
