-- conformance: requires pgmq
-- pgmq 1.4.4 updated to 1.5.1 as Supabase's projects were: the queues
-- made before keep their messages and gain headers. Recorded from
-- PostgreSQL 15 with pgmq installed; times are not printed.
CREATE EXTENSION pgmq VERSION '1.4.4';
SELECT pgmq.create('old');
SELECT * FROM pgmq.send('old', '{"a": 1}');
SELECT * FROM pgmq.send('old', '{"a": 2}', 0);
SELECT msg_id, read_ct, message FROM pgmq.read('old', 0, 1);
SELECT pgmq.archive('old', 1::bigint);
SELECT version FROM pg_available_extension_versions WHERE name = 'pgmq' ORDER BY 1;
ALTER EXTENSION pgmq UPDATE TO '1.5.0';
SELECT extversion FROM pg_extension WHERE extname = 'pgmq';
ALTER EXTENSION pgmq UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'pgmq';
ALTER EXTENSION pgmq UPDATE;
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'pgmq' AND a.attnum > 0 AND c.relname IN ('q_old', 'a_old', 'message_record', 'metrics_result') ORDER BY 1, a.attnum;
SELECT msg_id, read_ct, message, headers FROM pgmq.read('old', 30, 5);
SELECT * FROM pgmq.send('old', '{"a": 3}', '{"k": 1}'::jsonb);
SELECT msg_id, read_ct, message, headers FROM pgmq.read('old', 30, 5);
SELECT pgmq.archive('old', 3::bigint);
SELECT msg_id, read_ct, message, headers FROM pgmq.a_old ORDER BY msg_id;
SELECT queue_name, queue_length, total_messages, queue_visible_length FROM pgmq.metrics('old');
SELECT pgmq.create('new');
SELECT * FROM pgmq.send_batch('new', ARRAY['{}', '{}']::jsonb[], ARRAY['{"z": 0}']::jsonb[]);
SELECT msg_id, headers FROM pgmq.pop('new');
SELECT pgmq.drop_queue('old');
SELECT queue_name FROM pgmq.list_queues();
ALTER EXTENSION pgmq UPDATE TO '1.4.4';
