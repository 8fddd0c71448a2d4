package translate

import (
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// A WITH query is materialized — computed once, however many times it is
// referenced — unless PostgreSQL folds it into the main query (docs 7.8.3
// "Common Table Expression Materialization"; PostgreSQL 15's
// SS_process_ctes): a side-effect-free SELECT without volatile functions,
// referenced exactly once in a SELECT statement, or NOT MATERIALIZED, is
// folded; MATERIALIZED, a second reference, a volatile call, or a
// data-modifying main statement keep it apart. GMS copies a WITH query's
// plan into every reference, so `with c as (select random() r) select
// (select r from c) = (select r from c)` compared two random numbers, and
// a reference's WHERE reached into the query, skipping rows (and their
// errors) that PostgreSQL's CTE Scan computes. A statement's own
// non-recursive WITH query that materializes therefore becomes a
// ModifyingCTE with Select set: the engine starts it before the main
// statement and the references read its rows from one buffer, filled as
// far as they read (dml.openCTE). WITH queries below the statement's top
// level (a subquery's, a recursive WITH's) are still planned by GMS.

// volatileBuiltins are the pg_catalog functions tinybase implements whose
// pg_proc.provolatile is 'v' (a test checks the list against pg_proc).
var volatileBuiltins = map[string]bool{
	"clock_timestamp": true, "current_query": true, "currval": true, "gen_random_uuid": true,
	"lastval": true, "nextval": true,
	"pg_advisory_lock": true, "pg_advisory_lock_shared": true, "pg_advisory_unlock": true,
	"pg_advisory_unlock_all": true, "pg_advisory_unlock_shared": true, "pg_advisory_xact_lock": true,
	"pg_advisory_xact_lock_shared": true, "pg_try_advisory_lock": true, "pg_try_advisory_lock_shared": true,
	"pg_try_advisory_xact_lock": true, "pg_try_advisory_xact_lock_shared": true, "pg_blocking_pids": true,
	"pg_cancel_backend": true, "pg_terminate_backend": true, "pg_stat_force_next_flush": true, "pg_database_size": true, "pg_indexes_size": true,
	"pg_is_in_recovery": true, "pg_notify": true, "pg_partition_ancestors": true,
	"pg_partition_tree": true, "pg_relation_size": true, "pg_sequence_last_value": true,
	"pg_sleep": true, "pg_table_size": true, "pg_total_relation_size": true, "random": true,
	"set_config": true, "setval": true, "suppress_redundant_updates_trigger": true,
	"timeofday": true, "ts_stat": true, "tsvector_update_trigger": true,
	"tsvector_update_trigger_column": true,
	// large objects (engine/internal/session/largeobject.go)
	"lo_close": true, "lo_creat": true, "lo_create": true, "lo_export": true, "lo_from_bytea": true,
	"lo_get": true, "lo_import": true, "lo_lseek": true, "lo_lseek64": true, "lo_open": true,
	"lo_put": true, "lo_tell": true, "lo_tell64": true, "lo_truncate": true, "lo_truncate64": true,
	"lo_unlink": true, "loread": true, "lowrite": true,
}

// IsVolatileBuiltin reports whether name is in volatileBuiltins.
func IsVolatileBuiltin(name string) bool { return volatileBuiltins[name] }

// materializes reports whether cte, an item of w, runs once before the
// statement, as PostgreSQL's rules above decide for a SELECT in the
// statement's own non-recursive WITH.
func (t *Translator) materializes(w *pg.WithClause, cte *pg.CommonTableExpr) bool {
	if t.Inline || w.Recursive || cte.Ctequery.GetSelectStmt() == nil || !t.atTopLevel(cte) {
		return false
	}
	if t.callsVolatile(cte.Ctequery) {
		return true
	}
	if t.topStmt.GetSelectStmt() == nil {
		return false // an INSERT/UPDATE/DELETE keeps its inlined plans
	}
	switch cte.Ctematerialized {
	case pg.CTEMaterialize_CTEMaterializeAlways:
		return true
	case pg.CTEMaterialize_CTEMaterializeNever:
		return false
	}
	return cteRefs(t.topStmt, cte) > 1
}

// cteRefs counts the references to cte in stmt: unqualified FROM items
// of its name outside its own body (cterefcount; an inner WITH item of
// the same name is counted too, which only materializes more).
func cteRefs(stmt *pg.Node, cte *pg.CommonTableExpr) int {
	count := func(n *pg.Node) int {
		k := 0
		hasNode(n, func(m any) bool {
			if rv, ok := m.(*pg.RangeVar); ok && rv.Schemaname == "" && rv.Relname == cte.Ctename {
				k++
			}
			return false
		})
		return k
	}
	return count(stmt) - count(cte.Ctequery)
}

// callsVolatile reports whether n calls a volatile function:
// contain_volatile_functions, with a user function judged by its declared
// volatility.
func (t *Translator) callsVolatile(n *pg.Node) bool {
	return hasNode(n, func(m any) bool {
		fc, ok := m.(*pg.FuncCall)
		if !ok {
			return false
		}
		parts := names(fc.Funcname)
		if fs, ok := t.userFunctions(parts); ok {
			for _, f := range fs {
				if f.Volatility == catalog.Volatile {
					return true
				}
			}
			return false
		}
		if len(parts) > 1 && !strings.EqualFold(parts[0], "pg_catalog") {
			return false
		}
		return volatileBuiltins[strings.ToLower(parts[len(parts)-1])]
	})
}

// materializedCTE translates a WITH query that materializes into a CTE
// whose body the engine fills with the query's rows once it has run it,
// as modifyingCTE does for a data-modifying one; hide are the names of
// the WITH items it cannot see (itself and the later ones).
func (t *Translator) materializedCTE(cte *pg.CommonTableExpr, outer *sqlparser.With, hide []string) *sqlparser.CommonTableExpr {
	show := t.hideWithItems(hide) // with_names.go
	body := t.selectStmt(cte.Ctequery.GetSelectStmt())
	show()
	res := Result{Stmt: body, Tag: "SELECT", Returning: true}
	if len(outer.Ctes) > 0 {
		shareWith(res, outer) // dml_cte.go
	}
	slot := &sqlparser.Subquery{}
	m := &ModifyingCTE{Name: cte.Ctename, Stmt: res, Slot: slot, Select: true}
	for _, c := range cte.Aliascolnames {
		m.Columns = append(m.Columns, strVal(c))
	}
	t.ctes = append(t.ctes, m)
	ate := &sqlparser.AliasedTableExpr{Expr: slot, As: sqlparser.NewTableIdent(cte.Ctename)}
	return &sqlparser.CommonTableExpr{AliasedTableExpr: ate}
}
