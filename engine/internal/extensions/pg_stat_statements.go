package extensions

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/stmtstats"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
)

// pgStatStatements is pg_stat_statements 1.10 (docs F.32): the
// pg_stat_statements and pg_stat_statements_info views with PostgreSQL
// 15's columns over the engine's statement statistics (package
// stmtstats: each successful top-level statement of every session,
// grouped by user and normalized query), and pg_stat_statements_reset().
// tinybase plans as it runs and has no shared buffers, WAL records or
// JIT, so those columns are 0 (none happened); times are in
// milliseconds as PostgreSQL's.
func pgStatStatements() *Extension {
	return &Extension{
		Name:        "pg_stat_statements",
		Version:     "1.10",
		Comment:     "track planning and execution statistics of all SQL statements executed",
		Relocatable: true,
		Funcs: map[string]Func{
			"pg_stat_statements_1_10": Rows(func(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
				st, user, err := statStore(c)
				if err != nil {
					return nil, err
				}
				dbID, err := databaseOID(ctx, c)
				if err != nil {
					return nil, err
				}
				showText, _ := args[0].(bool)
				cat := c.Catalog()
				// PostgreSQL's is_allowed_role: others' query texts and ids
				// are hidden from roles without pg_read_all_stats' privileges
				allowed := cat.HasPrivsOf(user, "pg_read_all_stats")
				var out [][]any
				for _, e := range st.Entries() {
					var userID uint32 = 10
					if r, ok := cat.Role(e.User); ok {
						userID = r.OID
					}
					var queryID, query any = e.QueryID, e.Query
					if !allowed && e.User != user {
						queryID, query = nil, "<insufficient privilege>"
					}
					if !showText {
						query = nil
					}
					row := []any{userID, dbID, true, queryID, query,
						int64(0), 0.0, 0.0, 0.0, 0.0, 0.0, // plans: planning is not timed apart
						e.Calls, e.Total, e.Min, e.Max, e.Mean, e.Stddev, e.Rows}
					for range 8 { // shared and local blocks
						row = append(row, int64(0))
					}
					row = append(row, int64(0), int64(0), 0.0, 0.0, 0.0, 0.0, int64(0), int64(0), decimal.Zero)
					row = append(row, int64(0), 0.0, int64(0), 0.0, int64(0), 0.0, int64(0), 0.0)
					out = append(out, row)
				}
				return out, nil
			}),
			"pg_stat_statements_info": func(_ context.Context, c routine.Caller, fn *catalog.Function, _ []any, _ *routine.TriggerData) (routine.Result, error) {
				st, _, err := statStore(c)
				if err != nil {
					return routine.Result{}, err
				}
				dealloc, reset := st.Info()
				rec := &types.RecordVal{Vals: []any{dealloc, reset.UTC().Truncate(time.Microsecond)}}
				for _, a := range fn.OutputArgs() {
					rec.Names, rec.Types = append(rec.Names, a.Name), append(rec.Types, a.Type)
				}
				return routine.Result{Value: rec}, nil
			},
			"pg_stat_statements_reset_1_7": ScalarC(func(ctx context.Context, c routine.Caller, args []any) (any, error) {
				st, _, err := statStore(c)
				if err != nil {
					return nil, err
				}
				userID, _ := args[0].(uint32)
				queryID, _ := args[2].(int64)
				user := ""
				if userID != 0 {
					user = "\x00" // a role that ran nothing
					for _, r := range c.Catalog().Roles() {
						if r.OID == userID {
							user = r.Name
						}
					}
				}
				if dbID, _ := args[1].(uint32); dbID != 0 {
					ours, err := databaseOID(ctx, c)
					if err != nil || dbID != ours {
						return "", err // statements of another database: none here
					}
				}
				st.Reset(user, queryID)
				return "", nil // void, which prints nothing (not NULL)
			}),
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
GRANT SELECT ON pg_stat_statements TO PUBLIC;
GRANT SELECT ON pg_stat_statements_info TO PUBLIC;
REVOKE ALL ON FUNCTION pg_stat_statements_reset(oid, oid, bigint) FROM PUBLIC;
`,
	}
}

// statStore is the engine's statement statistics and the current role.
func statStore(c routine.Caller) (*stmtstats.Store, string, error) {
	h, ok := c.(interface {
		StatementStats() *stmtstats.Store
		CurrentUser() string
	})
	if !ok || h.StatementStats() == nil {
		return nil, "", pgerror.New(pgerror.ObjectNotInPrerequisiteState, "pg_stat_statements must be loaded via \"shared_preload_libraries\"")
	}
	return h.StatementStats(), h.CurrentUser(), nil
}

// databaseOID is the database's OID, pg_stat_statements' dbid.
func databaseOID(ctx context.Context, c routine.Caller) (uint32, error) {
	r, err := c.Query(ctx, "SELECT oid FROM pg_catalog.pg_database WHERE datname = pg_catalog.current_database()", nil, nil)
	if err != nil {
		return 0, err
	}
	if len(r.Rows) == 1 {
		if oid, ok := r.Rows[0][0].(uint32); ok {
			return oid, nil
		}
	}
	return 0, pgerror.New(pgerror.InternalError, "pg_stat_statements: no row for the current database")
}
