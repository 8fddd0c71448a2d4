-- What Sequelize's showIndex and describeTable read: pg_index.indkey is
-- an int2vector (its text form splits on spaces), and
-- pg_statio_all_tables gives a table's relid by schema and name.
CREATE TABLE sqi_t (id serial PRIMARY KEY, a int, b text, c int);
CREATE UNIQUE INDEX sqi_t_a_b ON sqi_t (a, b);
CREATE INDEX sqi_t_c ON sqi_t (c DESC);
SELECT i.relname AS name, ix.indisprimary AS primary, ix.indisunique AS unique, ix.indkey AS indkey, array_agg(a.attnum ORDER BY a.attnum) AS column_indexes, array_agg(a.attname ORDER BY a.attnum) AS column_names, pg_get_indexdef(ix.indexrelid) AS definition FROM pg_class t, pg_class i, pg_index ix, pg_attribute a WHERE t.oid = ix.indrelid AND i.oid = ix.indexrelid AND a.attrelid = t.oid AND t.relkind = 'r' AND t.relname = 'sqi_t' AND a.attnum = ANY(ix.indkey) GROUP BY i.relname, ix.indexrelid, ix.indisprimary, ix.indisunique, ix.indkey ORDER BY i.relname;
SELECT ix.indkey[0], ix.indkey[1], array_length(ix.indkey, 1), ix.indkey::text FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid WHERE i.relname = 'sqi_t_a_b';
SELECT st.relid = 'sqi_t'::regclass AS same, st.schemaname, st.relname, st.heap_blks_read IS NOT NULL AS has_heap, st.idx_blks_read IS NOT NULL AS has_idx, st.toast_blks_read IS NOT NULL AS has_toast FROM pg_catalog.pg_statio_all_tables st WHERE st.relname = 'sqi_t';
SELECT relname FROM pg_statio_user_tables WHERE relname = 'sqi_t';
SELECT c.column_name, pgd.description FROM information_schema.columns c LEFT JOIN pg_catalog.pg_statio_all_tables st ON c.table_schema = st.schemaname AND c.table_name = st.relname LEFT JOIN pg_catalog.pg_description pgd ON pgd.objoid = st.relid AND pgd.objsubid = c.ordinal_position WHERE c.table_name = 'sqi_t' ORDER BY c.ordinal_position;
CREATE TABLE sqi_plain (a int, b bigint); SELECT relname, idx_blks_read IS NOT NULL AS has_idx, toast_blks_read IS NOT NULL AS has_toast FROM pg_statio_all_tables WHERE relname = 'sqi_plain';
