package extensions_test

import "testing"

// TestPgmq walks a queue through pgmq's functions and pgmq_public's
// wrappers, and checks hostile arguments.
func TestPgmq(t *testing.T) {
	s := installed(t, "pgmq")
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
		{name: "metrics_all", sql: `select queue_name, queue_length from pgmq.metrics_all()`, want: "Fast|0\njobs|1"},
		{name: "list_queues", sql: `select queue_name, is_partitioned, is_unlogged from pgmq.list_queues() order by 1`, want: "Fast|f|t\njobs|f|f"},
		{name: "purge", sql: `select pgmq.purge_queue('jobs')`, want: "1"},
		{name: "drop", sql: `select pgmq.drop_queue('Fast'); select count(*) from pg_tables where schemaname = 'pgmq' and tablename like '%fast'`, want: "0"},
		{name: "public send", sql: `grant all on pgmq.q_jobs, pgmq.a_jobs to service_role; set role service_role; select * from pgmq_public.send('jobs', '{"p":1}'); reset role`, want: "9"},
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
