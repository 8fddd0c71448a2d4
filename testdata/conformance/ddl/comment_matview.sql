-- COMMENT ON MATERIALIZED VIEW sets and clears the relation's comment
CREATE TABLE themes (id int PRIMARY KEY, name text);
CREATE MATERIALIZED VIEW theme_usage AS SELECT name, count(*) AS n FROM themes GROUP BY name;
COMMENT ON MATERIALIZED VIEW theme_usage IS 'How often each theme is used';
COMMENT ON COLUMN theme_usage.n IS 'uses';
SELECT obj_description('theme_usage'::regclass, 'pg_class'), col_description('theme_usage'::regclass, 2);
COMMENT ON MATERIALIZED VIEW public.theme_usage IS NULL;
SELECT obj_description('theme_usage'::regclass, 'pg_class');
COMMENT ON MATERIALIZED VIEW missing_view IS 'x';
