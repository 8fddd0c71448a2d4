-- pgjwt 0.2.0 stand-in (michelp/pgjwt README): HS256/384/512 JSON Web
-- Tokens signed and verified in SQL with pgcrypto's hmac. Relocatable:
-- every object goes to @extschema@.

CREATE FUNCTION @extschema@.url_encode(data bytea) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(encode(data, 'base64'), E'+/=\n', '-_')
$$;

CREATE FUNCTION @extschema@.url_decode(data text) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT decode(
    translate(data, '-_', '+/') || repeat('=', (4 - length(data) % 4) % 4),
    'base64')
$$;

CREATE FUNCTION @extschema@.algorithm_sign(signables text, secret text, algorithm text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT @extschema@.url_encode(hmac(signables, secret,
    CASE algorithm
      WHEN 'HS256' THEN 'sha256'
      WHEN 'HS384' THEN 'sha384'
      WHEN 'HS512' THEN 'sha512'
      ELSE '' END))
$$;

CREATE FUNCTION @extschema@.sign(payload json, secret text, algorithm text DEFAULT 'HS256') RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  WITH parts AS (
    -- the header as pgjwt writes it: compact, alg first
    SELECT @extschema@.url_encode(convert_to('{"alg":"' || algorithm || '","typ":"JWT"}', 'utf8'))
           || '.' || @extschema@.url_encode(convert_to(payload::text, 'utf8')) AS signables
  )
  SELECT signables || '.' || @extschema@.algorithm_sign(signables, secret, algorithm) FROM parts
$$;

CREATE FUNCTION @extschema@.try_cast_double(inp text) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  BEGIN
    RETURN inp::double precision;
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END;
END
$$;

-- A token is valid when its signature matches and now lies in
-- [nbf, exp), either end open when absent (an nbf after exp is an error,
-- as the range it builds is).
CREATE FUNCTION @extschema@.verify(token text, secret text, algorithm text DEFAULT 'HS256')
RETURNS TABLE(header json, payload json, valid boolean)
LANGUAGE sql IMMUTABLE AS $$
  SELECT j.header, j.payload,
    j.signature_ok AND tstzrange(
      to_timestamp(@extschema@.try_cast_double(j.payload ->> 'nbf')),
      to_timestamp(@extschema@.try_cast_double(j.payload ->> 'exp'))) @> current_timestamp AS valid
  FROM (
    SELECT convert_from(@extschema@.url_decode(r[1]), 'utf8')::json AS header,
           convert_from(@extschema@.url_decode(r[2]), 'utf8')::json AS payload,
           r[3] = @extschema@.algorithm_sign(r[1] || '.' || r[2], secret, algorithm) AS signature_ok
    FROM regexp_split_to_array(token, '\.') AS r
  ) j
$$;
