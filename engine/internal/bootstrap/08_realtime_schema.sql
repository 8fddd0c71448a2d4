-- Supabase Realtime's `realtime` schema, as a project has it once the
-- Realtime server has run its tenant migrations on PostgreSQL 15: the
-- role and schema grants of supabase/postgres's realtime init script,
-- the subscription table and its types, the messages table behind
-- Broadcast from the database and private-channel authorization, and
-- the SQL API (realtime.topic, realtime.send, realtime.broadcast_changes).
--
-- Left out: the role's CREATE on the database and SET on
-- log_min_messages (for list_changes, not here); realtime.messages is a plain table here, not partitioned by
-- inserted_at with daily partitions (same columns, defaults, key, RLS
-- and grants); the replication poller's functions (apply_rls,
-- list_changes, build_prepared_statement_sql, cast, check_equality_op,
-- is_visible_through_filters, quote_wal2json, subscription_check_filters)
-- since tinybase's realtime package does their work in Go, so
-- realtime.subscription stays empty and its filters unchecked (no
-- tr_check_filters trigger); schema_migrations has no rows.

CREATE ROLE supabase_realtime_admin;
ALTER ROLE supabase_realtime_admin WITH NOINHERIT CREATEROLE LOGIN REPLICATION;
GRANT anon, authenticated, service_role TO supabase_realtime_admin;

ALTER ROLE supabase_realtime_admin SET search_path = public, extensions, realtime;

CREATE SCHEMA IF NOT EXISTS realtime AUTHORIZATION supabase_admin;
GRANT USAGE ON SCHEMA realtime TO postgres, anon, authenticated, service_role;
GRANT ALL ON SCHEMA realtime TO supabase_realtime_admin WITH GRANT OPTION;
GRANT USAGE ON SCHEMA auth TO supabase_realtime_admin;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA auth TO supabase_realtime_admin;
GRANT CREATE, USAGE ON SCHEMA public TO supabase_realtime_admin;
GRANT USAGE ON SCHEMA extensions TO supabase_realtime_admin;

-- The Realtime server's migration bookkeeping (Ecto's table).
CREATE TABLE realtime.schema_migrations (
    version bigint NOT NULL PRIMARY KEY,
    inserted_at timestamp(0) without time zone
);

CREATE TYPE realtime.action AS ENUM ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'ERROR');
CREATE TYPE realtime.equality_op AS ENUM ('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in');
CREATE TYPE realtime.user_defined_filter AS (
    column_name text,
    op realtime.equality_op,
    value text
);
CREATE TYPE realtime.wal_column AS (
    name text,
    type_name text,
    type_oid oid,
    value jsonb,
    is_pkey boolean,
    is_selectable boolean
);
CREATE TYPE realtime.wal_rls AS (
    wal jsonb,
    is_rls_enabled boolean,
    subscription_ids uuid[],
    errors text[]
);

CREATE FUNCTION realtime.to_regrole(role_name text) RETURNS regrole
    LANGUAGE sql IMMUTABLE
    AS $$ select role_name::regrole $$;
ALTER FUNCTION realtime.to_regrole(text) OWNER TO supabase_realtime_admin;

-- One row per postgres_changes binding of a connected client.
CREATE TABLE realtime.subscription (
    id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
    subscription_id uuid NOT NULL,
    entity regclass NOT NULL,
    filters realtime.user_defined_filter[] NOT NULL DEFAULT '{}'::realtime.user_defined_filter[],
    claims jsonb NOT NULL,
    claims_role regrole NOT NULL GENERATED ALWAYS AS (realtime.to_regrole(claims ->> 'role')) STORED,
    created_at timestamp without time zone NOT NULL DEFAULT timezone('utc', now()),
    action_filter text DEFAULT '*'::text CHECK (action_filter IN ('*', 'INSERT', 'UPDATE', 'DELETE')),
    CONSTRAINT pk_subscription PRIMARY KEY (id)
);
CREATE INDEX ix_realtime_subscription_entity ON realtime.subscription USING btree (entity);
CREATE UNIQUE INDEX subscription_subscription_id_entity_filters_action_filter_key
    ON realtime.subscription USING btree (subscription_id, entity, filters, action_filter);

-- Broadcast and presence messages: rows inserted here are broadcast to
-- the topic's subscribers at commit, and the RLS policies a project
-- writes on this table authorize private channels.
CREATE TABLE realtime.messages (
    topic text NOT NULL,
    extension text NOT NULL,
    payload jsonb,
    event text,
    private boolean DEFAULT false,
    updated_at timestamp without time zone NOT NULL DEFAULT now(),
    inserted_at timestamp without time zone NOT NULL DEFAULT now(),
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    CONSTRAINT messages_pkey PRIMARY KEY (id, inserted_at)
);
CREATE INDEX messages_inserted_at_topic_index ON realtime.messages USING btree (inserted_at DESC, topic)
    WHERE extension = 'broadcast' AND private IS TRUE;
ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;

-- The channel topic while Realtime checks a private channel's policies
-- (and while realtime.send inserts).
CREATE FUNCTION realtime.topic() RETURNS text
    LANGUAGE sql STABLE
    AS $$ select nullif(current_setting('realtime.topic', true), '')::text; $$;

-- Broadcast payload to topic's subscribers at commit; a failure is a
-- WARNING, never an error of the calling transaction. The payload gets
-- an "id" (the message's) unless it has one.
CREATE FUNCTION realtime.send(payload jsonb, event text, topic text, private boolean DEFAULT true) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  msg_id uuid := gen_random_uuid();
  body jsonb := payload;
BEGIN
  BEGIN
    IF NOT body ? 'id' THEN
      body := jsonb_set(body, '{id}', to_jsonb(msg_id));
    END IF;
    EXECUTE format('SET LOCAL realtime.topic TO %L', topic);
    INSERT INTO realtime.messages (id, payload, event, topic, private, extension)
      VALUES (msg_id, body, event, topic, private, 'broadcast');
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'ErrorSendingBroadcastMessage: %', SQLERRM;
  END;
END;
$$;

-- For row triggers: broadcast the change (operation, table, schema,
-- record, old_record) as event_name on topic_name.
CREATE FUNCTION realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text, table_schema text, new record, old record, level text DEFAULT 'ROW') RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  body jsonb;
BEGIN
  IF level = 'STATEMENT' THEN
    RAISE EXCEPTION 'function can only be triggered for each row, not for each statement';
  END IF;
  IF operation NOT IN ('INSERT', 'UPDATE', 'DELETE') THEN
    RAISE EXCEPTION 'Unexpected operation type: %', operation;
  END IF;
  body := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                             'table', table_name, 'schema', table_schema);
  PERFORM realtime.send(body, event_name, topic_name);
EXCEPTION WHEN OTHERS THEN
  RAISE EXCEPTION 'Failed to process the row: %', SQLERRM;
END;
$$;

ALTER TABLE realtime.messages OWNER TO supabase_realtime_admin;
ALTER TABLE realtime.subscription OWNER TO supabase_realtime_admin;
ALTER TYPE realtime.action OWNER TO supabase_realtime_admin;
ALTER TYPE realtime.equality_op OWNER TO supabase_realtime_admin;
ALTER TYPE realtime.user_defined_filter OWNER TO supabase_realtime_admin;
ALTER TYPE realtime.wal_column OWNER TO supabase_realtime_admin;
ALTER TYPE realtime.wal_rls OWNER TO supabase_realtime_admin;
ALTER FUNCTION realtime.topic() OWNER TO supabase_realtime_admin;
ALTER FUNCTION realtime.send(jsonb, text, text, boolean) OWNER TO supabase_realtime_admin;
ALTER FUNCTION realtime.broadcast_changes(text, text, text, text, text, record, record, text) OWNER TO supabase_realtime_admin;

GRANT SELECT ON realtime.schema_migrations TO postgres, anon, authenticated, service_role;
GRANT SELECT ON realtime.subscription TO postgres, anon, authenticated, service_role;
GRANT SELECT, INSERT, UPDATE ON realtime.messages TO postgres, anon, authenticated, service_role;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA realtime TO postgres, anon, authenticated, service_role;
