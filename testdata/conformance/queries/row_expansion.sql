-- (value).* in SELECT lists: RPC functions unpacking a jsonb payload into a row.
CREATE TYPE pair AS (k text, v int);
CREATE TABLE settings (id int PRIMARY KEY, name text NOT NULL, enabled boolean DEFAULT true, config jsonb);
SELECT (ROW('a', 1)::pair).*;
SELECT ('(b,2)'::pair).*;
SELECT (NULL::pair).*;
SELECT (jsonb_populate_record(NULL::pair, '{"k":"x","v":"7","extra":true}')).*;
SELECT (jsonb_populate_record(NULL::settings, '{"id":1,"name":"dark mode","config":{"a":[1,2]}}')).*;
INSERT INTO settings SELECT (jsonb_populate_record(NULL::settings, '{"id":2,"name":"beta","enabled":false}')).* RETURNING *;
SELECT (json_populate_record(NULL::pair, '{"v":3}')).*, 'tail' AS t;
SELECT ('(c,3)'::pair).k, (('(c,3)'::pair)).v * 2;
SELECT (jsonb_populate_record(NULL::pair, '{"v":"x"}')).*;
SELECT (jsonb_populate_record(NULL::pair, '[1]')).*;
SELECT id, name FROM settings ORDER BY id;
