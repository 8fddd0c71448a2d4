-- jsonb_set and jsonb_insert refuse a scalar document (22023) before
-- they read the path; objects and arrays are set as before.
SELECT jsonb_set('"x"', '{k}', '1');
SELECT jsonb_set('1', '{}', '1');
SELECT jsonb_set('null', '{k}', '1', false);
SELECT jsonb_insert('"x"', '{0}', '1');
SELECT jsonb_set('{}', '{k}', '1') AS o, jsonb_set('[1, 2]', '{0}', '"a"') AS a, jsonb_insert('[1]', '{0}', '0') AS i;
CREATE TABLE j (id int PRIMARY KEY, doc jsonb);
INSERT INTO j VALUES (1, '{"k": 1}'), (2, '"s"');
SELECT id, jsonb_set(doc, '{k}', '2') FROM j WHERE id = 1;
SELECT id, jsonb_set(doc, '{k}', '2') FROM j ORDER BY id;
