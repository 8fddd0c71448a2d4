-- pg_tables, pg_views and pg_matviews as PostgreSQL fills them: owners, index/trigger/row-security flags, definitions as pg_get_viewdef prints them; materialized views are neither tables nor information_schema tables
CREATE ROLE tv_owner;
CREATE TABLE tv_items (id int PRIMARY KEY, price numeric, owner_id int);
CREATE TABLE tv_log (id int, note text);
ALTER TABLE tv_log OWNER TO tv_owner;
ALTER TABLE tv_items ENABLE ROW LEVEL SECURITY;
CREATE FUNCTION tv_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER tv_touch BEFORE INSERT ON tv_log FOR EACH ROW EXECUTE FUNCTION tv_touch();
CREATE VIEW tv_cheap AS SELECT id, price FROM tv_items WHERE price < 10;
CREATE VIEW tv_join AS SELECT i.id, l.note FROM tv_items i JOIN tv_log l ON l.id = i.id;
ALTER VIEW tv_join OWNER TO tv_owner;
CREATE MATERIALIZED VIEW tv_totals AS SELECT owner_id, sum(price) AS total FROM tv_items GROUP BY owner_id;
CREATE INDEX tv_totals_owner ON tv_totals (owner_id);
CREATE MATERIALIZED VIEW tv_ids AS SELECT id FROM tv_items;
SELECT tablename, tableowner, tablespace, hasindexes, hasrules, hastriggers, rowsecurity FROM pg_tables WHERE schemaname = 'public' ORDER BY 1;
SELECT viewname, viewowner, definition FROM pg_views WHERE schemaname = 'public' ORDER BY 1;
SELECT matviewname, matviewowner, tablespace, hasindexes, ispopulated, definition FROM pg_matviews WHERE schemaname = 'public' ORDER BY 1;
SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1;
SELECT relname, relkind FROM pg_class WHERE relname LIKE 'tv\_%' AND relkind IN ('r', 'v', 'm') ORDER BY 1;
