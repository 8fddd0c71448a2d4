-- pg_net 0.14 stand-in (supabase/pg_net docs/api.md): the same schema,
-- tables, types and function signatures. Requests are queued in
-- net.http_request_queue when the calling transaction commits; the worker
-- `tinybase start` runs (package netcron) performs them and writes
-- net._http_response. Nothing here reaches the network.

CREATE SCHEMA IF NOT EXISTS net;

CREATE DOMAIN net.http_method AS text
  CHECK (value ILIKE 'get' OR value ILIKE 'post' OR value ILIKE 'delete');

CREATE UNLOGGED TABLE net.http_request_queue (
  id bigserial,
  method net.http_method NOT NULL,
  url text NOT NULL,
  headers jsonb NOT NULL,
  body bytea,
  timeout_milliseconds integer NOT NULL
);

CREATE UNLOGGED TABLE net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX _http_response_created_idx ON net._http_response (created);

CREATE TYPE net.request_status AS ENUM ('PENDING', 'SUCCESS', 'ERROR');
CREATE TYPE net.http_response AS (status_code integer, headers jsonb, body text);
CREATE TYPE net.http_response_result AS (status net.request_status, message text, response net.http_response);

-- Percent-encodes everything but RFC 3986's unreserved characters, byte
-- by byte of the UTF-8 form, as curl_easy_escape does.
CREATE FUNCTION net._urlencode_string(string varchar) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  raw bytea;
  out text := '';
  b integer;
BEGIN
  IF string IS NULL THEN
    RETURN NULL;
  END IF;
  raw := convert_to(string, 'UTF8');
  FOR i IN 0 .. length(raw) - 1 LOOP
    b := get_byte(raw, i);
    IF (b BETWEEN 48 AND 57) OR (b BETWEEN 65 AND 90) OR (b BETWEEN 97 AND 122) OR b IN (45, 46, 95, 126) THEN
      out := out || chr(b);
    ELSE
      out := out || '%' || upper(lpad(to_hex(b), 2, '0'));
    END IF;
  END LOOP;
  RETURN out;
END
$$;

-- Appends already-encoded key=value pairs to url's query string.
CREATE FUNCTION net._encode_url_with_params_array(url text, params_array text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF url IS NULL THEN
    RETURN NULL;
  END IF;
  IF params_array IS NULL OR cardinality(params_array) = 0 THEN
    RETURN url;
  END IF;
  RETURN url || CASE WHEN strpos(url, '?') > 0 THEN '&' ELSE '?' END || array_to_string(params_array, '&');
END
$$;

-- Queues one request. Like pg_net, nothing about the URL is checked
-- here: the worker records what is wrong with it in net._http_response.
CREATE FUNCTION net._enqueue(method text, url text, params jsonb, headers jsonb, body bytea, timeout_milliseconds integer)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  pairs text[];
  request_id bigint;
BEGIN
  SELECT coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
    INTO pairs FROM jsonb_each_text(coalesce(params, '{}'::jsonb));
  INSERT INTO net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    VALUES (method, net._encode_url_with_params_array(url, pairs), headers, body, timeout_milliseconds)
    RETURNING id INTO request_id;
  RETURN request_id;
END
$$;

CREATE FUNCTION net.http_get(
  url text,
  params jsonb DEFAULT '{}'::jsonb,
  headers jsonb DEFAULT '{}'::jsonb,
  timeout_milliseconds integer DEFAULT 5000
) RETURNS bigint LANGUAGE plpgsql STRICT AS $$
BEGIN
  RETURN net._enqueue('GET', url, params, headers, NULL, timeout_milliseconds);
END
$$;

CREATE FUNCTION net.http_post(
  url text,
  body jsonb DEFAULT '{}'::jsonb,
  params jsonb DEFAULT '{}'::jsonb,
  headers jsonb DEFAULT '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer DEFAULT 5000
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  content_type text;
BEGIN
  SELECT value INTO content_type FROM jsonb_each_text(coalesce(headers, '{}'::jsonb))
    WHERE lower(key) = 'content-type' LIMIT 1;
  IF content_type IS NULL THEN
    headers := headers || '{"Content-Type": "application/json"}'::jsonb;
  ELSIF content_type <> 'application/json' THEN
    RAISE EXCEPTION 'Content-Type header must be "application/json"';
  END IF;
  RETURN net._enqueue('POST', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds);
END
$$;

CREATE FUNCTION net.http_delete(
  url text,
  params jsonb DEFAULT '{}'::jsonb,
  headers jsonb DEFAULT '{}'::jsonb,
  timeout_milliseconds integer DEFAULT 5000
) RETURNS bigint LANGUAGE plpgsql STRICT AS $$
BEGIN
  RETURN net._enqueue('DELETE', url, params, headers, NULL, timeout_milliseconds);
END
$$;

-- Waits (polling every 50 ms) until the worker has answered request_id.
CREATE FUNCTION net._await_response(request_id bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  WHILE NOT EXISTS (SELECT 1 FROM net._http_response r WHERE r.id = request_id) LOOP
    PERFORM pg_sleep(0.05);
  END LOOP;
  RETURN true;
END
$$;

CREATE FUNCTION net._http_collect_response(request_id bigint, async boolean DEFAULT true)
RETURNS net.http_response_result LANGUAGE plpgsql AS $$
DECLARE
  r_status integer;
  r_headers jsonb;
  r_content text;
  r_error text;
BEGIN
  IF NOT async THEN
    PERFORM net._await_response(request_id);
  END IF;
  SELECT r.status_code, r.headers, r.content, r.error_msg INTO r_status, r_headers, r_content, r_error
    FROM net._http_response r WHERE r.id = request_id;
  IF NOT FOUND OR r_error IS NOT NULL THEN
    RETURN ROW('ERROR', coalesce(r_error, 'request matching request_id not found'), NULL)::net.http_response_result;
  END IF;
  RETURN ROW('SUCCESS', 'ok', ROW(r_status, r_headers, r_content)::net.http_response)::net.http_response_result;
END
$$;

CREATE FUNCTION net.http_collect_response(request_id bigint, async boolean DEFAULT true)
RETURNS net.http_response_result LANGUAGE plpgsql AS $$
BEGIN
  RAISE NOTICE 'The net.http_collect_response function is deprecated.';
  RETURN net._http_collect_response(request_id, async);
END
$$;

-- The worker is part of `tinybase start`; in a session it is "up" when
-- that process is (validation never runs it).
CREATE FUNCTION net.check_worker_is_up() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('tinybase.net_worker', true), '') <> 'on' THEN
    RAISE EXCEPTION 'the pg_net background worker is not up'
      USING DETAIL = 'the pg_net background worker is down due to an internal error and cannot process requests',
            HINT = 'make sure that you didn''t modify any of pg_net internal tables';
  END IF;
END
$$;
COMMENT ON FUNCTION net.check_worker_is_up() IS 'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

GRANT USAGE ON SCHEMA net TO PUBLIC;
GRANT ALL ON ALL SEQUENCES IN SCHEMA net TO PUBLIC;
GRANT ALL ON ALL TABLES IN SCHEMA net TO PUBLIC;

-- Supabase's grant_pg_net_access event trigger: the request functions run
-- as their owner with search_path net, callable by the API roles only.
ALTER FUNCTION net.http_get(text, jsonb, jsonb, integer) SECURITY DEFINER SET search_path = net;
ALTER FUNCTION net.http_post(text, jsonb, jsonb, jsonb, integer) SECURITY DEFINER SET search_path = net;
ALTER FUNCTION net.http_delete(text, jsonb, jsonb, integer) SECURITY DEFINER SET search_path = net;
REVOKE ALL ON FUNCTION net.http_get(text, jsonb, jsonb, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION net.http_post(text, jsonb, jsonb, jsonb, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION net.http_delete(text, jsonb, jsonb, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION net.http_get(text, jsonb, jsonb, integer) TO supabase_functions_admin, postgres, anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION net.http_post(text, jsonb, jsonb, jsonb, integer) TO supabase_functions_admin, postgres, anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION net.http_delete(text, jsonb, jsonb, integer) TO postgres, anon, authenticated, service_role;
