package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// refuseAliasedTarget fails a reference to INSERT's target table by its
// own name once `INSERT INTO r AS t` has renamed it (in RETURNING and ON
// CONFLICT's SET and WHERE), as PostgreSQL's errorMissingRTE does: the
// alias hides the name. The statement's translation qualifies columns by
// the table's name, so without this check r.a would be read as t.a.
// References inside a sub-select name its own FROM items and are left to
// it.
func refuseAliasedTarget(s *pg.InsertStmt) {
	rel := s.Relation
	if rel.Alias == nil || rel.Alias.Aliasname == rel.Relname {
		return
	}
	var nodes []any
	for _, n := range s.ReturningList {
		nodes = append(nodes, n)
	}
	if oc := s.OnConflictClause; oc != nil {
		for _, n := range oc.TargetList {
			nodes = append(nodes, n)
		}
		if oc.WhereClause != nil {
			nodes = append(nodes, oc.WhereClause)
		}
	}
	inner := subSelectColumnRefs(nodes)
	for _, n := range nodes {
		pgtree.Walk(n, func(m any) bool {
			cr, ok := m.(*pg.ColumnRef)
			if !ok || inner[cr] || !namesTable(cr, rel) {
				return true
			}
			fail(pgerror.New(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", rel.Relname).
				WithPosition(int(cr.Location)+1).
				WithHint("Perhaps you meant to reference the table alias %q.", rel.Alias.Aliasname))
			return false
		})
	}
}

// refuseExcludedInReturning fails a reference to EXCLUDED in RETURNING,
// as PostgreSQL's errorMissingRTE does, at the reference: ON CONFLICT DO
// UPDATE adds it to the range table for its SET and WHERE only ("invalid
// reference", with its hint), and otherwise there is none ("missing
// FROM-clause entry") unless the target is named so. References inside
// a sub-select name its own FROM items and are left to it.
func refuseExcludedInReturning(s *pg.InsertStmt) {
	rel := s.Relation
	if rel.Relname == "excluded" && rel.Alias == nil || rel.Alias != nil && rel.Alias.Aliasname == "excluded" {
		return
	}
	update := s.OnConflictClause != nil && s.OnConflictClause.Action == pg.OnConflictAction_ONCONFLICT_UPDATE
	returning := make([]any, len(s.ReturningList))
	for i, n := range s.ReturningList {
		returning[i] = n
	}
	inner := subSelectColumnRefs(returning)
	for _, n := range s.ReturningList {
		pgtree.Walk(n, func(m any) bool {
			cr, ok := m.(*pg.ColumnRef)
			if !ok || inner[cr] || len(cr.Fields) < 2 || cr.Fields[0].GetString_().GetSval() != "excluded" {
				return true
			}
			if !update {
				fail(pgerror.New(pgerror.UndefinedTable, "missing FROM-clause entry for table %q", "excluded").
					WithPosition(int(cr.Location) + 1))
			}
			fail(pgerror.New(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", "excluded").
				WithPosition(int(cr.Location)+1).
				WithHint("There is an entry for table %q, but it cannot be referenced from this part of the query.", "excluded"))
			return false
		})
	}
}

// subSelectColumnRefs returns the column references inside sub-selects of
// nodes: they name the sub-select's own FROM items.
func subSelectColumnRefs(nodes []any) map[*pg.ColumnRef]bool {
	inner := map[*pg.ColumnRef]bool{}
	for _, n := range nodes {
		pgtree.Walk(n, func(m any) bool {
			if sel, ok := m.(*pg.SelectStmt); ok {
				pgtree.Walk(sel, func(m any) bool {
					if cr, ok := m.(*pg.ColumnRef); ok {
						inner[cr] = true
					}
					return true
				})
			}
			return true
		})
	}
	return inner
}

// namesTable reports whether column reference cr is qualified by rel's
// table name (r.a, r.*, schema.r.a).
func namesTable(cr *pg.ColumnRef, rel *pg.RangeVar) bool {
	f := cr.Fields
	switch len(f) {
	case 2:
		return f[0].GetString_().GetSval() == rel.Relname
	case 3:
		schema := f[0].GetString_().GetSval()
		return f[1].GetString_().GetSval() == rel.Relname && (rel.Schemaname == "" || schema == rel.Schemaname)
	}
	return false
}
