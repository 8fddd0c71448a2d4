-- Database webhooks, as `supabase start` sets them up beside pg_net: the
-- supabase_functions schema, owned by supabase_functions_admin, with a
-- trigger function that queues one HTTP request per row through pg_net
-- and an audit trail of the hooks fired. It is not part of pg_net, so
-- dropping that extension leaves it (the trigger then fails when fired).

CREATE SCHEMA supabase_functions AUTHORIZATION supabase_admin;
GRANT USAGE ON SCHEMA supabase_functions TO postgres, anon, authenticated, service_role;
GRANT ALL PRIVILEGES ON SCHEMA supabase_functions TO supabase_functions_admin;
ALTER DEFAULT PRIVILEGES IN SCHEMA supabase_functions GRANT ALL ON TABLES TO postgres, anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA supabase_functions GRANT ALL ON FUNCTIONS TO postgres, anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA supabase_functions GRANT ALL ON SEQUENCES TO postgres, anon, authenticated, service_role;

-- Supabase records the versions of this setup here as it applies them;
-- tinybase's bootstrap is an image built ahead of time, so the table
-- starts empty rather than carry the image's build time.
CREATE TABLE supabase_functions.migrations (
  version text PRIMARY KEY,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE supabase_functions.hooks (
  id bigserial PRIMARY KEY,
  hook_table_id integer NOT NULL,
  hook_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  request_id bigint
);
CREATE INDEX supabase_functions_hooks_request_id_idx ON supabase_functions.hooks USING btree (request_id);
CREATE INDEX supabase_functions_hooks_h_table_id_h_name_idx ON supabase_functions.hooks USING btree (hook_table_id, hook_name);
COMMENT ON TABLE supabase_functions.hooks IS 'Supabase Functions Hooks: Audit trail for triggered hooks.';

-- Trigger arguments: url, method (GET or POST), headers (jsonb), params
-- (jsonb), timeout in ms; 'null' stands for an omitted one. A url that is
-- not http(s) names an edge function: the base URL and the service key
-- come from the vault secrets supabase_functions_url and
-- supabase_service_role_key, and the key goes in as a bearer token.
CREATE FUNCTION supabase_functions.http_request() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  request_id bigint;
  payload jsonb;
  url text := TG_ARGV[0]::text;
  method text := TG_ARGV[1]::text;
  headers jsonb := '{"Content-Type": "application/json"}'::jsonb;
  params jsonb := '{}'::jsonb;
  timeout_ms integer := 1000;
  base_url text;
  service_key text;
BEGIN
  IF url IS NULL OR url = 'null' THEN
    RAISE EXCEPTION 'url argument is missing';
  END IF;
  IF method IS NULL OR method = 'null' THEN
    RAISE EXCEPTION 'method argument is missing';
  END IF;
  IF url NOT ILIKE 'http://%' AND url NOT ILIKE 'https://%' THEN
    IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'vault') THEN
      RAISE EXCEPTION 'Edge function webhooks require vault extension. Install vault or use full URL.';
    END IF;
    SELECT decrypted_secret INTO base_url FROM vault.decrypted_secrets WHERE name = 'supabase_functions_url';
    IF base_url IS NULL THEN
      RAISE EXCEPTION 'Vault secret "supabase_functions_url" not found';
    END IF;
    SELECT decrypted_secret INTO service_key FROM vault.decrypted_secrets WHERE name = 'supabase_service_role_key';
    IF service_key IS NULL THEN
      RAISE EXCEPTION 'Vault secret "supabase_service_role_key" not found';
    END IF;
    url := rtrim(base_url, '/') || '/' || ltrim(url, '/');
  END IF;
  IF TG_ARGV[2] IS NOT NULL AND TG_ARGV[2] <> 'null' THEN
    headers := TG_ARGV[2]::jsonb;
  END IF;
  IF service_key IS NOT NULL THEN
    headers := headers || jsonb_build_object('Authorization', 'Bearer ' || service_key);
  END IF;
  IF TG_ARGV[3] IS NOT NULL AND TG_ARGV[3] <> 'null' THEN
    params := TG_ARGV[3]::jsonb;
  END IF;
  IF TG_ARGV[4] IS NOT NULL AND TG_ARGV[4] <> 'null' THEN
    timeout_ms := TG_ARGV[4]::integer;
  END IF;
  IF method = 'GET' THEN
    request_id := net.http_get(url, params, headers, timeout_ms);
  ELSIF method = 'POST' THEN
    payload := jsonb_build_object(
      'old_record', CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END,
      'record', CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END,
      'type', TG_OP,
      'table', TG_TABLE_NAME,
      'schema', TG_TABLE_SCHEMA);
    request_id := net.http_post(url, payload, params, headers, timeout_ms);
  ELSE
    RAISE EXCEPTION 'method argument % is invalid', method;
  END IF;
  INSERT INTO supabase_functions.hooks (hook_table_id, hook_name, request_id)
    VALUES (TG_RELID::integer, TG_NAME, request_id);
  RETURN NEW;
END
$$;
ALTER FUNCTION supabase_functions.http_request() SECURITY DEFINER;
ALTER FUNCTION supabase_functions.http_request() SET search_path = supabase_functions;
REVOKE ALL ON FUNCTION supabase_functions.http_request() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION supabase_functions.http_request() TO postgres, anon, authenticated, service_role;

GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA supabase_functions TO supabase_functions_admin;
GRANT ALL PRIVILEGES ON ALL SEQUENCES IN SCHEMA supabase_functions TO supabase_functions_admin;
ALTER TABLE supabase_functions.migrations OWNER TO supabase_functions_admin;
ALTER TABLE supabase_functions.hooks OWNER TO supabase_functions_admin;
ALTER FUNCTION supabase_functions.http_request() OWNER TO supabase_functions_admin;

-- The function reads the vault's secrets as its owner.
GRANT USAGE ON SCHEMA vault TO supabase_functions_admin;
GRANT SELECT ON vault.secrets TO supabase_functions_admin;
GRANT SELECT ON vault.decrypted_secrets TO supabase_functions_admin;
GRANT EXECUTE ON FUNCTION vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea) TO supabase_functions_admin;
