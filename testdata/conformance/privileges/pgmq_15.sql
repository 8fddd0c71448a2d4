-- conformance: requires pgmq
-- pgmq 1.5.1, Supabase's default: message headers, the send and
-- send_batch overloads, conditional reads, metrics' visible length.
-- Recorded from PostgreSQL 15 with it installed; times are not printed.
-- The function list leaves out the stand-in's own two helpers.
CREATE EXTENSION pgmq;
SELECT extversion FROM pg_extension WHERE extname = 'pgmq';
SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'pgmq' AND p.proname NOT IN ('_queue_table', '_create') ORDER BY 1, 2;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pgmq' AND a.attnum > 0 AND c.relkind IN ('r', 'c', 'v') ORDER BY 1, a.attnum;
SELECT pgmq.create('jobs');
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pgmq' AND c.relname IN ('q_jobs', 'a_jobs') AND a.attnum > 0 ORDER BY 1, a.attnum;
SELECT * FROM pgmq.send('jobs', '{"a": 1}');
SELECT * FROM pgmq.send('jobs', '{"a": 2}', '{"trace": "x"}'::jsonb);
SELECT * FROM pgmq.send('jobs', '{"a": 3}', 3600);
SELECT * FROM pgmq.send('jobs', '{"a": 4}', '{"trace": "y"}'::jsonb, 0);
SELECT * FROM pgmq.send('jobs', '{"a": 5}', now() + interval '1 hour');
SELECT * FROM pgmq.send('jobs', '{"a": 6}', '{"h": 1}');
SELECT * FROM pgmq.send('jobs', '{"a": 7}', NULL);
SELECT * FROM pgmq.send_batch('jobs', ARRAY['{"b": 1}', '{"b": 2}']::jsonb[], ARRAY['{"n": 1}']::jsonb[]);
SELECT * FROM pgmq.send_batch('jobs', ARRAY['{"c": 1}']::jsonb[], ARRAY['{"m": 1}', '{"m": 2}']::jsonb[], 0);
SELECT * FROM pgmq.send_batch('jobs', ARRAY['{"d": 1}']::jsonb[], 3600);
SELECT * FROM pgmq.send_batch('jobs', ARRAY['{"d": 2}']::jsonb[], now());
SELECT msg_id, read_ct, message, headers FROM pgmq.q_jobs ORDER BY msg_id;
SELECT msg_id, read_ct, message, headers FROM pgmq.read('jobs', 30, 5, '{"a": 4}');
SELECT msg_id, read_ct, message, headers FROM pgmq.read('jobs', 30, 2, NULL);
SELECT msg_id, read_ct, message, headers FROM pgmq.read('jobs', 30, 2);
SELECT * FROM pgmq.read('jobs', NULL, 1);
SELECT * FROM pgmq.send('jobs', '{}', NULL::integer);
SELECT pgmq.archive('jobs', 2::bigint);
SELECT * FROM pgmq.archive('jobs', ARRAY[4, 6, 99]::bigint[]);
SELECT msg_id, read_ct, message, headers FROM pgmq.a_jobs ORDER BY msg_id;
SELECT msg_id, message, headers FROM pgmq.pop('jobs');
SELECT msg_id, read_ct, message, headers FROM pgmq.set_vt('jobs', 10, 0);
SELECT queue_name, queue_length, total_messages, queue_visible_length FROM pgmq.metrics('jobs');
SELECT queue_name, queue_length, total_messages, queue_visible_length FROM pgmq.metrics_all();
SELECT count(*) FROM pgmq.read_with_poll('jobs', 30, 1, 0);
SELECT msg_id, message FROM pgmq.read_with_poll('jobs', 30, 5, 1, 10, '{"d": 2}');
SELECT pgmq._get_partition_col('10000'), pgmq._get_partition_col('1 day'), pgmq._extension_exists('pgmq'), pgmq._get_pg_partman_schema();
SELECT pgmq.create_partitioned('parts');
SELECT pgmq.purge_queue('jobs');
SELECT pgmq.drop_queue('nope');
SELECT pgmq.drop_queue('jobs', false);
SELECT count(*) FROM pgmq.list_queues();
