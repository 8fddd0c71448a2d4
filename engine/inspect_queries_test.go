package engine_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestInspectQueries runs queries of the shapes a database health report
// (supabase inspect db) sends — the catalogs, statistics views and
// functions each of its commands reads, with the same joins, casts and
// whole-row probes — and checks each runs and names its columns. The
// values are tinybase's own (counters from storage, sizes from relsize);
// the views' columns and types are compared with PostgreSQL by the
// conformance case queries/stat_views_inspect.
func TestInspectQueries(t *testing.T) {
	e := enginetest.New(t)
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"CREATE TABLE insp_orders (id int PRIMARY KEY, customer text, total numeric)",
		"CREATE INDEX insp_orders_customer ON insp_orders (customer)",
		"INSERT INTO insp_orders SELECT g, 'c' || (g % 7), g * 1.5 FROM generate_series(1, 200) g",
		"ANALYZE insp_orders",
		"SELECT count(*) FROM insp_orders WHERE customer = 'c3'",
	} {
		queryStrings(t, s, q)
	}
	const skip = "ARRAY['pg\\_%', 'information\\_schema', 'auth', 'storage', 'realtime', 'vault', 'net', 'supabase\\_%', 'extensions']"
	cases := []struct {
		name string
		sql  string
		cols []string
		has  []string // a row the result must hold, when set; "*" matches any value
	}{
		{"bloat", `WITH widths AS (
			SELECT st.schemaname AS sch, st.tablename AS tbl, sum((1 - st.null_frac) * st.avg_width) AS width, max(st.null_frac) AS maxnull
			FROM pg_stats st GROUP BY 1, 2)
			SELECT format('%I.%I', w.sch, w.tbl) AS name, c.relpages, c.reltuples,
			       round(CASE WHEN c.relpages = 0 THEN 0.0 ELSE c.reltuples::numeric / c.relpages END, 1) AS density,
			       pg_size_pretty((current_setting('block_size')::numeric * c.relpages)::bigint) AS bytes,
			       (SELECT count(*) FROM pg_index x JOIN pg_class ic ON ic.oid = x.indexrelid WHERE x.indrelid = c.oid) AS indexes
			FROM widths w JOIN pg_namespace n ON n.nspname = w.sch JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = w.tbl
			WHERE NOT n.nspname LIKE ANY(` + skip + `) ORDER BY 1`,
			[]string{"name", "relpages", "reltuples", "density", "bytes", "indexes"}, nil},
		{"blocking", `SELECT w.pid AS waiting_pid, wa.query AS waiting_query, age(now(), wa.query_start)::text AS waiting_for,
			       h.pid AS holding_pid, ha.query AS holding_query
			FROM pg_catalog.pg_locks w JOIN pg_catalog.pg_stat_activity wa ON wa.pid = w.pid
			JOIN pg_catalog.pg_locks h JOIN pg_catalog.pg_stat_activity ha ON ha.pid = h.pid
			  ON h.transactionid = w.transactionid AND h.pid <> w.pid
			WHERE NOT w.granted`,
			[]string{"waiting_pid", "waiting_query", "waiting_for", "holding_pid", "holding_query"}, nil},
		{"calls", `SELECT st.query, (st.total_exec_time * interval '1 ms')::text AS exec_time,
			       to_char(100 * st.total_exec_time / sum(st.total_exec_time) OVER (), 'FM90D0') || '%' AS share,
			       to_char(st.calls, 'FM999G999G990') AS n,
			       ((coalesce((to_jsonb(st) ->> 'shared_blk_read_time')::float8, (to_jsonb(st) ->> 'blk_read_time')::float8, 0)
			        + coalesce((to_jsonb(st) ->> 'shared_blk_write_time')::float8, (to_jsonb(st) ->> 'blk_write_time')::float8, 0)) * interval '1 ms')::text AS io
			FROM extensions.pg_stat_statements st ORDER BY st.calls DESC LIMIT 5`,
			[]string{"query", "exec_time", "share", "n", "io"}, nil},
		{"outliers", `SELECT st.query, st.total_exec_time FROM extensions.pg_stat_statements st
			WHERE st.userid = (SELECT u.usesysid FROM pg_user u WHERE u.usename = current_user LIMIT 1)
			ORDER BY st.total_exec_time DESC LIMIT 5`,
			[]string{"query", "total_exec_time"}, nil},
		{"db-stats", `WITH per_kind AS (
			  SELECT c.relkind AS kind, sum(pg_relation_size(c.oid)) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			  WHERE c.relkind IN ('r', 'i', 't') AND NOT n.nspname LIKE ANY(` + skip + `) GROUP BY c.relkind),
			hits AS (
			  SELECT 'i' AS kind, round(sum(idx_blks_hit)::numeric / nullif(sum(idx_blks_hit + idx_blks_read), 0), 2) AS ratio FROM pg_statio_user_indexes
			  UNION
			  SELECT 't', round(sum(coalesce((to_jsonb(io) ->> 'rel_blks_hit')::bigint, (to_jsonb(io) ->> 'heap_blks_hit')::bigint, 0))::numeric
			     / nullif(sum(io.heap_blks_hit + io.heap_blks_read), 0), 2) FROM pg_statio_user_tables io)
			SELECT pg_size_pretty(pg_database_size(current_database())) AS db_size,
			       coalesce((SELECT pg_size_pretty(bytes) FROM per_kind WHERE kind = 'i'), '0 bytes') AS index_size,
			       coalesce((SELECT pg_size_pretty(bytes) FROM per_kind WHERE kind = 'r'), '0 bytes') AS table_size,
			       coalesce((SELECT (now() - i.stats_reset)::text FROM extensions.pg_stat_statements_info i), 'N/A') AS since_reset,
			       (SELECT coalesce(ratio::text, 'N/A') FROM hits WHERE kind = 'i') AS index_hits,
			       (SELECT coalesce(ratio::text, 'N/A') FROM hits WHERE kind = 't') AS table_hits`,
			[]string{"db_size", "index_size", "table_size", "since_reset", "index_hits", "table_hits"}, nil},
		{"index-stats", `WITH sizes AS (
			  SELECT x.indexrelid AS oid, format('%I.%I', n.nspname, ic.relname) AS name, pg_relation_size(x.indexrelid) AS bytes
			  FROM pg_stat_user_indexes ui JOIN pg_index x ON x.indexrelid = ui.indexrelid
			  JOIN pg_class ic ON ic.oid = ui.indexrelid JOIN pg_namespace n ON n.oid = ic.relnamespace
			  WHERE NOT n.nspname LIKE ANY(` + skip + `)),
			used AS (SELECT indexrelid AS oid, relid, idx_scan::bigint AS scans FROM pg_stat_user_indexes)
			SELECT s.name, pg_size_pretty(s.bytes) AS size, coalesce(u.scans, 0) AS index_scans, coalesce(t.seq_scan, 0) AS seq_scans,
			       CASE WHEN coalesce(u.scans, 0) = 0 THEN 0 ELSE round(100.0 * u.scans / (u.scans + t.seq_scan), 1) END AS pct
			FROM sizes s LEFT JOIN used u ON u.oid = s.oid LEFT JOIN pg_stat_user_tables t ON t.relid = u.relid ORDER BY s.bytes DESC, 1`,
			[]string{"name", "size", "index_scans", "seq_scans", "pct"}, nil},
		{"locks", `SELECT a.pid, coalesce(c.relname, 'null') AS relname, coalesce(l.transactionid::text, 'null') AS xid, l.granted,
			       a.query AS stmt, age(now(), a.query_start)::text AS age
			FROM pg_stat_activity a, pg_locks l LEFT JOIN pg_class c ON c.oid = l.relation
			WHERE l.pid = a.pid AND l.mode = 'ExclusiveLock' AND a.query <> '<insufficient privilege>' ORDER BY a.query_start`,
			[]string{"pid", "relname", "xid", "granted", "stmt", "age"}, nil},
		{"long-running", `SELECT pid, age(now(), query_start)::text AS duration, query FROM pg_stat_activity
			WHERE query <> ''::text AND state <> 'idle' AND age(now(), query_start) > interval '5 minutes'
			ORDER BY age(now(), query_start) DESC`,
			[]string{"pid", "duration", "query"}, nil},
		{"role-stats", `SELECT r.rolname AS role, (SELECT count(*) FROM pg_stat_activity a WHERE a.usename = r.rolname) AS connections,
			       CASE WHEN r.rolconnlimit = -1 THEN current_setting('max_connections')::int8 ELSE r.rolconnlimit END AS conn_limit,
			       array_to_string(r.rolconfig, ',', '*') AS config
			FROM pg_roles r ORDER BY 1`,
			[]string{"role", "connections", "conn_limit", "config"}, nil},
		{"table-stats", `SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_size_pretty(pg_table_size(c.oid)) AS table_size,
			       pg_size_pretty(pg_indexes_size(c.oid)) AS index_size, pg_size_pretty(pg_total_relation_size(c.oid)) AS total,
			       coalesce(t.n_live_tup, 0) AS live_rows, coalesce(t.seq_scan, 0) AS seq_scans
			FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_stat_user_tables t ON t.relid = c.oid
			WHERE c.relkind = 'r' AND NOT n.nspname LIKE ANY(` + skip + `) ORDER BY pg_total_relation_size(c.oid) DESC, 1`,
			[]string{"name", "table_size", "index_size", "total", "live_rows", "seq_scans"}, []string{"public.insp_orders", "*", "*", "*", "200", "*"}},
		{"traffic-profile", `SELECT t.schemaname, t.relname, io.heap_blks_read + io.idx_blks_read AS blocks_read,
			       t.n_tup_ins + t.n_tup_upd + t.n_tup_del AS writes,
			       c.relpages * (t.n_tup_ins + t.n_tup_upd + t.n_tup_del) / (CASE WHEN c.reltuples = 0 THEN 1 ELSE c.reltuples END) AS blocks_written
			FROM pg_stat_user_tables t JOIN pg_statio_user_tables io ON io.relid = t.relid JOIN pg_class c ON c.oid = t.relid
			WHERE t.n_tup_ins + t.n_tup_upd + t.n_tup_del > 0 ORDER BY 3 DESC, 2`,
			[]string{"schemaname", "relname", "blocks_read", "writes", "blocks_written"}, []string{"public", "insp_orders", "0", "200", "*"}},
		{"unused-indexes", `SELECT format('%I.%I', ui.schemaname, ui.relname) AS tbl, ui.indexrelname AS idx,
			       pg_size_pretty(pg_relation_size(x.indexrelid)) AS size, ui.idx_scan
			FROM pg_stat_user_indexes ui JOIN pg_index x ON x.indexrelid = ui.indexrelid
			WHERE NOT x.indisunique AND ui.idx_scan < 50 AND pg_relation_size(ui.relid) > 0
			ORDER BY pg_relation_size(x.indexrelid) / nullif(ui.idx_scan, 0) DESC NULLS FIRST, 2`,
			[]string{"tbl", "idx", "size", "idx_scan"}, []string{"public.insp_orders", "insp_orders_customer", "*", "0"}},
		{"vacuum-stats", `WITH opts AS (SELECT c.oid, array_to_string(c.reloptions, '') AS o FROM pg_class c),
			thresholds AS (
			  SELECT oid, CASE WHEN o LIKE '%autovacuum_vacuum_threshold%' THEN substring(o, '.*autovacuum_vacuum_threshold=([0-9.]+).*')::integer
			                   ELSE current_setting('autovacuum_vacuum_threshold')::integer END AS vt,
			              current_setting('autovacuum_vacuum_scale_factor')::real AS vs,
			              current_setting('autovacuum_analyze_threshold')::integer AS at,
			              current_setting('autovacuum_analyze_scale_factor')::real AS asf FROM opts)
			SELECT format('%I.%I', t.schemaname, t.relname) AS name,
			       coalesce(to_char(t.last_vacuum, 'YYYY-MM-DD HH24:MI'), '') AS vacuumed,
			       coalesce(to_char(t.last_autovacuum, 'YYYY-MM-DD HH24:MI'), '') AS autovacuumed,
			       coalesce(to_char(t.last_analyze, 'YYYY-MM-DD HH24:MI'), '') <> '' AS analyzed,
			       to_char(c.reltuples, '9G999G999G999') AS rows, to_char(t.n_dead_tup, '9G999G999G999') AS dead,
			       CASE WHEN h.vt + h.vs::numeric * c.reltuples < t.n_dead_tup THEN 'yes' ELSE 'no' END AS due
			FROM pg_stat_user_tables t JOIN pg_class c ON c.oid = t.relid JOIN thresholds h ON h.oid = c.oid
			WHERE t.relname = 'insp_orders'`,
			[]string{"name", "vacuumed", "autovacuumed", "analyzed", "rows", "dead", "due"},
			[]string{"public.insp_orders", "", "", "t", "           200", "             0", "no"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows, err := s.Query(context.Background(), c.sql)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, col := range rows.Columns() {
				names = append(names, col.Name)
			}
			var got [][]string
			for rows.Next() {
				var r []string
				for _, v := range rows.Text() {
					if v == nil {
						r = append(r, "NULL")
					} else {
						r = append(r, *v)
					}
				}
				got = append(got, r)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.cols, names); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
			if c.has == nil {
				return
			}
			for _, r := range got {
				if matchRow(c.has, r) {
					return
				}
			}
			t.Errorf("no row %q in %q", c.has, got)
		})
	}
}

// matchRow reports whether got is want, a "*" in want matching any value.
func matchRow(want, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	for i, w := range want {
		if w != "*" && w != got[i] {
			return false
		}
	}
	return true
}
