-- LIMIT and OFFSET reading an enclosing query's columns: a lateral
-- subquery's, a correlated scalar subquery's, EXISTS and IN, a SQL or
-- PL/pgSQL function's, evaluated per outer row; the query's own columns
-- are refused (42P10)
CREATE TABLE grp (id int PRIMARY KEY, n int, skip int);
INSERT INTO grp VALUES (1, 2, 0), (2, 1, 1), (3, 0, 2), (4, NULL, NULL), (5, 3, NULL);
CREATE TABLE item (id int PRIMARY KEY, g int, v text);
INSERT INTO item SELECT i, 1 + i % 3, 'v' || i FROM generate_series(1, 12) i;
SELECT g.id, x.id FROM grp g LEFT JOIN LATERAL (SELECT i.id FROM item i ORDER BY i.id LIMIT g.n) x ON true ORDER BY 1, 2;
SELECT g.id, x.id FROM grp g LEFT JOIN LATERAL (SELECT i.id FROM item i ORDER BY i.id OFFSET g.skip LIMIT 1) x ON true ORDER BY 1, 2;
SELECT g.id, x.id FROM grp g, LATERAL (SELECT i.id FROM item i WHERE i.g = g.id ORDER BY i.id DESC LIMIT g.n OFFSET g.skip) x ORDER BY 1, 2;
SELECT g.id, x.v FROM grp g CROSS JOIN LATERAL (SELECT i.v FROM item i WHERE i.g = 3 ORDER BY i.id FETCH FIRST g.id ROWS ONLY) x WHERE g.id < 3 ORDER BY 1, 2;
SELECT g.id, x.id FROM grp g JOIN LATERAL (SELECT i.id FROM item i WHERE i.id > g.id ORDER BY i.id LIMIT coalesce(g.n, 1) OFFSET coalesce(g.skip, 5)) x ON x.id % 2 = 0 ORDER BY 1, 2;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id OFFSET g.id * 2 LIMIT 1) FROM grp g ORDER BY 1;
SELECT g.id, (SELECT count(*) FROM (SELECT 1 FROM item i LIMIT g.n) s) FROM grp g ORDER BY 1;
SELECT g.id, ARRAY(SELECT i.id FROM item i WHERE i.g = 1 ORDER BY i.id LIMIT g.n OFFSET g.skip) FROM grp g ORDER BY 1;
SELECT g.id, (SELECT string_agg(v, ',' ORDER BY id) FROM (SELECT i.id, i.v FROM item i WHERE i.g = 2 ORDER BY i.id LIMIT g.n + 1) s) FROM grp g ORDER BY 1;
SELECT g.id FROM grp g WHERE EXISTS (SELECT 1 FROM item i WHERE i.g = 2 OFFSET g.id + 2) ORDER BY 1;
SELECT g.id FROM grp g WHERE NOT EXISTS (SELECT 1 FROM item i LIMIT g.n) ORDER BY 1;
SELECT g.id FROM grp g WHERE g.id IN (SELECT i.g FROM item i ORDER BY i.id LIMIT g.id) ORDER BY 1;
SELECT g.id FROM grp g WHERE (SELECT i.id FROM item i ORDER BY i.id OFFSET g.id LIMIT 1) > 3 ORDER BY 1;
SELECT g.id, (SELECT s.id FROM (SELECT i.id FROM item i ORDER BY i.id LIMIT g.n) s ORDER BY s.id DESC LIMIT 1) FROM grp g ORDER BY 1;
SELECT g.id, (SELECT max(y.id) FROM item i2 CROSS JOIN LATERAL (SELECT i.id FROM item i WHERE i.id > i2.id ORDER BY i.id LIMIT g.n) y WHERE i2.id < 3) FROM grp g ORDER BY 1;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id LIMIT 1 OFFSET (SELECT g.skip)) FROM grp g ORDER BY 1;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id OFFSET g.skip - 1 LIMIT 1) FROM grp g ORDER BY 1;
SELECT g.id, x.id FROM grp g, LATERAL (SELECT i.id FROM item i ORDER BY i.id LIMIT g.n - 1) x ORDER BY 1, 2;
SELECT g.id FROM grp g WHERE EXISTS (SELECT 1 FROM item i WHERE false LIMIT g.id - 2) ORDER BY 1;
SELECT i.id FROM item i ORDER BY i.id LIMIT i.g;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id LIMIT i.g + g.n) FROM grp g;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id OFFSET (SELECT i.g)) FROM grp g;
SELECT g.id, x.id FROM grp g, LATERAL (SELECT i.id FROM item i LIMIT x.id) x;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id LIMIT g.v) FROM grp g;
SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id LIMIT g.id::text) FROM grp g;
CREATE FUNCTION last_of_page(p_limit int) RETURNS TABLE(page int, cursor_id int) LANGUAGE sql STABLE AS $$
  WITH pages AS (SELECT generate_series(1, 4) AS pg)
  SELECT p.pg, lb.id FROM pages p
  LEFT JOIN LATERAL (SELECT i.id FROM item i WHERE p.pg > 1 ORDER BY i.id OFFSET p.pg * p_limit - 1 LIMIT 1) lb ON true
  ORDER BY p.pg
$$;
SELECT * FROM last_of_page(4);
SELECT * FROM last_of_page(3);
SELECT * FROM last_of_page(0);
CREATE FUNCTION firsts(k int) RETURNS SETOF int LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT g.id, (SELECT array_agg(s.id) FROM (SELECT i.id FROM item i ORDER BY i.id LIMIT g.id + k) s) AS a FROM grp g ORDER BY g.id LOOP
    RETURN NEXT cardinality(r.a);
  END LOOP;
END $$;
SELECT * FROM firsts(1);
SELECT * FROM firsts(-1);
SELECT * FROM firsts(-2);
CREATE FUNCTION nth_items(k int) RETURNS TABLE(gid int, item_id int) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT g.id, x.id FROM grp g CROSS JOIN LATERAL (SELECT i.id FROM item i WHERE i.g = g.id ORDER BY i.id OFFSET g.id + k LIMIT 1) x;
END $$;
SELECT * FROM nth_items(0) ORDER BY 1;
SELECT * FROM nth_items(-1) ORDER BY 1;
PREPARE q(int) AS SELECT g.id, (SELECT i.id FROM item i ORDER BY i.id OFFSET g.id + $1 LIMIT 1) FROM grp g ORDER BY 1;
EXECUTE q(3);
EXECUTE q(-1);
CREATE FUNCTION own_limit() RETURNS SETOF int LANGUAGE sql AS $$ SELECT i.id FROM item i ORDER BY i.id LIMIT i.g $$;
SELECT g.id, x.id FROM grp g LEFT JOIN LATERAL (SELECT i.id FROM item i WHERE g.n > 1 ORDER BY i.id LIMIT 2) x ON true ORDER BY 1, 2;
SELECT g.id, x.id FROM grp g CROSS JOIN LATERAL (SELECT i.id FROM item i WHERE g.skip IS NOT NULL AND i.g = 1 ORDER BY i.id OFFSET g.skip) x ORDER BY 1, 2;
SELECT g.id AS gid, (SELECT i.id FROM item i ORDER BY i.id LIMIT 1 OFFSET g.n) AS first FROM grp g UNION ALL SELECT 0, (SELECT i.id FROM item i ORDER BY i.id DESC LIMIT 1) ORDER BY 1;
SELECT g.id, x.id FROM grp g LEFT JOIN LATERAL (SELECT i.id FROM item i ORDER BY i.g FETCH FIRST g.n ROWS WITH TIES) x ON true ORDER BY 1, 2;
SELECT count(*) FROM (SELECT id FROM item ORDER BY g FETCH FIRST (SELECT NULL::int) ROWS WITH TIES) s;
