package mcp

import (
	"context"
	"fmt"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

func TestProbe2(t *testing.T) {
	e, _ := engine.Open(engine.Options{})
	s, _ := e.Connect(engine.SessionOptions{})
	ctx := context.Background()
	_, err := s.Exec(ctx, `create type mood as enum ('a','b'); create table a(id bigint generated always as identity primary key, name text not null default 'x' unique, m mood, tags text[], j jsonb, chk int check (chk > 0));
	create table b(id serial primary key, a_id bigint references a(id)); alter table a enable row level security; comment on table a is 'hello'; comment on column a.name is 'nm';
	create policy p on a for select to anon using (true); create index bi on b(a_id); insert into b(a_id) values (null),(null);
	create function tg() returns trigger language plpgsql as $$ begin return new; end $$; create trigger t1 before insert on b for each row execute function tg(); grant select on a to anon;`)
	fmt.Println("setup", err)
	for _, q := range []string{
		`select n_live_tup, relname from pg_stat_user_tables`,
		`select c.oid::int8, c.relname, c.relrowsecurity, c.relforcerowsecurity, c.reltuples, obj_description(c.oid, 'pg_class') from pg_class c join pg_namespace n on n.oid=c.relnamespace where n.nspname = any($1) and c.relkind in ('r','p')`,
		`select table_schema, table_name, column_name, ordinal_position, data_type, udt_name, column_default, is_nullable, is_identity, identity_generation, is_generated, is_updatable from information_schema.columns where table_schema='public' order by table_name, ordinal_position`,
		`select a.attrelid::int8, a.attname, a.attnum, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid), col_description(a.attrelid, a.attnum), t.typtype, t.typname from pg_attribute a join pg_type t on t.oid=a.atttypid left join pg_attrdef d on d.adrelid=a.attrelid and d.adnum=a.attnum where a.attrelid='public.a'::regclass and a.attnum>0 and not a.attisdropped`,
		`select conname, contype, conrelid::int8, confrelid::int8, conkey, confkey, pg_get_constraintdef(oid) from pg_constraint where connamespace='public'::regnamespace`,
		`select enumlabel from pg_enum e join pg_type t on t.oid=e.enumtypid where t.typname='mood' order by enumsortorder`,
		`select indexname, indexdef from pg_indexes where schemaname='public'`,
		`select policyname, permissive, roles, cmd, qual, with_check from pg_policies`,
		`select tgname, pg_get_triggerdef(t.oid) from pg_trigger t where not tgisinternal`,
		`select grantee, privilege_type from information_schema.role_table_grants where table_name='a'`,
		`select relacl from pg_class where relname='a'`,
		`select extname from pg_extension`,
		`select name, default_version, installed_version, comment from pg_available_extensions order by name limit 3`,
		`select e.name, n.nspname, e.default_version, x.extversion, e.comment from pg_available_extensions() e(name, default_version, comment) left join pg_extension x on e.name = x.extname left join pg_namespace n on x.extnamespace = n.oid limit 3`,
	} {
		var rows *engine.Rows
		var err error
		if len(q) > 0 && q[len(q)-2:] == "$1" || contains(q, "$1") {
			rows, err = s.Query(ctx, q, "{public}")
		} else {
			rows, err = s.Query(ctx, q)
		}
		if err != nil {
			fmt.Println("ERR", q[:min(40,len(q))], err)
			continue
		}
		n := 0
		for rows.Next() {
			if n < 8 {
				var out []string
				for _, v := range rows.Text() {
					if v == nil {
						out = append(out, "NULL")
					} else {
						out = append(out, *v)
					}
				}
				fmt.Println(out)
			}
			n++
		}
		fmt.Println("->", q[:min(40,len(q))], rows.Err())
	}
}

func contains(a, b string) bool { return len(a) >= len(b) && (func() bool { for i := 0; i+len(b) <= len(a); i++ { if a[i:i+len(b)] == b { return true } }; return false })() }
