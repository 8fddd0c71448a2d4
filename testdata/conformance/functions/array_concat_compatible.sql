-- array || array with different element types concatenates as arrays of
-- the common type (anycompatiblearray), never appending one array to the
-- other as an element; types without one are 42883.
CREATE TABLE counts (id int PRIMARY KEY, n bigint, ids int[]);
INSERT INTO counts VALUES (1, 2, '{1,2}'), (2, NULL, '{}'), (3, 5, NULL);
SELECT id, array[n, id, 100] || ARRAY[5, 5], ids || array[n], array[n] || ids, pg_typeof(ids || array[n]) FROM counts ORDER BY id;
SELECT array[3::bigint, 1] || ARRAY[5, 5], ARRAY[5] || array[3::bigint], ARRAY[1::bigint] || NULL::int[], ARRAY[1.5] || ARRAY[2],
       ARRAY[1::smallint] || ARRAY[[2], [3]], ARRAY[1] || '{2,3}';
SELECT ARRAY[1] || ARRAY['x'::text];
SELECT ARRAY[1] || ARRAY[true];
