-- The cumulative statistics views a database health report reads
-- (supabase inspect db): their columns and types, and whole-row
-- references to them, which probe columns by name across versions.
CREATE TABLE inspect_t (id int PRIMARY KEY, v text);
CREATE INDEX inspect_t_v ON inspect_t (v);
INSERT INTO inspect_t SELECT g, 'v' || g FROM generate_series(1, 20) g;
SELECT * FROM pg_stat_user_tables LIMIT 0;
SELECT * FROM pg_stat_all_tables LIMIT 0;
SELECT * FROM pg_stat_sys_tables LIMIT 0;
SELECT * FROM pg_stat_user_indexes LIMIT 0;
SELECT * FROM pg_stat_all_indexes LIMIT 0;
SELECT * FROM pg_stat_sys_indexes LIMIT 0;
SELECT * FROM pg_statio_user_tables LIMIT 0;
SELECT * FROM pg_statio_all_tables LIMIT 0;
SELECT * FROM pg_statio_sys_tables LIMIT 0;
SELECT * FROM pg_statio_user_indexes LIMIT 0;
SELECT * FROM pg_statio_all_indexes LIMIT 0;
SELECT * FROM pg_statio_sys_indexes LIMIT 0;
SELECT schemaname, relname, indexrelname, idx_blks_read >= 0 AS read_ok, idx_blks_hit >= 0 AS hit_ok
  FROM pg_statio_user_indexes WHERE relname = 'inspect_t' ORDER BY indexrelname;
SELECT s.schemaname, s.relname, s.indexrelname, s.idx_scan >= 0 AS scans_ok
  FROM pg_stat_all_indexes s WHERE s.relname = 'inspect_t' ORDER BY s.indexrelname;
SELECT relname, n_tup_ins >= 0 AS ins_ok, n_dead_tup >= 0 AS dead_ok, last_vacuum IS NULL AS never_vacuumed FROM pg_stat_all_tables WHERE relname = 'inspect_t';
SELECT count(*) FROM pg_stat_user_tables u JOIN pg_stat_all_tables a USING (relid) WHERE u.relname = 'inspect_t';
SELECT format('%I.%I', s.schemaname, s.relname) AS name,
       (to_jsonb(s) ->> 'n_tup_ins')::bigint >= 0 AS inserted_ok,
       coalesce((to_jsonb(s) ->> 'no_such_counter')::bigint, -1) AS missing
  FROM pg_stat_user_tables s WHERE s.relname = 'inspect_t';
SELECT sum(coalesce((to_jsonb(s) ->> 'rel_blks_hit')::bigint, (to_jsonb(s) ->> 'heap_blks_hit')::bigint, 0)) >= 0 AS ok
  FROM pg_statio_user_tables s WHERE s.relname = 'inspect_t';
SELECT to_jsonb(c) ->> 'relname' AS relname, (to_jsonb(c) ->> 'relkind') AS relkind FROM pg_class c WHERE c.relname = 'inspect_t';
SELECT round(sum(idx_blks_hit)::numeric / nullif(sum(idx_blks_hit + idx_blks_read), 0), 2) IS NULL OR true AS ratio_ok
  FROM pg_statio_user_indexes WHERE NOT schemaname LIKE ANY (ARRAY['pg\_%', 'information\_schema']);
