-- a subquery's or WITH query's string literal outputs are text
SELECT to_jsonb(s.w), pg_typeof(s.w) FROM (SELECT '' AS w) s;
SELECT * FROM (SELECT 'a' AS x, 'b') s;
SELECT s."?column?" FROM (SELECT 'x') s;
WITH c AS NOT MATERIALIZED (SELECT '' AS w) SELECT to_jsonb(c.w) FROM c;
WITH c AS (SELECT 'x' AS w) SELECT to_jsonb(c.w), pg_typeof(c.w), c.w || c.w FROM c JOIN c c2 ON c2.w = c.w;
WITH c AS NOT MATERIALIZED (SELECT 1 AS id, '' AS w) SELECT jsonb_set(coalesce(NULL::jsonb, '{}'), '{k}', to_jsonb(c.w)) FROM c;
WITH c AS NOT MATERIALIZED (SELECT 1 AS id, '' AS w) SELECT count(*) FROM c WHERE jsonb_set('{}', '{k}', to_jsonb(c.w)) ?| array['n', 'o'];
SELECT array_agg(s.w ORDER BY s.w), pg_typeof(array_agg(s.w)) FROM (SELECT 'b' AS w UNION ALL SELECT 'a') s;
SELECT s.d + 1 FROM (SELECT '2024-01-01' AS d) s;
SELECT pg_typeof('x');
WITH c AS (SELECT 'x' AS w) SELECT * FROM c;
