-- jsonb ordering: object > array > boolean > number > string > null,
-- arrays by length first, and at the top level a scalar is a
-- one-element array, so an empty array sorts before null (found by
-- bench/pgfuzz).
CREATE TABLE jo_docs (id int PRIMARY KEY, doc jsonb);
INSERT INTO jo_docs VALUES (1, '[]'), (2, 'null'), (3, '"x"'), (4, '[1]'), (5, '1'), (6, '{}'), (7, '[1, 2]'),
 (8, 'true'), (9, '["a"]'), (10, '"a"'), (11, '[[]]'), (12, '{"a": []}'), (13, '[null]'), (14, NULL);

SELECT id, doc FROM jo_docs ORDER BY doc NULLS FIRST, id;
SELECT id, doc FROM jo_docs ORDER BY doc DESC, id;
SELECT '[]'::jsonb < 'null'::jsonb, '"a"'::jsonb < '["a"]', '[1, 2]'::jsonb > '5', '{}'::jsonb > '[]', '[[]]'::jsonb > '[1]', '[]'::jsonb < '""';
SELECT doc -> 'a' AS inner_doc FROM jo_docs WHERE doc ? 'a' OR doc @> '[1]' ORDER BY 1;
