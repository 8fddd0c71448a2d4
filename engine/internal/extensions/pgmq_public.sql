-- Supabase Queues' pgmq_public: what Studio's "Expose Queues via
-- PostgREST" runs as postgres once pgmq exists. Its wrappers are plain
-- invoker-rights PL/pgSQL functions, not members of pgmq (this runs as
-- pgmq's AfterCreate, after CREATE EXTENSION has recorded its members),
-- so a dump's DROP FUNCTION pgmq_public.pop(text) drops them. The API
-- roles may execute them and pgmq's inner functions; service_role gets
-- the queue tables, present and future.
CREATE SCHEMA IF NOT EXISTS pgmq_public;
GRANT USAGE ON SCHEMA pgmq_public TO postgres, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION pgmq_public.pop(queue_name text) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN QUERY SELECT * FROM pgmq.pop(queue_name := queue_name);
END
$$;
COMMENT ON FUNCTION pgmq_public.pop(text) IS 'Retrieves and locks the next message from the specified queue.';

CREATE OR REPLACE FUNCTION pgmq_public.send(queue_name text, message jsonb, sleep_seconds integer DEFAULT 0) RETURNS SETOF bigint
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN QUERY SELECT * FROM pgmq.send(queue_name := queue_name, msg := message, delay := sleep_seconds);
END
$$;
COMMENT ON FUNCTION pgmq_public.send(text, jsonb, integer) IS 'Sends a message to the specified queue, optionally delaying its availability by a number of seconds.';

CREATE OR REPLACE FUNCTION pgmq_public.send_batch(queue_name text, messages jsonb[], sleep_seconds integer DEFAULT 0) RETURNS SETOF bigint
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN QUERY SELECT * FROM pgmq.send_batch(queue_name := queue_name, msgs := messages, delay := sleep_seconds);
END
$$;
COMMENT ON FUNCTION pgmq_public.send_batch(text, jsonb[], integer) IS 'Sends a batch of messages to the specified queue, optionally delaying their availability by a number of seconds.';

CREATE OR REPLACE FUNCTION pgmq_public.archive(queue_name text, message_id bigint) RETURNS boolean
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN pgmq.archive(queue_name := queue_name, msg_id := message_id);
END
$$;
COMMENT ON FUNCTION pgmq_public.archive(text, bigint) IS 'Archives a message by moving it from the queue to a permanent archive.';

CREATE OR REPLACE FUNCTION pgmq_public.delete(queue_name text, message_id bigint) RETURNS boolean
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN pgmq.delete(queue_name := queue_name, msg_id := message_id);
END
$$;
COMMENT ON FUNCTION pgmq_public.delete(text, bigint) IS 'Permanently deletes a message from the specified queue.';

CREATE OR REPLACE FUNCTION pgmq_public.read(queue_name text, sleep_seconds integer, n integer) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN QUERY SELECT * FROM pgmq.read(queue_name := queue_name, vt := sleep_seconds, qty := n);
END
$$;
COMMENT ON FUNCTION pgmq_public.read(text, integer, integer) IS 'Reads up to "n" messages from the specified queue with an optional "sleep_seconds" (visibility timeout).';

GRANT EXECUTE ON FUNCTION pgmq_public.pop(text), pgmq.pop(text) TO postgres, service_role, anon, authenticated;
GRANT EXECUTE ON FUNCTION pgmq_public.send(text, jsonb, integer), pgmq.send(text, jsonb, integer) TO postgres, service_role, anon, authenticated;
GRANT EXECUTE ON FUNCTION pgmq_public.send_batch(text, jsonb[], integer), pgmq.send_batch(text, jsonb[], integer) TO postgres, service_role, anon, authenticated;
GRANT EXECUTE ON FUNCTION pgmq_public.archive(text, bigint), pgmq.archive(text, bigint) TO postgres, service_role, anon, authenticated;
GRANT EXECUTE ON FUNCTION pgmq_public.delete(text, bigint), pgmq.delete(text, bigint) TO postgres, service_role, anon, authenticated;
-- Studio grants on pgmq.read(text, integer, integer) too, which 1.5 no
-- longer has (its read takes a condition); PUBLIC may execute it anyway.
GRANT EXECUTE ON FUNCTION pgmq_public.read(text, integer, integer) TO postgres, service_role, anon, authenticated;

GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA pgmq TO postgres, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA pgmq GRANT ALL PRIVILEGES ON TABLES TO postgres, service_role;
GRANT USAGE ON SCHEMA pgmq TO postgres, anon, authenticated, service_role;
