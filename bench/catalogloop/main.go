// Command catalogloop measures issue 17's catalog loops over the wire on
// tinybase and PostgreSQL side by side: the same 150 tables (primary keys,
// foreign keys, unique constraints, indexes, comments) on both, then DO
// blocks that walk them the way migration tools do — one catalog query per
// table through information_schema, pg_constraint joined with pg_class,
// pg_namespace and pg_attribute, pg_indexes, to_regclass and ::regclass —
// and the one-shot catalog queries schema tools send. Each loop ends with
// a NOTICE summing what it saw, and each query's rows are counted: both
// must agree between the servers. bench/catalog_loop.sh builds and runs it.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/bench/internal/only"
)

// workload is one measured statement.
type workload struct {
	name string
	sql  string
	args []any
}

// loops are DO blocks issuing one or more catalog queries per table.
var loops = []workload{
	{"is.tables -> table_constraints, key_column_usage", `do $$
declare r record; n int := 0; k int := 0; c int;
begin
  for r in select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name loop
    select count(*) into c from information_schema.table_constraints
     where table_schema = 'public' and table_name = r.table_name and constraint_type in ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY');
    n := n + c;
    select count(*) into c from information_schema.key_column_usage
     where table_schema = 'public' and table_name = r.table_name;
    k := k + c;
  end loop;
  raise notice 'constraints %, key columns %', n, k;
end $$`, nil},
	{"is.tables -> columns", `do $$
declare r record; c record; n int := 0; s text := '';
begin
  for r in select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name loop
    for c in select column_name, data_type, is_nullable, column_default from information_schema.columns
             where table_schema = 'public' and table_name = r.table_name order by ordinal_position loop
      n := n + 1;
      if c.is_nullable = 'NO' then s := md5(s || c.column_name || c.data_type); end if;
    end loop;
  end loop;
  raise notice 'columns %, %', n, s;
end $$`, nil},
	{"is.referential_constraints -> key_column_usage", `do $$
declare r record; n int := 0; s text := '';
begin
  for r in select constraint_name, unique_constraint_name from information_schema.referential_constraints
           where constraint_schema = 'public' order by constraint_name loop
    select s || string_agg(column_name::text, ',' order by ordinal_position) into s
      from information_schema.key_column_usage
     where constraint_schema = 'public' and constraint_name = r.constraint_name;
    n := n + 1;
  end loop;
  raise notice 'foreign keys %, %', n, md5(s);
end $$`, nil},
	{"pg_class -> pg_constraint, pg_attribute", `do $$
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
  raise notice 'constraints %, %', n, md5(s);
end $$`, nil},
	{"to_regclass, ::regclass, pg_indexes, format('%I')", `do $$
declare i int; t text; reg regclass; n int := 0; s text := '';
begin
  for i in 1..150 loop
    t := format('%I.%I', 'public', 'tbl_' || lpad(i::text, 3, '0'));
    reg := to_regclass(t);
    continue when reg is null;
    select s || coalesce(obj_description(t::regclass, 'pg_class'), '') into s;
    select s || string_agg(indexname::text, ',' order by indexname) into s from pg_indexes
     where schemaname = 'public' and tablename = 'tbl_' || lpad(i::text, 3, '0');
    if exists (select 1 from pg_constraint where conrelid = reg and contype = 'f') then n := n + 1; end if;
  end loop;
  raise notice 'with fk %, %', n, md5(s);
end $$`, nil},
	{"is.tables -> COMMENT ON (DDL per table)", `do $$
declare r record; n int := 0;
begin
  for r in select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name loop
    execute format('comment on table %I.%I is %L', 'public', r.table_name, 'table ' || r.table_name);
    n := n + 1;
  end loop;
  raise notice 'commented %', n;
end $$`, nil},
}

// queries are one-shot catalog queries schema tools send.
var queries = []workload{
	{"information_schema.columns (public)", `select table_name, column_name, data_type, is_nullable, column_default
from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`, nil},
	{"table_constraints join key_column_usage", `select tc.table_name, tc.constraint_name, tc.constraint_type, kcu.column_name
from information_schema.table_constraints tc
join information_schema.key_column_usage kcu on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
where tc.table_schema = 'public' order by 1, 2, kcu.ordinal_position`, nil},
	{"postgrest relations", `select n.nspname, c.relname, c.relkind::text, c.oid::int8::text
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r','v','m','f','p') and n.nspname = any($1)`, []any{[]string{"public"}}},
	{"postgrest columns", `select a.attrelid::int8::text, a.attnum::text, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull::text, a.atthasdef::text
from pg_catalog.pg_attribute a
where a.attnum > 0 and not a.attisdropped and a.attrelid in (
  select c.oid from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1))
order by 1, 2`, []any{[]string{"public"}}},
	{"postgrest constraints", `select co.conname, co.contype::text, co.conrelid::int8::text, co.confrelid::int8::text, co.conkey::text, co.confkey::text
from pg_catalog.pg_constraint co join pg_catalog.pg_class c on c.oid = co.conrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where co.contype in ('p','u','f') and n.nspname = any($1)
order by co.conname`, []any{[]string{"public"}}},
	{"psql \\dt", `SELECT n.nspname as "Schema", c.relname as "Name",
  CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'i' THEN 'index' WHEN 'S' THEN 'sequence' WHEN 't' THEN 'TOAST table' WHEN 'f' THEN 'foreign table' WHEN 'p' THEN 'partitioned table' WHEN 'I' THEN 'partitioned index' END as "Type",
  pg_catalog.pg_get_userbyid(c.relowner) as "Owner"
FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_catalog.pg_am am ON am.oid = c.relam
WHERE c.relkind IN ('r','p','') AND n.nspname <> 'pg_catalog' AND n.nspname !~ '^pg_toast' AND n.nspname <> 'information_schema'
  AND pg_catalog.pg_table_is_visible(c.oid)
ORDER BY 1,2`, nil},
	{"pg_indexes (public)", `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`, nil},
}

// setup creates n tables in a chain: each has a primary key, a unique
// column, a foreign key to the previous one (a second one to the first
// table on every third), an index on the foreign key and comments.
func setup(ctx context.Context, c *pgx.Conn, n int) error {
	var b strings.Builder
	b.WriteString("drop schema public cascade; create schema public; grant all on schema public to public;\n")
	for i := 1; i <= n; i++ {
		t := fmt.Sprintf("tbl_%03d", i)
		fmt.Fprintf(&b, "create table %s (id bigint generated always as identity primary key, code text not null unique, name text, created_at timestamptz not null default now()", t)
		if i > 1 {
			fmt.Fprintf(&b, ", parent_id bigint references tbl_%03d(id) on delete cascade", i-1)
		}
		if i > 1 && i%3 == 0 {
			b.WriteString(", root_id bigint references tbl_001(id)")
		}
		b.WriteString(", check (length(code) > 0));\n")
		if i > 1 {
			fmt.Fprintf(&b, "create index %s_parent_idx on %s (parent_id);\n", t, t)
		}
		fmt.Fprintf(&b, "create index %s_name_idx on %s (lower(name));\n", t, t)
		fmt.Fprintf(&b, "comment on table %s is 'table number %d';\n", t, i)
		fmt.Fprintf(&b, "comment on column %s.code is 'code of %d';\n", t, i)
	}
	if _, err := c.Exec(ctx, b.String()); err != nil {
		return err
	}
	return nil
}

// run returns the median latency of w over iters executions (after one
// warm-up), and what the last one answered: its row count and notices.
func run(ctx context.Context, c *pgx.Conn, notices *[]string, w workload, iters int) (time.Duration, string, error) {
	lat := make([]time.Duration, 0, iters)
	var answer string
	for i := 0; i < iters+1; i++ {
		*notices = (*notices)[:0]
		start := time.Now()
		rs, err := c.Query(ctx, w.sql, w.args...)
		if err != nil {
			return 0, "", err
		}
		rows := 0
		for rs.Next() {
			rows++
		}
		rs.Close()
		if err := rs.Err(); err != nil {
			return 0, "", err
		}
		if i > 0 {
			lat = append(lat, time.Since(start))
		}
		answer = strconv.Itoa(rows) + " rows " + strings.Join(*notices, "; ")
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return lat[len(lat)/2], answer, nil
}

func main() {
	tbURL := flag.String("tinybase", "", "tinybase URL")
	pgURL := flag.String("postgres", "", "PostgreSQL URL")
	tables := flag.Int("tables", 150, "tables created")
	iters := flag.Int("iters", 7, "measured executions per loop or query")
	doSetup := flag.Bool("setup", true, "create the tables first (false: measure the tables an earlier run created)")
	onlyFlag := flag.String("only", "", "measure only workloads whose name contains this (alternatives separated by |)")
	flag.Parse()
	ctx := context.Background()
	type target struct {
		name    string
		conn    *pgx.Conn
		notices []string
	}
	var targets []*target
	for _, u := range []struct{ name, url string }{{"tinybase", *tbURL}, {"postgres", *pgURL}} {
		if u.url == "" {
			continue
		}
		cfg, err := pgx.ParseConfig(u.url)
		if err != nil {
			log.Fatal(err)
		}
		t := &target{name: u.name}
		cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { t.notices = append(t.notices, n.Message) }
		c, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			log.Fatalf("%s: %v", u.name, err)
		}
		defer c.Close(ctx)
		t.conn = c
		targets = append(targets, t)
	}
	for _, t := range targets {
		if !*doSetup {
			break
		}
		start := time.Now()
		if err := setup(ctx, t.conn, *tables); err != nil {
			log.Fatalf("%s setup: %v", t.name, err)
		}
		fmt.Fprintf(os.Stderr, "%s: %d tables created in %v\n", t.name, *tables, time.Since(start).Round(time.Millisecond))
	}
	differ := false
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d.Nanoseconds())/1e6, 'f', 2, 64) }
	fmt.Printf("%-52s %10s %10s %8s\n", "workload (median ms)", "tinybase", "postgres", "ratio")
	for _, group := range [][]workload{loops, queries} {
		for _, w := range group {
			if !only.Selected(w.name, *onlyFlag) {
				continue
			}
			var med []time.Duration
			var answers []string
			for _, t := range targets {
				m, a, err := run(ctx, t.conn, &t.notices, w, *iters)
				if err != nil {
					log.Fatalf("%s %s: %v", t.name, w.name, err)
				}
				med, answers = append(med, m), append(answers, a)
			}
			line := fmt.Sprintf("%-52s %10s", w.name, ms(med[0]))
			if len(med) == 2 {
				line += fmt.Sprintf(" %10s %7.1fx", ms(med[1]), float64(med[0])/float64(med[1]))
			}
			if len(answers) == 2 && answers[0] != answers[1] {
				fmt.Fprintf(os.Stderr, "%s: tinybase answered %q, postgres %q\n", w.name, answers[0], answers[1])
				line += "  answers differ"
				differ = true
			}
			fmt.Println(line)
		}
	}
	if differ {
		os.Exit(1)
	}
}
