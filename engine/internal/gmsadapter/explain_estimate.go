package gmsadapter

import (
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// EXPLAIN's row estimates from the statistics ANALYZE collects
// (storage/stats.go), following PostgreSQL's selectivity functions
// (src/backend/utils/adt/selfuncs.c) where tinybase has the same
// statistics: an equality with a constant is that value's frequency when
// it is a most common value, else the rest of the rows spread over the
// other distinct values; with a value known only at run time, one
// distinct value's share; IS NULL the null fraction. Without statistics
// (never analyzed) or for conditions they say nothing about, PostgreSQL's
// defaults apply: 0.005 for equality (1 / 200 distinct values, or one row
// of a unique column), 1/3 for an inequality, 0.005 for a closed range.

const (
	defaultEqSel    = 0.005
	defaultIneqSel  = 1.0 / 3
	defaultRangeSel = 0.005
	defaultSel      = 0.5 // a boolean condition of unknown shape (PostgreSQL's DEFAULT_MATCH_SEL-like guess is lower; 0.5 is its boolean default)
)

// relStats is what the estimator knows of one table.
type relStats struct {
	rows  float64
	stats *storage.TableStats // nil: never analyzed
	table *storage.Table
	// keyed, for a relation that is not a storage table, tells the
	// columns one value of which picks about one row
	keyed NearUniqueColumns
}

// NearUniqueColumns is implemented by a relation that is not a storage
// table but knows the columns whose value picks about one row: the
// system catalogs' oid and object-name columns, which PostgreSQL's
// statistics on its catalogs show its planner as such. Without it a
// loop looking one relation up by name (cls.relname = $1 beside a join
// to pg_constraint) is planned from the large side.
type NearUniqueColumns interface {
	NearUniqueColumn(name string) bool
}

// relStatsOf reads a table's statistics; nil when t is not a storage
// table nor a relation knowing its near-unique columns.
func (e *explainer) relStatsOf(t sql.Table) *relStats {
	var st *storage.Table
	switch x := t.(type) {
	case *storage.Table:
		st = x
	case *storage.IndexedTable: // an index scan's table
		st = x.Table
	case NearUniqueColumns:
		return &relStats{rows: e.reportedRows(t), keyed: x}
	default:
		return nil
	}
	stats, live, err := st.Stats(e.ctx)
	if err != nil {
		return nil
	}
	return &relStats{rows: float64(live), stats: stats, table: st}
}

// baseRel finds the one table a scan node reads (through aliases and the
// nodes that only shape rows), or nil.
func (e *explainer) baseRel(n sql.Node) *relStats {
	switch x := n.(type) {
	case *plan.ResolvedTable:
		return e.relStatsOf(x.UnderlyingTable())
	case *SharedScan:
		return e.relStatsOf(x.UnderlyingTable())
	case *IndexScan:
		return e.relStatsOf(x.Table.UnderlyingTable())
	case *plan.IndexedTableAccess:
		return e.relStatsOf(x.UnderlyingTable())
	case *plan.TableAlias:
		return e.baseRel(x.Child)
	case *plan.Project:
		return e.baseRel(x.Child)
	case *plan.Filter:
		return e.baseRel(x.Child)
	}
	return nil
}

// column returns the statistics of a column of r (nil without them).
func (r *relStats) column(name string) *storage.ColumnStats {
	if r == nil || r.stats == nil {
		return nil
	}
	return r.stats.Columns[name]
}

// unique reports whether name alone is a unique key of r's table.
func (r *relStats) unique(ctx *sql.Context, name string) bool {
	if r != nil && r.keyed != nil {
		return r.keyed.NearUniqueColumn(name)
	}
	if r == nil || r.table == nil {
		return false
	}
	ixs, err := r.table.GetIndexes(ctx)
	if err != nil {
		return false
	}
	for _, ix := range ixs {
		cols := ix.Expressions()
		if ix.IsUnique() && len(cols) == 1 && colName(cols[0]) == name {
			return true
		}
	}
	return false
}

// columnIndex is an index that names its columns without building
// GMS's "table.column" expressions (storage.Index).
type columnIndex interface {
	NumColumns() int
	Column(i int) string
}

// indexColumn is the name of column i of ix; ok is false past its last.
// A scan's cost is estimated at every execution of a cached plan with =
// ANY (scan_cost.go), where building the expressions was an allocation
// per column.
func indexColumn(ix sql.Index, i int) (name string, ok bool) {
	if c, isCol := ix.(columnIndex); isCol {
		if i >= c.NumColumns() {
			return "", false
		}
		return c.Column(i), true
	}
	cols := ix.Expressions()
	if i >= len(cols) {
		return "", false
	}
	return colName(cols[i]), true
}

// colName is the column part of GMS's "table.column" index expression.
func colName(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// fieldOf returns the column a side of a comparison reads, looking
// through casts, or "".
func fieldOf(x sql.Expression) string {
	for {
		switch c := x.(type) {
		case *expression.GetField:
			return c.Name()
		case *expr.Cast:
			x = c.Child
			continue
		}
		return ""
	}
}

// constValue evaluates an expression that reads no column; ok is false
// when it reads one or cannot be evaluated now (a parameter of a plan
// that is only explained).
func (e *explainer) constValue(x sql.Expression) (any, bool) {
	reads := false
	transform.InspectExpr(x, func(c sql.Expression) bool {
		switch c.(type) {
		case *expression.GetField, sql.NonDeterministicExpression:
			reads = true
		}
		return reads
	})
	if reads {
		return nil, false
	}
	v, err := x.Eval(e.ctx, nil)
	if err != nil {
		return nil, false
	}
	return v, true
}

// pointsOf is the constant value of x's = ANY points, evaluated once
// when e keeps them (a scan choosing its mode: pointsValue).
func (e *explainer) pointsOf(x *IndexScan) (any, bool) {
	if e.points == nil {
		return e.constValue(x.Points)
	}
	if !e.points.done {
		e.points.v, e.points.ok = e.constValue(x.Points)
		e.points.done = true
	}
	return e.points.v, e.points.ok
}

// eqSel is the selectivity of column = value (value nil: not known).
func (e *explainer) eqSel(r *relStats, col string, value sql.Expression) float64 {
	cs := r.column(col)
	if cs == nil {
		if r != nil && r.unique(e.ctx, col) && r.rows > 0 {
			return 1 / r.rows
		}
		return defaultEqSel
	}
	rows := r.stats.Rows
	nd := cs.Distinct(rows)
	if nd <= 0 {
		return 0 // only NULLs: = matches nothing
	}
	if value != nil {
		if v, ok := e.constValue(value); ok {
			if v == nil {
				return 0
			}
			sumMCV := 0.0
			typ, v := columnValue(e.ctx, r.table, col, v)
			for i, m := range cs.MCV {
				sumMCV += cs.MCF[i]
				if typ != nil {
					if c, err := typ.Compare(e.ctx, m, v); err == nil && c == 0 {
						return cs.MCF[i]
					}
				}
			}
			rest := nd - float64(len(cs.MCV))
			if rest <= 0 {
				return 0
			}
			return math.Max(0, 1-sumMCV-cs.NullFrac) / rest
		}
	}
	return (1 - cs.NullFrac) / nd
}

// columnValue returns column col's type and v converted to it (as
// comparing a most common value with a constant needs: converted once,
// not per value of the list); the type is nil when there is no such
// column.
func columnValue(ctx *sql.Context, t *storage.Table, col string, v any) (sql.Type, any) {
	if t == nil {
		return nil, v
	}
	for _, c := range t.Schema() {
		if c.Name == col {
			if pt, ok := c.Type.(*types.Type); ok {
				if cv, _, err := pt.Convert(ctx, v); err == nil {
					v = cv
				}
			}
			return c.Type, v
		}
	}
	return nil, v
}

// selectivity estimates the fraction of r's rows a condition keeps.
func (e *explainer) selectivity(r *relStats, cond sql.Expression) float64 {
	clamp := func(s float64) float64 { return math.Min(1, math.Max(0, s)) }
	switch x := cond.(type) {
	case *expr.Logic:
		l, rt := e.selectivity(r, x.Left), e.selectivity(r, x.Right)
		if x.And {
			return l * rt
		}
		return clamp(l + rt - l*rt)
	case *expression.And:
		return e.selectivity(r, x.LeftChild) * e.selectivity(r, x.RightChild)
	case *expression.Or:
		l, rt := e.selectivity(r, x.LeftChild), e.selectivity(r, x.RightChild)
		return clamp(l + rt - l*rt)
	case *expr.Not:
		return clamp(1 - e.selectivity(r, x.Child))
	case *expr.IsNull:
		if x.Test != nil {
			return defaultSel
		}
		nf := 0.0
		if cs := r.column(fieldOf(x.Child)); cs != nil {
			nf = cs.NullFrac
		} else if fieldOf(x.Child) != "" {
			nf = defaultEqSel // PostgreSQL's DEFAULT_UNK_SEL for IS NULL without statistics
		}
		if x.Negate {
			return 1 - nf
		}
		return nf
	case *expression.GetField: // a boolean column: its frequency of true
		if cs := r.column(x.Name()); cs != nil {
			for i, m := range cs.MCV {
				if b, ok := m.(bool); ok {
					if b {
						return cs.MCF[i]
					}
					if len(cs.MCV) == 1 {
						return clamp(1 - cs.NullFrac - cs.MCF[i])
					}
				}
			}
		}
		return defaultSel
	case *expr.BinOp:
		return e.compareSel(r, x.Op, x.Left, x.Right)
	case *expression.Equals:
		return e.compareSel(r, "=", x.Left(), x.Right())
	case *expression.LessThan, *expression.LessThanOrEqual, *expression.GreaterThan, *expression.GreaterThanOrEqual:
		return defaultIneqSel
	case *expr.AnyArray:
		op, l, arr, all := x.Operands()
		if op != "=" || all {
			return defaultIneqSel
		}
		col := fieldOf(l)
		if col == "" {
			return defaultIneqSel
		}
		n := 10.0
		if v, ok := e.constValue(arr); ok {
			if a, ok := v.(*types.Array); ok {
				n = float64(len(a.Values))
			}
		}
		return clamp(n * e.eqSel(r, col, nil))
	}
	return defaultSel
}

// compareSel estimates a binary comparison.
func (e *explainer) compareSel(r *relStats, op string, l, rt sql.Expression) float64 {
	col, other := fieldOf(l), rt
	if col == "" {
		col, other = fieldOf(rt), l
	}
	switch op {
	case "=":
		if col == "" || fieldOf(other) != "" {
			return defaultEqSel
		}
		return e.eqSel(r, col, other)
	case "<>", "!=":
		if col == "" || fieldOf(other) != "" {
			return 1 - defaultEqSel
		}
		nf := 0.0
		if cs := r.column(col); cs != nil {
			nf = cs.NullFrac
		}
		return math.Max(0, 1-e.eqSel(r, col, other)-nf)
	case "<", "<=", ">", ">=":
		return defaultIneqSel
	}
	return defaultSel
}

// indexScanRows estimates the rows an IndexScan returns from rows.
func (e *explainer) indexScanRows(x *IndexScan, rows float64) float64 {
	if x.uniquePoint() {
		return 1
	}
	r := e.relStatsOf(x.Table.UnderlyingTable())
	return math.Max(1, math.Round(rows*e.indexSel(r, x)))
}

// indexSel estimates the fraction of r's rows an IndexScan's conditions
// select.
func (e *explainer) indexSel(r *relStats, x *IndexScan) float64 {
	sel := 1.0
	for i, k := range x.Eq {
		c, ok := indexColumn(x.Index, i)
		if !ok {
			break
		}
		if k == nil { // IS NULL
			if cs := r.column(c); cs != nil {
				sel *= cs.NullFrac
			} else {
				sel *= defaultEqSel
			}
			continue
		}
		sel *= e.eqSel(r, c, k)
	}
	if c, ok := indexColumn(x.Index, len(x.Eq)); ok {
		switch {
		case x.Points != nil:
			np := 10.0
			if v, ok := e.pointsOf(x); ok {
				if a, ok := v.(*types.Array); ok {
					np = float64(len(a.Values))
				}
			}
			sel *= math.Min(1, np*e.eqSel(r, c, nil))
		case x.Lo != nil && x.Hi != nil:
			sel *= defaultRangeSel
		case x.Lo != nil || x.Hi != nil:
			sel *= defaultIneqSel
		}
	}
	return sel
}

// groupRows estimates the groups of GROUP BY keys over rows input rows
// (PostgreSQL's estimate_num_groups: the product of the keys' distinct
// counts, at most the input; 200 per key without statistics).
func (e *explainer) groupRows(child sql.Node, keys []sql.Expression, rows float64) float64 {
	r := e.baseRel(child)
	groups := 1.0
	for _, k := range keys {
		nd := 200.0
		if cs := r.column(fieldOf(k)); cs != nil {
			nd = cs.Distinct(r.stats.Rows)
			if cs.NullFrac > 0 {
				nd++ // NULL is a group too
			}
		}
		groups *= math.Max(1, nd)
	}
	return math.Max(1, math.Min(groups, rows))
}
