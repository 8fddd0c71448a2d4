-- pgmq 1.4.5 to 1.5.0: messages carry headers (a jsonb column of every
-- queue and archive table, the last attribute of message_record), send and
-- send_batch take headers and a delay in seconds or as a time, read and
-- read_with_poll filter on a jsonb the message must contain, drop_queue
-- loses its partitioned flag (the two-argument form warns), and metrics
-- counts the visible messages.

ALTER TYPE pgmq.message_record ADD ATTRIBUTE headers jsonb;
ALTER TYPE pgmq.metrics_result ADD ATTRIBUTE queue_visible_length bigint;

-- Existing queues get the column.
DO $$
DECLARE
  q record;
BEGIN
  FOR q IN SELECT m.queue_name FROM pgmq.meta m LOOP
    EXECUTE format('ALTER TABLE pgmq.%I ADD COLUMN headers jsonb', pgmq.format_table_name(q.queue_name, 'q'));
    EXECUTE format('ALTER TABLE pgmq.%I ADD COLUMN headers jsonb', pgmq.format_table_name(q.queue_name, 'a'));
  END LOOP;
END
$$;

-- New queues are made with it.
CREATE OR REPLACE FUNCTION pgmq._create(queue_name text, unlogged boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  qtable text;
  atable text;
BEGIN
  IF queue_name IS NULL THEN
    RAISE EXCEPTION 'queue_name can not be NULL' USING ERRCODE = '22004';
  END IF;
  qtable := pgmq.format_table_name(queue_name, 'q');
  atable := pgmq.format_table_name(queue_name, 'a');
  PERFORM pgmq.validate_queue_name(queue_name);
  EXECUTE format('CREATE %s TABLE IF NOT EXISTS pgmq.%I (
      msg_id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      read_ct integer DEFAULT 0 NOT NULL,
      enqueued_at timestamptz DEFAULT now() NOT NULL,
      vt timestamptz NOT NULL,
      message jsonb,
      headers jsonb)', CASE WHEN unlogged THEN 'UNLOGGED' ELSE '' END, qtable);
  EXECUTE format('CREATE TABLE IF NOT EXISTS pgmq.%I (
      msg_id bigint PRIMARY KEY,
      read_ct integer DEFAULT 0 NOT NULL,
      enqueued_at timestamptz DEFAULT now() NOT NULL,
      archived_at timestamptz DEFAULT now() NOT NULL,
      vt timestamptz NOT NULL,
      message jsonb,
      headers jsonb)', atable);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON pgmq.%I (vt ASC)', qtable || '_vt_idx', qtable);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON pgmq.%I (archived_at)', 'archived_at_idx_' || queue_name, atable);
  INSERT INTO pgmq.meta (queue_name, is_partitioned, is_unlogged)
    VALUES (queue_name, false, unlogged) ON CONFLICT DO NOTHING;
END
$$;

DROP FUNCTION pgmq.send(text, jsonb, integer);
DROP FUNCTION pgmq.send_batch(text, jsonb[], integer);

-- send: every form ends in the one taking headers and the time the
-- message becomes visible. A NULL delay makes that time NULL, which the
-- queue's vt column refuses.
CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, headers jsonb, delay timestamptz) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format('INSERT INTO pgmq.%I (vt, message, headers) VALUES ($1, $2, $3) RETURNING msg_id', qtable)
    USING delay, msg, headers;
END
$$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send(queue_name, msg, NULL::jsonb, clock_timestamp()) $$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, headers jsonb) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send(queue_name, msg, headers, clock_timestamp()) $$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, delay integer) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send(queue_name, msg, NULL::jsonb, clock_timestamp() + make_interval(secs => delay)) $$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, delay timestamptz) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send(queue_name, msg, NULL::jsonb, delay) $$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, headers jsonb, delay integer) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send(queue_name, msg, headers, clock_timestamp() + make_interval(secs => delay)) $$;

-- send_batch pairs the i-th message with the i-th headers; the shorter
-- array is padded with NULLs, as set-returning functions side by side are.
CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], headers jsonb[], delay timestamptz) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'INSERT INTO pgmq.%I (vt, message, headers)
       SELECT $1, b.m, b.h FROM ROWS FROM (unnest($2::jsonb[]), unnest(coalesce($3::jsonb[], ''{}''::jsonb[]))) AS b(m, h)
       RETURNING msg_id', qtable) USING delay, msgs, headers;
END
$$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[]) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send_batch(queue_name, msgs, NULL::jsonb[], clock_timestamp()) $$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], headers jsonb[]) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send_batch(queue_name, msgs, headers, clock_timestamp()) $$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], delay integer) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send_batch(queue_name, msgs, NULL::jsonb[], clock_timestamp() + make_interval(secs => delay)) $$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], delay timestamptz) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send_batch(queue_name, msgs, NULL::jsonb[], delay) $$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], headers jsonb[], delay integer) RETURNS SETOF bigint
LANGUAGE sql AS $$ SELECT * FROM pgmq.send_batch(queue_name, msgs, headers, clock_timestamp() + make_interval(secs => delay)) $$;

-- read: a non-empty conditional keeps the messages containing it (@>);
-- '{}' or NULL keeps them all. A NULL vt leaves vt NULL, which the
-- column refuses once a message is read.
DROP FUNCTION pgmq.read(text, integer, integer);
CREATE FUNCTION pgmq.read(queue_name text, vt integer, qty integer, conditional jsonb DEFAULT '{}') RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'UPDATE pgmq.%1$I m SET vt = clock_timestamp() + make_interval(secs => $1), read_ct = m.read_ct + 1
       WHERE m.msg_id IN (SELECT c.msg_id FROM pgmq.%1$I c
                           WHERE c.vt <= clock_timestamp()
                             AND (coalesce($3, ''{}'') = ''{}'' OR c.message @> $3)
                           ORDER BY c.msg_id LIMIT $2)
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message, m.headers',
    qtable) USING vt, coalesce(qty::bigint, 9223372036854775807), conditional; -- LIMIT NULL is LIMIT ALL
END
$$;

-- read_with_poll: until max_poll_seconds have passed, read; stop at the
-- first read that finds messages, else sleep poll_interval_ms.
DROP FUNCTION pgmq.read_with_poll(text, integer, integer, integer, integer);
CREATE FUNCTION pgmq.read_with_poll(queue_name text, vt integer, qty integer,
  max_poll_seconds integer DEFAULT 5, poll_interval_ms integer DEFAULT 100, conditional jsonb DEFAULT '{}')
  RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  stop_at timestamptz := clock_timestamp() + make_interval(secs => max_poll_seconds);
  r pgmq.message_record;
  got boolean;
BEGIN
  PERFORM pgmq._queue_table(queue_name, 'q');
  LOOP
    IF clock_timestamp() >= stop_at THEN
      RETURN;
    END IF;
    got := false;
    FOR r IN SELECT * FROM pgmq.read(queue_name, vt, qty, conditional) LOOP
      got := true;
      RETURN NEXT r;
    END LOOP;
    IF got THEN
      RETURN;
    END IF;
    PERFORM pg_sleep((poll_interval_ms / 1000.0)::double precision);
  END LOOP;
END
$$;

-- pop and set_vt return headers too.
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
    'UPDATE pgmq.%I m SET vt = now() + make_interval(secs => $1) WHERE m.msg_id = $2
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message, m.headers',
    qtable) USING vt, msg_id;
END
$$;

-- archive keeps the headers.
CREATE OR REPLACE FUNCTION pgmq.archive(queue_name text, msg_id bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  atable text := pgmq._queue_table(queue_name, 'a');
  n bigint;
BEGIN
  EXECUTE format(
    'WITH gone AS (DELETE FROM pgmq.%I WHERE msg_id = $1 RETURNING msg_id, vt, read_ct, enqueued_at, message, headers)
     INSERT INTO pgmq.%I (msg_id, vt, read_ct, enqueued_at, message, headers)
       SELECT msg_id, vt, read_ct, enqueued_at, message, headers FROM gone RETURNING msg_id',
    qtable, atable) INTO n USING msg_id;
  RETURN n IS NOT NULL;
END
$$;

CREATE OR REPLACE FUNCTION pgmq.archive(queue_name text, msg_ids bigint[]) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  atable text := pgmq._queue_table(queue_name, 'a');
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH gone AS (DELETE FROM pgmq.%I WHERE msg_id = ANY($1) RETURNING msg_id, vt, read_ct, enqueued_at, message, headers)
     INSERT INTO pgmq.%I (msg_id, vt, read_ct, enqueued_at, message, headers)
       SELECT msg_id, vt, read_ct, enqueued_at, message, headers FROM gone RETURNING msg_id',
    qtable, atable) USING msg_ids;
END
$$;

-- drop_queue(name) drops both tables and the queue's row; the old form
-- with the partitioned flag (now without a default) warns and does the same.
DROP FUNCTION pgmq.drop_queue(text, boolean);
CREATE FUNCTION pgmq.drop_queue(queue_name text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  atable text := pgmq.format_table_name(queue_name, 'a');
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS pgmq.%I', qtable);
  EXECUTE format('DROP TABLE IF EXISTS pgmq.%I', atable);
  DELETE FROM pgmq.meta m WHERE m.queue_name = $1;
  RETURN true;
END
$$;

CREATE FUNCTION pgmq.drop_queue(queue_name text, partitioned boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE WARNING 'drop_queue(queue_name, partitioned) is deprecated and will be removed in PGMQ v2.0. Use drop_queue(queue_name) instead';
  PERFORM pgmq.drop_queue(queue_name);
  RETURN true;
END
$$;

-- metrics: total_messages is the queue's identity high-water mark (0
-- before the first send); queue_visible_length the messages a read would
-- see now.
CREATE OR REPLACE FUNCTION pgmq.metrics(queue_name text) RETURNS pgmq.metrics_result
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  r pgmq.metrics_result;
BEGIN
  EXECUTE format(
    'SELECT $1, s.len, s.newest, s.oldest, CASE WHEN q.is_called THEN q.last_value ELSE 0 END, s.at, s.visible
       FROM (SELECT count(*) AS len, count(*) FILTER (WHERE vt <= now()) AS visible,
                    extract(epoch FROM now() - max(enqueued_at))::integer AS newest,
                    extract(epoch FROM now() - min(enqueued_at))::integer AS oldest, now() AS at
               FROM pgmq.%I) s, pgmq.%I q',
    qtable, qtable || '_msg_id_seq') INTO r USING queue_name;
  RETURN r;
END
$$;
