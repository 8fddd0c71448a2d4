-- pgmq 1.4.4 stand-in (pgmq/pgmq docs): queues as tables pgmq.q_<name>
-- with an archive pgmq.a_<name>, registered in pgmq.meta; the same types
-- and function signatures, with a visibility timeout per message. The
-- pgmq schema is the control file's (Extension.Schema), made before this
-- runs. 1.4.4 is the version this script installs; pgmq_145.sql,
-- pgmq_150.sql and pgmq_151.sql take it to 1.5.1, Supabase's default
-- (pgmq.go). Supabase's pgmq_public wrappers are not pgmq's: they are in
-- pgmq_public.sql.

CREATE TABLE pgmq.meta (
  queue_name varchar UNIQUE NOT NULL,
  is_partitioned boolean NOT NULL,
  is_unlogged boolean NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL
);

CREATE TYPE pgmq.message_record AS (
  msg_id bigint,
  read_ct integer,
  enqueued_at timestamptz,
  vt timestamptz,
  message jsonb
);

CREATE TYPE pgmq.queue_record AS (
  queue_name varchar,
  is_partitioned boolean,
  is_unlogged boolean,
  created_at timestamptz
);

CREATE TYPE pgmq.metrics_result AS (
  queue_name text,
  queue_length bigint,
  newest_msg_age_sec integer,
  oldest_msg_age_sec integer,
  total_messages bigint,
  scrape_time timestamptz
);

-- The queue's table name (prefix q or a), refusing names that could
-- break out of an identifier in the dynamic SQL below.
CREATE FUNCTION pgmq.format_table_name(queue_name text, prefix text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF queue_name ~ '\$|;|--|''' THEN
    RAISE EXCEPTION 'queue name contains invalid characters: $, ;, --, or \''';
  END IF;
  RETURN lower(prefix || '_' || queue_name);
END
$$;

CREATE FUNCTION pgmq.validate_queue_name(queue_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF length(queue_name) >= 48 THEN
    RAISE EXCEPTION 'queue name is too long, maximum length is 48 characters';
  END IF;
END
$$;

-- Fails as PostgreSQL would when a queue's table is missing, before any
-- dynamic SQL runs.
CREATE FUNCTION pgmq._queue_table(queue_name text, prefix text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  t text := pgmq.format_table_name(queue_name, prefix);
BEGIN
  IF queue_name IS NULL THEN
    RAISE EXCEPTION 'queue_name can not be NULL' USING ERRCODE = '22004';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = 'pgmq' AND tablename = t) THEN
    RAISE EXCEPTION 'relation "pgmq.%" does not exist', t USING ERRCODE = '42P01';
  END IF;
  RETURN t;
END
$$;

CREATE FUNCTION pgmq._create(queue_name text, unlogged boolean) RETURNS void
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
      message jsonb)', CASE WHEN unlogged THEN 'UNLOGGED' ELSE '' END, qtable);
  EXECUTE format('CREATE TABLE IF NOT EXISTS pgmq.%I (
      msg_id bigint PRIMARY KEY,
      read_ct integer DEFAULT 0 NOT NULL,
      enqueued_at timestamptz DEFAULT now() NOT NULL,
      archived_at timestamptz DEFAULT now() NOT NULL,
      vt timestamptz NOT NULL,
      message jsonb)', atable);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON pgmq.%I (vt ASC)', qtable || '_vt_idx', qtable);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON pgmq.%I (archived_at)', 'archived_at_idx_' || queue_name, atable);
  INSERT INTO pgmq.meta (queue_name, is_partitioned, is_unlogged)
    VALUES (queue_name, false, unlogged) ON CONFLICT DO NOTHING;
END
$$;

-- PL/pgSQL, as pgmq's are: their void result is an empty value, not NULL.
CREATE FUNCTION pgmq.create_non_partitioned(queue_name text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgmq._create(queue_name, false); END $$;

CREATE FUNCTION pgmq.create(queue_name text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgmq._create(queue_name, false); END $$;

CREATE FUNCTION pgmq.create_unlogged(queue_name text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN PERFORM pgmq._create(queue_name, true); END $$;

-- pg_partman's helpers. tinybase offers no pg_partman, so partitioned
-- queues fail in _ensure_pg_partman_installed as they do on a database
-- without it.
CREATE FUNCTION pgmq._get_pg_partman_schema() RETURNS text
LANGUAGE sql AS $$
  SELECT e.extnamespace::regnamespace::text FROM pg_catalog.pg_extension e WHERE e.extname = 'pg_partman'
$$;

CREATE FUNCTION pgmq._get_pg_partman_major_version() RETURNS integer
LANGUAGE sql AS $$
  SELECT split_part(e.extversion, '.', 1)::integer FROM pg_catalog.pg_extension e WHERE e.extname = 'pg_partman'
$$;

CREATE FUNCTION pgmq._ensure_pg_partman_installed() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname = 'pg_partman') THEN
    RAISE EXCEPTION 'pg_partman is required for partitioned queues';
  END IF;
END
$$;

-- A numeric interval partitions by msg_id, anything else by time.
CREATE FUNCTION pgmq._get_partition_col(partition_interval text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  BEGIN
    n := partition_interval::integer;
  EXCEPTION WHEN others THEN
    RETURN 'enqueued_at';
  END;
  RETURN 'msg_id';
END
$$;

-- Whether a relation of that name is a member of the pgmq extension.
CREATE FUNCTION pgmq._belongs_to_pgmq(table_name text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM pg_catalog.pg_depend d
     WHERE d.refobjid = (SELECT e.oid FROM pg_catalog.pg_extension e WHERE e.extname = 'pgmq')
       AND d.objid = (SELECT c.oid FROM pg_catalog.pg_class c WHERE c.relname = table_name));
END
$$;

CREATE FUNCTION pgmq.create_partitioned(queue_name text, partition_interval text DEFAULT '10000',
  retention_interval text DEFAULT '100000') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pgmq.validate_queue_name(queue_name);
  PERFORM pgmq._ensure_pg_partman_installed();
END
$$;

CREATE FUNCTION pgmq.convert_archive_partitioned(table_name text, partition_interval text DEFAULT '10000',
  retention_interval text DEFAULT '100000', leading_partition integer DEFAULT 10) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pgmq._ensure_pg_partman_installed();
END
$$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, delay integer DEFAULT 0) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'INSERT INTO pgmq.%I (vt, message) VALUES (clock_timestamp() + make_interval(secs => $1), $2) RETURNING msg_id',
    qtable) USING coalesce(delay, 0), msg;
END
$$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], delay integer DEFAULT 0) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'INSERT INTO pgmq.%I (vt, message) SELECT clock_timestamp() + make_interval(secs => $1), m FROM unnest($2::jsonb[]) AS m RETURNING msg_id',
    qtable) USING coalesce(delay, 0), msgs;
END
$$;

-- Reads up to qty visible messages, oldest first, hiding them for vt
-- seconds and counting the read.
CREATE FUNCTION pgmq.read(queue_name text, vt integer, qty integer) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'UPDATE pgmq.%1$I m SET vt = clock_timestamp() + make_interval(secs => $1), read_ct = m.read_ct + 1
       WHERE m.msg_id IN (SELECT c.msg_id FROM pgmq.%1$I c WHERE c.vt <= clock_timestamp() ORDER BY c.msg_id LIMIT $2)
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message',
    qtable) USING coalesce(vt, 0), coalesce(qty::bigint, 9223372036854775807); -- LIMIT NULL is LIMIT ALL
END
$$;

CREATE FUNCTION pgmq.read_with_poll(queue_name text, vt integer, qty integer,
  max_poll_seconds integer DEFAULT 5, poll_interval_ms integer DEFAULT 100) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  stop_at timestamptz := clock_timestamp() + make_interval(secs => coalesce(max_poll_seconds, 0));
  r pgmq.message_record;
  got boolean;
BEGIN
  PERFORM pgmq._queue_table(queue_name, 'q');
  LOOP
    got := false;
    FOR r IN SELECT * FROM pgmq.read(queue_name, vt, qty) LOOP
      got := true;
      RETURN NEXT r;
    END LOOP;
    IF got OR clock_timestamp() >= stop_at THEN
      RETURN;
    END IF;
    PERFORM pg_sleep((greatest(coalesce(poll_interval_ms, 100), 1) / 1000.0)::double precision);
  END LOOP;
END
$$;

-- Deletes and returns the oldest visible message.
CREATE FUNCTION pgmq.pop(queue_name text) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'DELETE FROM pgmq.%1$I m
       WHERE m.msg_id = (SELECT c.msg_id FROM pgmq.%1$I c WHERE c.vt <= clock_timestamp() ORDER BY c.msg_id LIMIT 1)
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message',
    qtable);
END
$$;

CREATE FUNCTION pgmq.archive(queue_name text, msg_id bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  atable text := pgmq._queue_table(queue_name, 'a');
  n bigint;
BEGIN
  EXECUTE format(
    'WITH gone AS (DELETE FROM pgmq.%I WHERE msg_id = $1 RETURNING msg_id, vt, read_ct, enqueued_at, message)
     INSERT INTO pgmq.%I (msg_id, vt, read_ct, enqueued_at, message)
       SELECT msg_id, vt, read_ct, enqueued_at, message FROM gone RETURNING msg_id',
    qtable, atable) INTO n USING msg_id;
  RETURN n IS NOT NULL;
END
$$;

CREATE FUNCTION pgmq.archive(queue_name text, msg_ids bigint[]) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  atable text := pgmq._queue_table(queue_name, 'a');
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH gone AS (DELETE FROM pgmq.%I WHERE msg_id = ANY($1) RETURNING msg_id, vt, read_ct, enqueued_at, message)
     INSERT INTO pgmq.%I (msg_id, vt, read_ct, enqueued_at, message)
       SELECT msg_id, vt, read_ct, enqueued_at, message FROM gone RETURNING msg_id',
    qtable, atable) USING msg_ids;
END
$$;

CREATE FUNCTION pgmq.delete(queue_name text, msg_id bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  n bigint;
BEGIN
  EXECUTE format('DELETE FROM pgmq.%I WHERE msg_id = $1 RETURNING msg_id', qtable) INTO n USING msg_id;
  RETURN n IS NOT NULL;
END
$$;

CREATE FUNCTION pgmq.delete(queue_name text, msg_ids bigint[]) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format('DELETE FROM pgmq.%I WHERE msg_id = ANY($1) RETURNING msg_id', qtable) USING msg_ids;
END
$$;

CREATE FUNCTION pgmq.set_vt(queue_name text, msg_id bigint, vt integer) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
BEGIN
  RETURN QUERY EXECUTE format(
    'UPDATE pgmq.%I m SET vt = now() + make_interval(secs => $1) WHERE m.msg_id = $2
       RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message',
    qtable) USING vt, msg_id;
END
$$;

CREATE FUNCTION pgmq.purge_queue(queue_name text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  n bigint;
BEGIN
  EXECUTE format('DELETE FROM pgmq.%I', qtable);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$$;

CREATE FUNCTION pgmq.drop_queue(queue_name text, partitioned boolean DEFAULT false) RETURNS boolean
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

-- Archive detachment only matters to extension membership; the archive
-- table stays as it is.
CREATE FUNCTION pgmq.detach_archive(queue_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pgmq._queue_table(queue_name, 'a');
END
$$;

CREATE FUNCTION pgmq.metrics(queue_name text) RETURNS pgmq.metrics_result
LANGUAGE plpgsql AS $$
DECLARE
  qtable text := pgmq._queue_table(queue_name, 'q');
  atable text := pgmq.format_table_name(queue_name, 'a');
  len bigint;
  newest integer;
  oldest integer;
  total bigint;
BEGIN
  EXECUTE format(
    'SELECT count(*), extract(epoch FROM now() - max(enqueued_at))::integer,
            extract(epoch FROM now() - min(enqueued_at))::integer
       FROM pgmq.%I', qtable)
    INTO len, newest, oldest;
  -- Every message ever sent: the identity's high-water mark.
  EXECUTE format('SELECT coalesce(max(msg_id), 0) FROM (SELECT msg_id FROM pgmq.%I UNION ALL SELECT msg_id FROM pgmq.%I) s',
    qtable, atable) INTO total;
  RETURN ROW(queue_name, len, newest, oldest, total, now())::pgmq.metrics_result;
END
$$;

CREATE FUNCTION pgmq.metrics_all() RETURNS SETOF pgmq.metrics_result
LANGUAGE plpgsql AS $$
DECLARE
  name varchar;
BEGIN
  FOR name IN SELECT m.queue_name FROM pgmq.meta m LOOP
    RETURN NEXT pgmq.metrics(name);
  END LOOP;
END
$$;

CREATE FUNCTION pgmq.list_queues() RETURNS SETOF pgmq.queue_record
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT m.queue_name, m.is_partitioned, m.is_unlogged, m.created_at FROM pgmq.meta m;
END
$$;

GRANT USAGE ON SCHEMA pgmq TO pg_monitor;
GRANT SELECT ON ALL TABLES IN SCHEMA pgmq TO pg_monitor;
ALTER DEFAULT PRIVILEGES IN SCHEMA pgmq GRANT SELECT ON TABLES TO pg_monitor;
ALTER DEFAULT PRIVILEGES IN SCHEMA pgmq GRANT SELECT ON SEQUENCES TO pg_monitor;
