package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestForeignTableAccess: a foreign table applies as on Supabase, and
// every read or write of it fails with 0A000 and a hint, since tinybase
// reaches no external service; DROP TABLE refuses it as PostgreSQL does.
func TestForeignTableAccess(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	enginetest.Exec(t, s, `create foreign data wrapper w;
		create server srv foreign data wrapper w options (api_key 'k');
		create user mapping for current_user server srv;
		create schema ext;
		create foreign table ext.customers (id text, email text) server srv options (object 'customers');
		create table local (id int)`)
	for _, tc := range []struct{ name, sql, code string }{
		{"select", "select * from ext.customers", "0A000"},
		{"join", "select l.id from local l join ext.customers c on c.id = l.id::text", "0A000"},
		{"subquery", "select (select count(*) from ext.customers)", "0A000"},
		{"insert", "insert into ext.customers values ('a', 'b')", "0A000"},
		{"update", "update ext.customers set email = 'x'", "0A000"},
		{"delete", "delete from ext.customers", "0A000"},
		{"truncate", "truncate ext.customers", "0A000"},
		{"drop table", "drop table ext.customers", "42809"},
		{"import", "import foreign schema public from server srv into ext", "0A000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Exec(context.Background(), tc.sql)
			var pe *engine.Error
			if !errors.As(err, &pe) {
				t.Fatalf("%s: error %v, want SQLSTATE %s", tc.sql, err, tc.code)
			}
			if pe.Code != tc.code {
				t.Errorf("%s: %s %s, want %s", tc.sql, pe.Code, pe.Message, tc.code)
			}
			if tc.code == "0A000" && pe.Hint == "" {
				t.Errorf("%s: no hint", tc.sql)
			}
		})
	}
	for _, q := range []string{"copy ext.customers to stdout", "copy ext.customers from stdin", "copy (select * from ext.customers) to stdout"} {
		c, err := s.Copy(context.Background(), q)
		var pe *engine.Error
		if !errors.As(err, &pe) || pe.Code != "0A000" {
			t.Errorf("%s: %v, want 0A000", q, err)
		}
		if c != nil {
			t.Errorf("%s started", q)
		}
	}
	res := enginetest.Exec(t, s, "select count(*) from local; select relkind from pg_class where relname = 'customers'")
	if got := *res[1].Rows[0][0]; got != "f" {
		t.Errorf("relkind = %s, want f", got)
	}
	enginetest.Exec(t, s, "drop foreign table ext.customers; create table ext.customers (id int); select * from ext.customers")
}

// TestWrappersMigration: a migration in the shape Supabase's Wrappers
// documentation gives (Stripe, Firebase and S3 servers and foreign
// tables, wrappers_fdw_stats) applies; the foreign tables are listed
// with their servers, and reading one fails with 0A000.
func TestWrappersMigration(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	enginetest.Exec(t, s, `create extension if not exists wrappers with schema extensions;
		create foreign data wrapper stripe_wrapper handler stripe_fdw_handler validator stripe_fdw_validator;
		create server stripe_server foreign data wrapper stripe_wrapper options (api_key_id 'k', api_url 'https://api.stripe.com/v1/');
		create schema stripe;
		create foreign table stripe.customers (id text, email text, attrs jsonb) server stripe_server options (object 'customers', rowid_column 'id');
		create foreign data wrapper firebase_wrapper handler firebase_fdw_handler validator firebase_fdw_validator;
		create server firebase_server foreign data wrapper firebase_wrapper options (sa_key 'x', project_id 'p');
		create foreign table firebase_users (uid text, email text, attrs jsonb) server firebase_server options (object 'auth/users');
		create foreign data wrapper s3_wrapper handler extensions.s3_fdw_handler validator extensions.s3_fdw_validator;
		create server s3_server foreign data wrapper s3_wrapper options (aws_region 'us-east-1');
		create foreign table s3_table (name text) server s3_server options (uri 's3://bucket/t.csv', format 'csv')`)
	res := enginetest.Exec(t, s, `select foreign_table_schema || '.' || foreign_table_name || '@' || foreign_server_name
		from information_schema.foreign_tables order by 1;
		select fdwhandler::regproc::text from pg_foreign_data_wrapper where fdwname = 'stripe_wrapper';
		select count(*) from extensions.wrappers_fdw_stats`)
	var got []string
	for _, r := range res[0].Rows {
		got = append(got, *r[0])
	}
	want := []string{"public.firebase_users@firebase_server", "public.s3_table@s3_server", "stripe.customers@stripe_server"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("foreign tables = %v, want %v", got, want)
	}
	if h := *res[1].Rows[0][0]; h != "stripe_fdw_handler" {
		t.Errorf("handler = %s", h)
	}
	_, err := s.Exec(context.Background(), "select email from stripe.customers where id = 'cus_1'")
	var pe *engine.Error
	if !errors.As(err, &pe) || pe.Code != "0A000" {
		t.Fatalf("read of a foreign table: %v, want 0A000", err)
	}
}

// TestForeignDurable reopens a data directory: the wrappers, servers,
// user mappings and foreign tables come back from the checkpoint and
// from the log written after it.
func TestForeignDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension postgres_fdw;
		create server pg foreign data wrapper postgres_fdw options (host 'db');
		create user mapping for public server pg options (user 'u')`,
		`create foreign table items (id int) server pg options (table_name 'items')`)
	res := enginetest.Exec(t, s2, `select srvname || ' ' || array_to_string(srvoptions, ',') from pg_foreign_server;
		select usename || ' ' || array_to_string(umoptions, ',') from pg_user_mappings;
		select c.relname || ' ' || c.relkind || ' ' || array_to_string(ftoptions, ',') from pg_foreign_table f join pg_class c on c.oid = f.ftrelid`)
	for i, want := range []string{"pg host=db", "public user=u", "items f table_name=items"} {
		if len(res[i].Rows) != 1 || *res[i].Rows[0][0] != want {
			t.Errorf("after reopening, query %d: %v, want %q", i, res[i].Rows, want)
		}
	}
	if _, err := s2.Exec(context.Background(), "select * from items"); err == nil {
		t.Error("a foreign table read after reopening")
	}
}

// TestRemoteExtensionsRefuseUse: dblink and postgres_fdw install their
// objects, and every call that would reach another database fails with
// 0A000 and a hint; dblink_get_connections() is NULL (none are open).
func TestRemoteExtensionsRefuseUse(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	res := enginetest.Exec(t, s, `create extension dblink; create extension postgres_fdw;
		select dblink_get_connections() is null`)
	if got := *res[len(res)-1].Rows[0][0]; got != "t" {
		t.Errorf("dblink_get_connections() is null = %s", got)
	}
	for _, q := range []string{
		"select dblink_connect('c', 'host=db')",
		"select * from dblink('host=db', 'select 1') as t(a int)",
		"select dblink_exec('host=db', 'delete from x')",
		"select postgres_fdw_handler()",
	} {
		_, err := s.Exec(context.Background(), q)
		var pe *engine.Error
		if !errors.As(err, &pe) || pe.Code != "0A000" || pe.Hint == "" {
			t.Errorf("%s: %v, want 0A000 with a hint", q, err)
		}
	}
}

// TestForeignTableGoneWithSchema: DROP SCHEMA ... CASCADE forgets the
// schema's foreign tables, so a table created later under the same name
// is an ordinary, readable one.
func TestForeignTableGoneWithSchema(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	res := enginetest.Exec(t, s, `create foreign data wrapper w;
		create server s foreign data wrapper w;
		create schema x;
		create foreign table x.ft (a int) server s;
		drop schema x cascade;
		create schema x;
		create table x.ft (a int);
		insert into x.ft values (1);
		select count(*) from x.ft;
		select count(*) from pg_foreign_table`)
	if got := *res[len(res)-2].Rows[0][0]; got != "1" {
		t.Errorf("rows of the new x.ft = %s, want 1", got)
	}
	if got := *res[len(res)-1].Rows[0][0]; got != "0" {
		t.Errorf("pg_foreign_table rows = %s, want 0", got)
	}
}
