package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Plans of the statements routines run. A routine statement whose
// translation routines keeps (a SQL function's body, a PL/pgSQL query, a
// statement an extension runs through Caller.Query) comes with a
// routines.PlanSlot; the session keeps the statement's analyzed plan
// there, as a statement-cache entry of its own that runStatement fills
// and reuses as it does a client statement's. The slot is replaced
// whenever the translation is remade — routines remakes it when the
// cache version (every catalog change, in the transaction too), the
// search path, the role or the plan generation moved — so a plan is
// never run against another catalog than the one it was planned for.
// The routine's parameters and PL/pgSQL variables (routines.RuntimeParam)
// are kept out of GMS's folding as the pipeline's own parameters are
// (keepParams), and analyzeQuery refuses a plan that lost one.

// bodyPlan is what a PlanSlot holds: the entry, and the planner settings
// it was planned under (replica: without foreign key checks,
// replicaWrites).
type bodyPlan struct {
	entry                *cachedStmt
	noIndexScan, replica bool
}

// routineSlots marks a routine statement's entry as parametric for
// runStatement (its UPDATE and DELETE plans are kept too); its values
// are read through routines.RuntimeParam, never through these slots.
var routineSlots = &paramSlots{}

// bodyEntry is the statement-cache entry of a routine statement's slot
// for res, made when the slot holds none for it; nil when res is not a
// statement GMS plans.
func (s *Session) bodyEntry(slot *routines.PlanSlot, res translate.Result) *cachedStmt {
	if slot == nil || res.Stmt == nil || res.Cmd != nil {
		return nil
	}
	v, _ := s.Setting("enable_indexscan")
	noIndexScan, replica := v == "off", s.replicaRole()
	if bp, ok := slot.Plan.(*bodyPlan); ok && bp.noIndexScan == noIndexScan && bp.replica == replica && sameStatement(bp.entry.res.Stmt, res.Stmt) {
		return bp.entry
	}
	e := &cachedStmt{res: res, slots: routineSlots}
	slot.Plan = &bodyPlan{entry: e, noIndexScan: noIndexScan, replica: replica}
	return e
}

// execBody runs stmt for dml.Step: from the routine statement's entry
// RunBody handed over when stmt is its statement.
func (s *Session) execBody(gctx *sql.Context, stmt sqlparser.Statement) (sql.Schema, sql.RowIter, error) {
	c := s.bodyPlanned
	s.bodyPlanned = nil
	if c == nil || !sameStatement(c.res.Stmt, stmt) {
		return s.runGMS(gctx, "", stmt) // plancache.go
	}
	s.plans.entry = c
	return s.runStatement(gctx, "", c.res) // plan_cache.go
}

// paramOf reports whether e is a parameter the plan cache keeps out of
// folding — the pipeline's own ($n of a cached statement) or a routine
// statement's — with its ordinal and type.
func paramOf(e sql.Expression) (int, *types.Type, bool) {
	switch p := e.(type) {
	case *paramExpr:
		return p.idx, p.typ, true
	case routines.RuntimeParam:
		return p.Ordinal(), p.PGType(), true
	}
	return 0, nil, false
}
