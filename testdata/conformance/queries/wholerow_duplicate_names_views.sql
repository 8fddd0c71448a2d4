-- Views and WITH items over subqueries naming two columns alike.
CREATE VIEW dn_v AS SELECT row_to_json(t) AS j FROM (SELECT 1 AS a, 2 AS a) t;
SELECT j::text FROM dn_v;
WITH x AS (SELECT 1 AS a, 2 AS a) SELECT row_to_json(x) FROM x;
SELECT row_to_json(t) FROM (SELECT 1 AS a, 2 AS a) t WHERE t.a = 1;
PREPARE dn_p AS SELECT row_to_json(t) FROM (SELECT $1::int AS a, 2 AS a) t;
EXECUTE dn_p(5);
EXECUTE dn_p(6);
SELECT json_agg(t) FROM (SELECT 1 AS a, 2 AS a UNION ALL SELECT 3, 4) t;
