package translate

import (
	"strings"

	"github.com/tinybase/tinybase/internal/pgtree"

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
// far as they read (dml.openCTE). So do a read view's WITH queries
// (viewQuery) and a recursive item (materializes). Other WITH queries
// below the statement's top level (a subquery's) are still planned by GMS.

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

// materializes reports whether item i of w, a SELECT, runs once before
// the statement, as PostgreSQL's rules above decide for the statement's
// own WITH. PostgreSQL never folds a recursive item (one reading itself);
// tinybase leaves it to GMS's recursive CTE unless it calls a volatile
// function, is read twice, or the statement has an INTERSECT or EXCEPT,
// which GMS refuses over any recursive CTE ("Recursive table reference in
// EXCEPT or INTERSECT operand"). An item of a RECURSIVE clause reading a
// later item stays GMS's: its buffer's query sees only the earlier ones.
func (t *Translator) materializes(w *pg.WithClause, i int) bool {
	cte := w.Ctes[i].GetCommonTableExpr()
	if t.Inline || cte.Ctequery.GetSelectStmt() == nil {
		return false
	}
	scope, own := t.topStmt, t.atTopLevel(cte)
	if !own {
		if scope = t.viewWiths[w]; scope == nil {
			return false
		}
	}
	recursive := false
	if w.Recursive {
		for _, later := range w.Ctes[i+1:] {
			if readsName(cte.Ctequery, later.GetCommonTableExpr().Ctename) {
				return false
			}
		}
		recursive = readsName(cte.Ctequery, cte.Ctename)
	}
	if t.callsVolatile(cte.Ctequery) {
		return true
	}
	if recursive && cteRefs(scope, cte) > 0 && hasSetOpOutside(scope, cte, pg.SetOperation_SETOP_INTERSECT, pg.SetOperation_SETOP_EXCEPT) {
		return true
	}
	if own && t.topStmt.GetSelectStmt() == nil {
		return false // an INSERT/UPDATE/DELETE keeps its inlined plans
	}
	if recursive {
		return cteRefs(scope, cte) > 1
	}
	switch cte.Ctematerialized {
	case pg.CTEMaterialize_CTEMaterializeAlways:
		return true
	case pg.CTEMaterialize_CTEMaterializeNever:
		return false
	}
	return cteRefs(scope, cte) > 1
}

// viewQuery notes that sel is a view's query read by the statement: its
// WITH items materialize by the rules above as the statement's own do
// (PostgreSQL plans a view's query as a subquery, whose WITH queries it
// materializes as any other's), each reference to the view running its
// own. Only a SELECT, INSERT, UPDATE or DELETE runs them first (dml.Run);
// CREATE VIEW's planning (Inline) and EXPLAIN inline them.
func (t *Translator) viewQuery(sel *pg.SelectStmt) {
	if t.Inline || sel.WithClause == nil || t.topStmt == nil {
		return
	}
	switch s := t.topStmt.Node.(type) {
	case *pg.Node_SelectStmt:
		if s.SelectStmt.IntoClause != nil {
			return // CREATE TABLE AS runs its query itself
		}
	case *pg.Node_InsertStmt, *pg.Node_UpdateStmt, *pg.Node_DeleteStmt:
	default:
		return
	}
	if t.viewWiths == nil {
		t.viewWiths = map[*pg.WithClause]*pg.Node{}
	}
	t.viewWiths[sel.WithClause] = &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}
}

// readsName reports whether n has an unqualified FROM item called name.
func readsName(n *pg.Node, name string) bool {
	return hasNode(n, func(m any) bool {
		rv, ok := m.(*pg.RangeVar)
		return ok && rv.Schemaname == "" && rv.Relname == name
	})
}

// hasSetOpOutside reports whether stmt has a set operation of one of ops
// outside cte's own body.
func hasSetOpOutside(stmt *pg.Node, cte *pg.CommonTableExpr, ops ...pg.SetOperation) bool {
	found := false
	var walk func(m any) bool
	walk = func(m any) bool {
		if c, ok := m.(*pg.CommonTableExpr); ok && c == cte {
			return true
		}
		if s, ok := m.(*pg.SelectStmt); ok {
			for _, op := range ops {
				if s.Op == op {
					found = true
					return false
				}
			}
		}
		return pgtree.Children(m, walk)
	}
	walk(stmt)
	return found
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

// materializedCTE translates item i of w, a WITH query that
// materializes, into a CTE whose body the engine fills with the query's
// rows once it has run it, as modifyingCTE does for a data-modifying one.
// The query sees the items before it (and a recursive one itself, as a
// WITH RECURSIVE of its own).
func (t *Translator) materializedCTE(w *pg.WithClause, i int, outer *sqlparser.With) *sqlparser.CommonTableExpr {
	cte := w.Ctes[i].GetCommonTableExpr()
	var body sqlparser.SelectStatement
	if w.Recursive && readsName(cte.Ctequery, cte.Ctename) {
		item := t.inlinedWithItem(w, i) // select.go
		body = &sqlparser.Select{
			With:        &sqlparser.With{Recursive: true, Ctes: []*sqlparser.CommonTableExpr{item}},
			SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}},
			From:        sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: sqlparser.TableName{Name: item.AliasedTableExpr.As}}},
		}
	} else {
		show := t.hideWithItems(withItemNames(w.Ctes)[i:]) // with_names.go
		body = t.selectStmt(cte.Ctequery.GetSelectStmt())
		show()
	}
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
