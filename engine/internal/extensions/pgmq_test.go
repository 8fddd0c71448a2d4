package extensions_test

import (
	"os"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/engine/internal/extensions"
)

// TestPgmq walks a queue through pgmq's functions and pgmq_public's
// wrappers, and checks hostile arguments.
func TestPgmq(t *testing.T) {
	s := pgmqInstalled(t, "")
	run(t, s, []sqlCase{
		{name: "create", sql: `select pgmq.create('jobs'); select pgmq.create_unlogged('Fast'); select count(*) from pgmq.meta`, want: "2"},
		{name: "tables", sql: `select tablename from pg_tables where schemaname = 'pgmq' order by 1`, want: "a_fast\na_jobs\nmeta\nq_fast\nq_jobs"},
		{name: "send", sql: `select * from pgmq.send('jobs', '{"a":1}')`, want: "1"},
		{name: "send delayed", sql: `select * from pgmq.send('jobs', '{"a":2}', 3600)`, want: "2"},
		{name: "send at", sql: `select * from pgmq.send('jobs', '{"a":3}', 3600)`, want: "3"},
		{name: "send batch", sql: `select * from pgmq.send_batch('jobs', array['{"b":1}', '{"b":2}']::jsonb[])`, want: "4\n5"},
		{name: "read hides", sql: `select msg_id, read_ct, message from pgmq.read('jobs', 30, 2)`, want: "1|1|{\"a\": 1}\n4|1|{\"b\": 1}"},
		{name: "read rest", sql: `select msg_id, read_ct from pgmq.read('jobs', 30, 10)`, want: "5|1"},
		{name: "nothing visible", sql: `select count(*) from pgmq.read('jobs', 30, 10)`, want: "0"},
		{name: "set_vt makes visible", sql: `select msg_id from pgmq.set_vt('jobs', 1, 0); select msg_id, read_ct from pgmq.read('jobs', 30, 1)`, want: "1|2"},
		{name: "poll times out empty", sql: `select count(*) from pgmq.read_with_poll('jobs', 30, 1, 1, 50)`, want: "0"},
		{name: "archive one", sql: `select pgmq.archive('jobs', 1::bigint), pgmq.archive('jobs', 99::bigint)`, want: "t|f"},
		{name: "archive many", sql: `select * from pgmq.archive('jobs', array[4, 98]::bigint[])`, want: "4"},
		{name: "archive table", sql: `select msg_id, read_ct, message from pgmq.a_jobs order by msg_id`, want: "1|2|{\"a\": 1}\n4|1|{\"b\": 1}"},
		{name: "delete one", sql: `select pgmq.delete('jobs', 5::bigint), pgmq.delete('jobs', 5::bigint)`, want: "t|f"},
		{name: "delete many", sql: `select * from pgmq.delete('jobs', array[2, 3, 97]::bigint[])`, want: "2\n3"},
		{name: "pop", sql: `select * from pgmq.send('jobs', '{"c":1}'); select msg_id, message from pgmq.pop('jobs')`, want: "6|{\"c\": 1}"},
		{name: "null qty reads all", sql: `select * from pgmq.send('jobs', '{"n":1}'); select count(*) from pgmq.read('jobs', 0, null)`, want: "1"},
		{name: "negative qty", sql: `select * from pgmq.read('jobs', 0, -1)`, code: "2201W"},
		{name: "empty batch", sql: `select count(*) from pgmq.send_batch('jobs', array[]::jsonb[])`, want: "0"},
		{name: "null batch", sql: `select count(*) from pgmq.send_batch('jobs', null)`, want: "0"},
		{name: "pop the null-qty message", sql: `select message from pgmq.pop('jobs')`, want: `{"n": 1}`},
		{name: "pop empty", sql: `select count(*) from pgmq.pop('jobs')`, want: "0"},
		{name: "metrics", sql: `select * from pgmq.send('jobs', '{}'); select queue_name, queue_length, total_messages from pgmq.metrics('jobs')`, want: "jobs|1|8"},
		{name: "metrics_all", sql: `select queue_name, queue_length from pgmq.metrics_all()`, want: "jobs|1\nFast|0"},
		{name: "list_queues", sql: `select queue_name, is_partitioned, is_unlogged from pgmq.list_queues() order by 1`, want: "Fast|f|t\njobs|f|f"},
		{name: "purge", sql: `select pgmq.purge_queue('jobs')`, want: "1"},
		{name: "drop", sql: `select pgmq.drop_queue('Fast'); select count(*) from pg_tables where schemaname = 'pgmq' and tablename like '%fast'`, want: "0"},
		{name: "public send", sql: `set role service_role; select * from pgmq_public.send('jobs', '{"p":1}'); reset role`, want: "9"},
		{name: "public read", sql: `select msg_id, message from pgmq_public.read('jobs', 10, 5)`, want: "9|{\"p\": 1}"},
		{name: "public archive", sql: `select pgmq_public.archive('jobs', 9)`, want: "t"},
		{name: "public send_batch pop delete", sql: `select count(*) from pgmq_public.send_batch('jobs', array['{}', '{}']::jsonb[]);
			select msg_id from pgmq_public.pop('jobs'); select pgmq_public.delete('jobs', 11)`, want: "t"},
		{name: "missing queue", sql: `select * from pgmq.send('nope', '{}')`, code: "42P01", msg: `relation "pgmq.q_nope" does not exist`},
		{name: "injection", sql: `select pgmq.create('x; drop table pgmq.meta')`, code: "P0001", msg: "queue name contains invalid characters"},
		{name: "long name", sql: `select pgmq.create(repeat('q', 48))`, code: "P0001", msg: "queue name is too long"},
		{name: "null name", sql: `select * from pgmq.send(null, '{}')`, code: "22004"},
		{name: "partitioned", sql: `select pgmq.create_partitioned('p')`, code: "P0001", msg: "pg_partman is required for partitioned queues"},
		{name: "anon direct insert", sql: `set role anon; insert into pgmq.q_jobs (vt, message) values (now(), '{}')`, code: "42501"},
	})
}

// TestPgmqHeaders: 1.5's headers travel with a message from send through
// read, pop and archive; send and send_batch take them with a delay in
// seconds or as a time, and read filters on a contained jsonb.
func TestPgmqHeaders(t *testing.T) {
	s := pgmqInstalled(t, "")
	run(t, s, []sqlCase{
		{name: "version", sql: `select extversion from pg_extension where extname = 'pgmq'`, want: "1.5.1"},
		{name: "record has headers", sql: `select attname from pg_attribute a join pg_type t on t.typrelid = a.attrelid
			where t.typname = 'message_record' and a.attnum > 0 order by a.attnum`, want: "msg_id\nread_ct\nenqueued_at\nvt\nmessage\nheaders"},
		{name: "create", sql: `select pgmq.create('h'); select column_name from information_schema.columns
			where table_schema = 'pgmq' and table_name = 'a_h' order by ordinal_position`, want: "msg_id\nread_ct\nenqueued_at\narchived_at\nvt\nmessage\nheaders"},
		{name: "send", sql: `select * from pgmq.send('h', '{"a":1}')`, want: "1"},
		{name: "send headers", sql: `select * from pgmq.send('h', '{"a":2}', '{"trace":"x"}'::jsonb)`, want: "2"},
		{name: "send delay", sql: `select * from pgmq.send('h', '{"a":3}', 3600)`, want: "3"},
		{name: "send headers delay", sql: `select * from pgmq.send('h', '{"a":4}', '{"trace":"y"}'::jsonb, 0)`, want: "4"},
		{name: "send at", sql: `select * from pgmq.send('h', '{"a":5}', now() + interval '1 hour')`, want: "5"},
		{name: "send ambiguous", sql: `select * from pgmq.send('h', '{"a":6}', '{"h":1}')`, code: "42725"},
		{name: "batch headers padded", sql: `select * from pgmq.send_batch('h', array['{"b":1}', '{"b":2}']::jsonb[], array['{"n":1}']::jsonb[])`, want: "6\n7"},
		{name: "batch more headers", sql: `select * from pgmq.send_batch('h', array['{"c":1}']::jsonb[], array['{"m":1}', '{"m":2}']::jsonb[], 0)`, want: "8\n9"},
		{name: "batch delay", sql: `select * from pgmq.send_batch('h', array['{"d":1}']::jsonb[], 3600)`, want: "10"},
		{name: "stored", sql: `select msg_id, message, headers from pgmq.q_h where msg_id in (1, 2, 6, 7, 8, 9) order by 1`,
			want: "1|{\"a\": 1}|<null>\n2|{\"a\": 2}|{\"trace\": \"x\"}\n6|{\"b\": 1}|{\"n\": 1}\n7|{\"b\": 2}|<null>\n8|{\"c\": 1}|{\"m\": 1}\n9|<null>|{\"m\": 2}"},
		{name: "read conditional", sql: `select msg_id, read_ct, message, headers from pgmq.read('h', 30, 5, '{"a":4}')`, want: "4|1|{\"a\": 4}|{\"trace\": \"y\"}"},
		{name: "read null conditional", sql: `select msg_id, headers from pgmq.read('h', 30, 2, null)`, want: "1|<null>\n2|{\"trace\": \"x\"}"},
		{name: "read null vt", sql: `select * from pgmq.read('h', null, 1)`, code: "23502"},
		{name: "send null delay", sql: `select * from pgmq.send('h', '{}', null::integer)`, code: "23502"},
		{name: "archive keeps headers", sql: `select pgmq.archive('h', 2::bigint); select msg_id, read_ct, headers from pgmq.a_h`, want: "2|1|{\"trace\": \"x\"}"},
		{name: "archive many", sql: `select * from pgmq.archive('h', array[4, 6]::bigint[]); select msg_id, headers from pgmq.a_h order by 1`,
			want: "2|{\"trace\": \"x\"}\n4|{\"trace\": \"y\"}\n6|{\"n\": 1}"},
		{name: "pop returns headers", sql: `select msg_id, headers from pgmq.pop('h')`, want: "7|<null>"},
		{name: "set_vt returns headers", sql: `select msg_id, headers from pgmq.set_vt('h', 8, 0)`, want: "8|{\"m\": 1}"},
		{name: "metrics", sql: `select queue_name, queue_length, total_messages, queue_visible_length from pgmq.metrics('h')`, want: "h|6|11|2"},
		{name: "poll past deadline", sql: `select count(*) from pgmq.read_with_poll('h', 30, 1, 0)`, want: "0"},
		{name: "poll", sql: `select msg_id from pgmq.read_with_poll('h', 30, 5, 1, 10, '{"c":1}')`, want: "8"},
		{name: "partition col", sql: `select pgmq._get_partition_col('10000'), pgmq._get_partition_col('1 day')`, want: "msg_id|enqueued_at"},
		{name: "partman", sql: `select pgmq._get_pg_partman_schema() is null, pgmq._extension_exists('pgmq'), pgmq._extension_exists('pg_partman')`, want: "t|t|f"},
		{name: "meta belongs", sql: `select pgmq._belongs_to_pgmq('meta')`, want: "t"},
		{name: "public read", sql: `select msg_id, headers from pgmq_public.read('h', 30, 5)`, want: "9|{\"m\": 2}"},
		{name: "purge", sql: `select pgmq.purge_queue('h')`, want: "6"},
		{name: "drop missing", sql: `select pgmq.drop_queue('nope')`, code: "42P01", msg: `relation "pgmq.q_nope" does not exist`},
		{name: "drop with flag", sql: `select pgmq.drop_queue('h', false); select count(*) from pgmq.list_queues()`, want: "0"},
	})
}

// TestPgmqUpdate: queues made under 1.4.4 keep their messages through
// ALTER EXTENSION pgmq UPDATE, gain headers and take 1.5's calls. On the
// oracle this runs pgmq itself when the server offers 1.4.4.
func TestPgmqUpdate(t *testing.T) {
	steps := []sqlCase{
		{name: "old version", sql: `select extversion from pg_extension where extname = 'pgmq'`, want: "1.4.4"},
		{name: "old send", sql: `select pgmq.create('u'); select * from pgmq.send('u', '{"a":1}'); select * from pgmq.send('u', '{"a":2}')`, want: "2"},
		{name: "old read", sql: `select msg_id, read_ct, message from pgmq.read('u', 0, 1)`, want: "1|1|{\"a\": 1}"},
		{name: "old archive", sql: `select pgmq.archive('u', 1::bigint)`, want: "t"},
		{name: "no headers yet", sql: `select count(*) from pg_attribute a join pg_type t on t.typrelid = a.attrelid
			where t.typname = 'message_record' and a.attname = 'headers'`, want: "0"},
		{name: "update", sql: `alter extension pgmq update; select extversion from pg_extension where extname = 'pgmq'`, want: "1.5.1"},
		{name: "columns added", sql: `select table_name from information_schema.columns
			where table_schema = 'pgmq' and column_name = 'headers' order by 1`, want: "a_u\nq_u"},
		{name: "old message reads", sql: `select msg_id, read_ct, message, headers from pgmq.read('u', 30, 5)`, want: "2|1|{\"a\": 2}|<null>"},
		{name: "send headers", sql: `select * from pgmq.send('u', '{"a":3}', '{"k":1}'::jsonb)`, want: "3"},
		{name: "read headers", sql: `select msg_id, message, headers from pgmq.read('u', 30, 5)`, want: "3|{\"a\": 3}|{\"k\": 1}"},
		{name: "archive headers", sql: `select pgmq.archive('u', 3::bigint); select msg_id, message, headers from pgmq.a_u order by 1`,
			want: "1|{\"a\": 1}|<null>\n3|{\"a\": 3}|{\"k\": 1}"},
		{name: "metrics", sql: `select queue_length, total_messages, queue_visible_length from pgmq.metrics('u')`, want: "1|3|0"},
		{name: "new queue", sql: `select pgmq.create('v'); select * from pgmq.send('v', '{}', '{"z":0}'::jsonb); select headers from pgmq.pop('v')`, want: `{"z": 0}`},
		{name: "drop", sql: `select pgmq.drop_queue('u'); select queue_name from pgmq.list_queues()`, want: "v"},
	}
	targets := pgmqInstalled(t, "1.4.4")
	run(t, targets, steps)
}

// TestPgmqPrivilegesThroughExecute: pgmq's functions run as their caller,
// so a role without privileges on a queue's table must be refused inside
// them as it is outside.
func TestPgmqPrivilegesThroughExecute(t *testing.T) {
	t.Skip("engine defect: statements inside PL/pgSQL (static and EXECUTE) skip the caller's table privileges and row level security (routines/plpgsql_host.go never calls SecureStatement; reported)")
	s := installed(t, "pgmq")
	run(t, s, []sqlCase{
		{name: "create", sql: `select pgmq.create('jobs')`, want: ""},
		{name: "anon via static insert", sql: `set role anon; do $$ begin insert into pgmq.q_jobs (vt, message) values (now(), '{}'); end $$`, code: "42501"},
		{name: "anon via execute", sql: `reset role; set role anon; do $$ begin execute 'insert into pgmq.q_jobs (vt, message) values (now(), ''{}'')'; end $$`, code: "42501"},
		{name: "anon via pgmq.send", sql: `reset role; set role anon; select * from pgmq.send('jobs', '{}')`, code: "42501"},
		{name: "anon via pgmq_public.send", sql: `reset role; set role anon; select * from pgmq_public.send('jobs', '{}')`, code: "42501"},
	})
}

// pgmqInstalled returns the engine with pgmq installed (at version, the
// default when empty) and, when TINYBASE_PG_URL names a server that
// offers pgmq 1.4.4 and 1.5.1, that server with pgmq itself installed
// the same way: the stand-in checked against the real extension.
func pgmqInstalled(t *testing.T, version string) []target {
	t.Helper()
	install := "CREATE EXTENSION pgmq"
	if version != "" {
		install += " VERSION '" + version + "'"
	}
	targets := []target{engineTarget(enginetest.Session(t, enginetest.Migrated(t, install)))}
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		return targets
	}
	pg := postgresTarget(t, url, nil)
	rows, _, _, err := pg.exec(`select count(*) from pg_available_extension_versions where name = 'pgmq' and version in ('1.4.4', '1.5.1')`)
	if err != nil || rows != "2" {
		t.Log("postgres: pgmq 1.4.4 and 1.5.1 are not available; checking the engine only")
		return targets
	}
	// pgmq_public is Supabase's (Studio's), not pgmq's: the stand-in's
	// AfterCreate goes on top, as bootstrap does on an oracle with pgmq.
	e, _ := extensions.Lookup("pgmq")
	public := e.AfterCreate
	for _, q := range []string{install, public} {
		if _, code, msg, err := pg.exec(q); err != nil || code != "" {
			t.Fatalf("postgres: %s: %s %s %v", q, code, msg, err)
		}
	}
	return append(targets, pg)
}

// TestPgmqUpdateDurable: an update to 1.5.1 made before a checkpoint, and
// queues used after it (from the log), come back when the data directory
// is opened again: the version, the headers column and the functions
// returning the altered message_record.
func TestPgmqUpdateDurable(t *testing.T) {
	s := enginetest.Reopened(t,
		`CREATE EXTENSION pgmq VERSION '1.4.4'; SELECT pgmq.create('d'); SELECT pgmq.send('d', '{"a":1}'); ALTER EXTENSION pgmq UPDATE`,
		`SELECT pgmq.send('d', '{"a":2}', '{"h":1}'::jsonb)`)
	run(t, []target{engineTarget(s)}, []sqlCase{
		{name: "version", sql: `select extversion from pg_extension where extname = 'pgmq'`, want: "1.5.1"},
		{name: "read", sql: `select msg_id, message, headers from pgmq.read('d', 30, 5)`, want: "1|{\"a\": 1}|<null>\n2|{\"a\": 2}|{\"h\": 1}"},
		{name: "pop after set_vt", sql: `select msg_id from pgmq.set_vt('d', 2, 0); select headers from pgmq.pop('d')`, want: `{"h": 1}`},
	})
}

// TestPgmqPublicNotMembers: Supabase's pgmq_public wrappers are ordinary
// functions owned by postgres, which a remote_schema dump drops and
// replaces (epic-hq/Insights), while pgmq's own stay its members; the
// API roles may call them, and service_role may use the queues' tables
// (Studio's grants, future queues included).
func TestPgmqPublicNotMembers(t *testing.T) {
	s := installed(t, "pgmq")
	run(t, s, []sqlCase{
		{name: "not members", sql: `select count(*) from pg_depend d join pg_proc p on p.oid = d.objid
			where d.classid = 'pg_proc'::regclass and d.refclassid = 'pg_extension'::regclass and p.pronamespace = 'pgmq_public'::regnamespace`, want: "0"},
		{name: "pgmq's are", sql: `select count(*) > 0 from pg_depend d join pg_proc p on p.oid = d.objid
			where d.classid = 'pg_proc'::regclass and d.refclassid = 'pg_extension'::regclass and p.pronamespace = 'pgmq'::regnamespace`, want: "t"},
		{name: "owner", sql: `select distinct pg_get_userbyid(proowner) from pg_proc where pronamespace = 'pgmq_public'::regnamespace`, want: "postgres"},
		{name: "schema owner", sql: `select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'pgmq_public'`, want: "postgres"},
		{name: "anon may call", sql: `select has_function_privilege('anon', 'pgmq_public.send(text, jsonb, integer)', 'execute'),
			has_function_privilege('authenticated', 'pgmq_public.read(text, integer, integer)', 'execute'),
			has_schema_privilege('anon', 'pgmq_public', 'usage')`, want: "t|t|t"},
		{name: "service_role gets new queues", sql: `select pgmq.create('q'); select has_table_privilege('service_role', 'pgmq.q_q', 'insert'),
			has_table_privilege('anon', 'pgmq.q_q', 'insert')`, want: "t|f"},
		{name: "rpc as service_role", sql: `set role service_role; select * from pgmq_public.send('q', '{"x":1}'); reset role`, want: "1"},
		{name: "drop pop", sql: `drop function if exists "pgmq_public"."pop"(queue_name text);
			select count(*) from pg_proc where pronamespace = 'pgmq_public'::regnamespace`, want: "5"},
		{name: "drop archive", sql: `drop function if exists "pgmq_public"."archive"(queue_name text, message_id bigint)`, want: ""},
		{name: "replace read", sql: `create or replace function pgmq_public.read(queue_name text, sleep_seconds integer, n integer)
			returns setof pgmq.message_record language plpgsql set search_path = '' as $$
			begin return query select * from pgmq.read(queue_name := queue_name, vt := sleep_seconds, qty := n); end $$;
			select msg_id from pgmq_public.read('q', 30, 1)`, want: "1"},
		{name: "still not a member", sql: `select count(*) from pg_depend where objid = 'pgmq_public.read(text, integer, integer)'::regprocedure and deptype = 'e'`, want: "0"},
		{name: "drop schema", sql: `drop schema pgmq_public cascade; select count(*) from pg_namespace where nspname = 'pgmq_public'`, want: "0"},
		{name: "pgmq intact", sql: `select extversion from pg_extension where extname = 'pgmq'`, want: "1.5.1"},
	})
}

// TestPgmqDropWithWrappers: pgmq_public's pop and read return pgmq's
// message_record, so DROP EXTENSION pgmq needs CASCADE, which drops them
// (the other wrappers stay); CREATE EXTENSION pgmq then makes them again
// (epic-hq/Insights drops and recreates pgmq).
func TestPgmqDropWithWrappers(t *testing.T) {
	s := installed(t, "pgmq")
	run(t, s, []sqlCase{
		{name: "restrict", sql: `drop extension pgmq`, code: "2BP01", msg: "cannot drop extension pgmq because other objects depend on it"},
		{name: "cascade", sql: `drop extension pgmq cascade; select proname from pg_proc where pronamespace = 'pgmq_public'::regnamespace order by 1`,
			want: "archive\ndelete\nsend\nsend_batch"},
		{name: "again", sql: `create extension pgmq; select count(*) from pg_proc where pronamespace = 'pgmq_public'::regnamespace`, want: "6"},
		{name: "works", sql: `select pgmq.create('w'); select * from pgmq_public.send('w', '{}'); select msg_id from pgmq_public.pop('w')`, want: "1"},
	})
}
