-- array_agg over arrays stacks them one dimension up; NULL and empty
-- inputs and inputs of other dimensions are errors.
CREATE TABLE tagged (id int PRIMARY KEY, g int, tags int[], names text[]);
INSERT INTO tagged VALUES (1, 1, '{1,2}', '{a,b}'), (2, 1, '{3,4}', '{c,d}'), (3, 2, '{5,6}', '{e,f}'), (4, 3, '{}', '{x}'), (5, 4, NULL, NULL);
SELECT g, array_agg(tags ORDER BY id), array_agg(names ORDER BY id DESC) FROM tagged WHERE g < 3 GROUP BY g ORDER BY g;
SELECT array_agg(tags ORDER BY id) FILTER (WHERE g = 9), array_agg(ARRAY[id, g] ORDER BY id) FROM tagged;
SELECT array_agg(a), pg_typeof(array_agg(a)) FROM (VALUES ('{{1,2},{3,4}}'::text[]), ('{{5,6},{7,8}}')) t(a);
SELECT array_agg(tags) FROM tagged WHERE g = 3;
SELECT array_agg(tags ORDER BY id) FROM tagged WHERE g IN (1, 4);
SELECT array_agg(a) FROM (VALUES ('{1,2}'::int[]), ('{3}')) t(a);
SELECT array_agg(a) FROM (VALUES ('[2:3]={1,2}'::int[]), ('{3,4}')) t(a);
SELECT id, array_agg(tags) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM tagged WHERE g < 3 ORDER BY id;
