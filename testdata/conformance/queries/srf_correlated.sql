-- a function in a subquery's FROM whose arguments are outer columns is evaluated per outer row
CREATE TABLE arrs (id int PRIMARY KEY, a int[]);
INSERT INTO arrs VALUES (1, '{1,2}'), (2, '{3}'), (3, '{4,5,6}'), (4, '{}');
SELECT id, (SELECT string_agg(x::text, ',') FROM unnest(a) x) FROM arrs ORDER BY id;
SELECT id, (SELECT sum(x) FROM unnest(a) AS x) FROM arrs ORDER BY id;
SELECT id, (SELECT count(*) FROM unnest(arrs.a) WITH ORDINALITY AS u(x, n) WHERE n > 1) FROM arrs ORDER BY id;
SELECT id FROM arrs WHERE EXISTS (SELECT 1 FROM unnest(a) x WHERE x = 5);
SELECT id, (SELECT max(g) FROM generate_series(1, id) g) FROM arrs ORDER BY id;
SELECT id, ARRAY(SELECT x * 10 FROM unnest(a) x ORDER BY x DESC) FROM arrs ORDER BY id;
SELECT id, (SELECT json_agg(e) FROM jsonb_array_elements(to_jsonb(a)) e) FROM arrs ORDER BY id;
SELECT id, (SELECT s FROM (SELECT sum(x) AS s FROM unnest(a) x) d) FROM arrs ORDER BY id;
SELECT id, x FROM arrs, LATERAL (SELECT max(v) AS x FROM unnest(a) v) l ORDER BY id;
SELECT id FROM arrs WHERE 5 = ANY (SELECT x FROM unnest(a) x) ORDER BY id;
SELECT id, (SELECT count(*) FROM unnest(a) x WHERE x > (SELECT min(y) FROM unnest(a) y)) FROM arrs ORDER BY id;
