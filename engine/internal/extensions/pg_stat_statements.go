package extensions

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
)

// pgStatStatements stands in for pg_stat_statements 1.10 (docs F.32): the
// pg_stat_statements and pg_stat_statements_info views with PostgreSQL
// 15's columns and pg_stat_statements_reset(). tinybase does not collect
// per-statement statistics yet, so the view is empty (and a reset has
// nothing to clear): clients and migrations that read or grant on it work,
// and no numbers are made up.
var pgStatStatements = &Extension{
	Name:        "pg_stat_statements",
	Version:     "1.10",
	Comment:     "track planning and execution statistics of all SQL statements executed",
	Relocatable: true,
	Funcs: map[string]Func{
		"pg_stat_statements_1_10": Rows(func(context.Context, routine.Caller, *catalog.Function, []any) ([][]any, error) {
			return nil, nil
		}),
		"pg_stat_statements_info": Rows(func(context.Context, routine.Caller, *catalog.Function, []any) ([][]any, error) {
			return nil, nil
		}),
		"pg_stat_statements_reset_1_7": Scalar(func([]any) (any, error) { return nil, nil }),
	},
	Script: `
CREATE FUNCTION pg_stat_statements_reset(IN userid oid DEFAULT 0, IN dbid oid DEFAULT 0, IN queryid bigint DEFAULT 0)
RETURNS void AS 'MODULE_PATHNAME', 'pg_stat_statements_reset_1_7' LANGUAGE c STRICT PARALLEL SAFE;
CREATE FUNCTION pg_stat_statements(IN showtext boolean,
    OUT userid oid, OUT dbid oid, OUT toplevel bool, OUT queryid bigint, OUT query text,
    OUT plans int8, OUT total_plan_time float8, OUT min_plan_time float8, OUT max_plan_time float8,
    OUT mean_plan_time float8, OUT stddev_plan_time float8,
    OUT calls int8, OUT total_exec_time float8, OUT min_exec_time float8, OUT max_exec_time float8,
    OUT mean_exec_time float8, OUT stddev_exec_time float8, OUT rows int8,
    OUT shared_blks_hit int8, OUT shared_blks_read int8, OUT shared_blks_dirtied int8, OUT shared_blks_written int8,
    OUT local_blks_hit int8, OUT local_blks_read int8, OUT local_blks_dirtied int8, OUT local_blks_written int8,
    OUT temp_blks_read int8, OUT temp_blks_written int8,
    OUT blk_read_time float8, OUT blk_write_time float8, OUT temp_blk_read_time float8, OUT temp_blk_write_time float8,
    OUT wal_records int8, OUT wal_fpi int8, OUT wal_bytes numeric,
    OUT jit_functions int8, OUT jit_generation_time float8, OUT jit_inlining_count int8, OUT jit_inlining_time float8,
    OUT jit_optimization_count int8, OUT jit_optimization_time float8, OUT jit_emission_count int8, OUT jit_emission_time float8)
RETURNS SETOF record AS 'MODULE_PATHNAME', 'pg_stat_statements_1_10' LANGUAGE c STRICT VOLATILE PARALLEL SAFE;
CREATE VIEW pg_stat_statements AS SELECT * FROM pg_stat_statements(true);
CREATE FUNCTION pg_stat_statements_info(OUT dealloc bigint, OUT stats_reset timestamp with time zone)
RETURNS record AS 'MODULE_PATHNAME', 'pg_stat_statements_info' LANGUAGE c STRICT VOLATILE PARALLEL SAFE;
CREATE VIEW pg_stat_statements_info AS SELECT * FROM pg_stat_statements_info();
`,
}
