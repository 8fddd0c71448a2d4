-- pgmq 1.5.0 to 1.5.1: pop and set_vt return the queue's whole row
-- (headers included), set_vt counts the new visibility timeout from
-- clock_timestamp(); Supabase's build adds _extension_exists here, which
-- detach_archive uses.
CREATE FUNCTION pgmq._extension_exists(extension_name text) RETURNS boolean
LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname = extension_name)
$$;

CREATE OR REPLACE FUNCTION pgmq.pop(queue_name text) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'DELETE FROM pgmq.%1$I m
       WHERE m.msg_id = (SELECT c.msg_id FROM pgmq.%1$I c WHERE c.vt <= clock_timestamp() ORDER BY c.msg_id LIMIT 1)
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message, m.headers',
    qtable);
END
$$;

CREATE OR REPLACE FUNCTION pgmq.set_vt(queue_name text, msg_id bigint, vt integer) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'UPDATE pgmq.%I m SET vt = clock_timestamp() + make_interval(secs => $1) WHERE m.msg_id = $2
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message, m.headers',
    qtable) USING vt, msg_id;
END
$$;

CREATE OR REPLACE FUNCTION pgmq.detach_archive(queue_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF pgmq._extension_exists('pgmq') THEN
    PERFORM pgmq._queue_table(queue_name, 'a');
  END IF;
END
$$;
