package translate

import (
	"math"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// DeclareCursor is DECLARE name [BINARY] [NO] [SCROLL] CURSOR [WITH HOLD]
// FOR query (PostgreSQL docs: DECLARE): the session opens a cursor over
// the query's rows.
type DeclareCursor struct {
	Name  string
	Query string // the query's text
	// Scroll and NoScroll are the explicit SCROLL / NO SCROLL options
	// (neither: PostgreSQL's default, backward fetches allowed when the plan
	// supports them).
	Scroll, NoScroll bool
	Hold             bool
	Binary           bool
	// PlanScrolls is whether PostgreSQL's plan for the query could scan
	// backward, which makes a cursor declared without SCROLL or NO SCROLL
	// scrollable (backwardScannable).
	PlanScrolls bool
}

// FetchCursor is FETCH or MOVE (PostgreSQL docs: FETCH, MOVE).
type FetchCursor struct {
	Name string
	// Direction is FetchForward, FetchBackward, FetchAbsolute or
	// FetchRelative; Count its count (FetchAll for ALL).
	Direction FetchDirection
	Count     int64
	Move      bool
}

// FetchDirection is the direction of a FETCH, as PostgreSQL's grammar
// reduces NEXT, PRIOR, FIRST, LAST and the rest to four.
type FetchDirection uint8

// The directions of FetchCursor.
const (
	FetchForward FetchDirection = iota
	FetchBackward
	FetchAbsolute
	FetchRelative
)

// FetchAll is the count of FETCH ALL (PostgreSQL's FETCH_ALL, LONG_MAX).
const FetchAll = math.MaxInt64

// CloseCursor is CLOSE name | ALL.
type CloseCursor struct {
	Name string
	All  bool
}

func (*DeclareCursor) command() {}
func (*FetchCursor) command()   {}
func (*CloseCursor) command()   {}

// CursorCommand is DECLARE, FETCH / MOVE or CLOSE: commands a function
// body may run (pgTAP's results_eq(refcursor, ...) fetches from cursors).
type CursorCommand interface {
	Command
	cursorCommand()
}

func (*DeclareCursor) cursorCommand() {}
func (*FetchCursor) cursorCommand()   {}
func (*CloseCursor) cursorCommand()   {}

// PostgreSQL's CURSOR_OPT_* bits of DeclareCursorStmt.options
// (nodes/parsenodes.h).
const (
	cursorOptBinary   = 0x1
	cursorOptScroll   = 0x2
	cursorOptNoScroll = 0x4
	cursorOptHold     = 0x20
)

// cursorStatement translates the SQL-level cursor commands.
func cursorStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_DeclareCursorStmt:
		d := s.DeclareCursorStmt
		q, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: d.Query}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		o := d.Options
		return Result{Cmd: &DeclareCursor{
			Name: d.Portalname, Query: q,
			Scroll: o&cursorOptScroll != 0, NoScroll: o&cursorOptNoScroll != 0,
			Hold: o&cursorOptHold != 0, Binary: o&cursorOptBinary != 0,
			PlanScrolls: backwardScannable(d.Query),
		}, Tag: "DECLARE CURSOR"}, true
	case *pg.Node_FetchStmt:
		f := s.FetchStmt
		c := &FetchCursor{Name: f.Portalname, Count: f.HowMany, Move: f.Ismove}
		switch f.Direction {
		case pg.FetchDirection_FETCH_BACKWARD:
			c.Direction = FetchBackward
		case pg.FetchDirection_FETCH_ABSOLUTE:
			c.Direction = FetchAbsolute
		case pg.FetchDirection_FETCH_RELATIVE:
			c.Direction = FetchRelative
		}
		tag := "FETCH"
		if f.Ismove {
			tag = "MOVE"
		}
		return Result{Cmd: c, Tag: tag}, true
	case *pg.Node_ClosePortalStmt:
		name := s.ClosePortalStmt.Portalname
		if name == "" {
			return Result{Cmd: &CloseCursor{All: true}, Tag: "CLOSE CURSOR ALL"}, true
		}
		return Result{Cmd: &CloseCursor{Name: name}, Tag: "CLOSE CURSOR"}, true
	}
	return Result{}, false
}

// backwardScannable approximates ExecSupportsBackwardScan over the plan
// PostgreSQL would choose (PerformCursorOpen): scans of one table,
// function or VALUES list, sorted or filtered, scan backward; a SELECT
// without FROM (a Result node), joins, aggregation, grouping, DISTINCT,
// window functions and row locks do not.
func backwardScannable(q *pg.Node) bool {
	s := q.GetSelectStmt()
	if s == nil {
		return false
	}
	if len(s.ValuesLists) > 0 {
		return true
	}
	if s.Op > pg.SetOperation_SETOP_NONE || len(s.FromClause) != 1 || len(s.GroupClause) > 0 || s.HavingClause != nil ||
		len(s.DistinctClause) > 0 || len(s.WindowClause) > 0 || len(s.LockingClause) > 0 || s.WithClause != nil {
		return false
	}
	switch s.FromClause[0].Node.(type) {
	case *pg.Node_RangeVar, *pg.Node_RangeFunction:
	default:
		return false
	}
	for _, t := range s.TargetList {
		rt := t.GetResTarget()
		if rt == nil {
			continue
		}
		if fc := rt.Val.GetFuncCall(); fc != nil {
			if n := len(fc.Funcname); n > 0 && aggregateNames[strVal(fc.Funcname[n-1])] || fc.Over != nil { // aggregate.go
				return false
			}
		}
	}
	return true
}
