-- FETCH FIRST n ROWS WITH TIES evaluates its count once per execution,
-- as LIMIT does: a volatile count (nextval) or a subquery runs once, not
-- per row; NULL at run time is no limit, a negative count is 2201W, a
-- NULL constant too.
CREATE TABLE tk (id int PRIMARY KEY, p int);
INSERT INTO tk SELECT g, g / 3 FROM generate_series(1, 12) g;
CREATE SEQUENCE sq;
CREATE TABLE cfg (n int);
INSERT INTO cfg VALUES (4);
SELECT id, p FROM tk ORDER BY p FETCH FIRST nextval('sq') ROWS WITH TIES;
SELECT last_value FROM sq;
SELECT id, p FROM tk ORDER BY p FETCH FIRST (nextval('sq') + 1) ROWS WITH TIES;
SELECT last_value FROM sq;
SELECT * FROM (SELECT id, p FROM tk ORDER BY p DESC FETCH FIRST (SELECT n FROM cfg) ROWS WITH TIES) s ORDER BY id;
SELECT id, p FROM tk ORDER BY p FETCH FIRST (SELECT count(*) FROM cfg) ROW WITH TIES;
SELECT count(*) FROM (SELECT id FROM tk ORDER BY p FETCH FIRST (SELECT NULL::int) ROWS WITH TIES) s;
SELECT id, p FROM tk ORDER BY p FETCH FIRST (SELECT -1) ROWS WITH TIES;
SELECT id, p FROM tk ORDER BY p FETCH FIRST -1 ROWS WITH TIES;
SELECT id, p FROM tk ORDER BY p FETCH FIRST NULL ROWS WITH TIES;
SELECT id, p FROM tk ORDER BY p FETCH FIRST 0 ROWS WITH TIES;
SELECT id, p FROM tk ORDER BY p FETCH FIRST '2' ROWS WITH TIES;
SELECT g, (SELECT count(*) FROM (SELECT id FROM tk ORDER BY p FETCH FIRST g ROWS WITH TIES) s) FROM generate_series(1, 4) g ORDER BY 1;
SELECT g, x.id FROM generate_series(1, 3) g CROSS JOIN LATERAL (SELECT id FROM tk ORDER BY p FETCH FIRST g ROWS WITH TIES) x ORDER BY 1, 2;
SELECT g, x.id FROM generate_series(1, 2) g CROSS JOIN LATERAL (SELECT id FROM tk ORDER BY p FETCH FIRST (SELECT g + 1) ROWS WITH TIES) x ORDER BY 1, 2;
CREATE FUNCTION top_ties(k int) RETURNS SETOF int LANGUAGE sql AS $$ SELECT id FROM tk ORDER BY p FETCH FIRST k ROWS WITH TIES $$;
SELECT * FROM top_ties(4) ORDER BY 1;
SELECT * FROM top_ties(nextval('sq')::int) ORDER BY 1;
SELECT last_value FROM sq;
