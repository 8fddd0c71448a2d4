-- json keeps its input text verbatim; jsonb normalizes (see jsonb.sql)
CREATE TABLE webhooks (id int PRIMARY KEY, payload json NOT NULL);
INSERT INTO webhooks VALUES (1, '{"b": 1, "a": [1, 2,  3], "b": 2}'), (2, '[true, null, "x"]'), (3, '"just a string"'), (4, '  42  ');
SELECT id, payload FROM webhooks ORDER BY id;
SELECT payload->'a', payload->>'b', payload->'a'->1, payload#>>'{a,2}' FROM webhooks WHERE id = 1;
SELECT json_typeof(payload) FROM webhooks ORDER BY id;
SELECT payload::jsonb FROM webhooks ORDER BY id;
SELECT '{"a": 1'::json;
INSERT INTO webhooks VALUES (5, '{bad json}');
SELECT payload = payload FROM webhooks WHERE id = 1;
SELECT json_build_object('id', 1, 'tags', json_build_array('a', 'b'), 'none', NULL);
SELECT json_array_length(payload) FROM webhooks WHERE id = 2;
SELECT json_object_keys(payload) FROM webhooks WHERE id = 1;
SELECT to_json('text with "quotes"'::text), to_json(12.50), to_json(true), to_json(NULL::int);
SELECT row_to_json(w) FROM webhooks w WHERE id = 3;
SELECT '{"unicode": "\u00e9", "esc": "a\nb"}'::json, '{"unicode": "\u00e9", "esc": "a\nb"}'::jsonb;
SELECT payload::text FROM webhooks WHERE id = 4;
