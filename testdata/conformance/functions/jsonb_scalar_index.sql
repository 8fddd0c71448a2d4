-- -> and ->> by index on a top-level scalar: PostgreSQL stores it as a
-- one-element array, so index 0 (or -1) reads the scalar; a path (#>)
-- and json (not jsonb) do not (found by bench/pgfuzz).
CREATE TABLE js_vals (id int PRIMARY KEY, v jsonb);
INSERT INTO js_vals VALUES (1, '"x"'), (2, '5'), (3, 'null'), (4, 'true'), (5, '[7, 8]'), (6, '{"a": 1}'), (7, NULL);

SELECT id, v -> 0 AS e0, v ->> 0 AS t0, v -> 1 AS e1, v -> -1 AS last, v ->> -2 AS t2 FROM js_vals ORDER BY id;
SELECT id, v #> '{0}' AS p0, v #>> '{0}' AS tp0, jsonb_array_element(v, 0) AS f0, jsonb_array_element_text(v, 0) AS ft0 FROM js_vals ORDER BY id;
SELECT '"x"'::json -> 0 AS json_elem, '"x"'::json ->> 0 AS json_text;
