package gmsadapter

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// EXPLAIN (docs 14.1, "Using EXPLAIN"): the analyzed GMS plan printed as
// PostgreSQL prints its plans — its node names, its layout, its detail
// lines — with tinybase's own estimates. GMS nodes that only shape rows
// (projections, table aliases) are not nodes in PostgreSQL's plans and
// are folded into the node below; a filter becomes that node's Filter
// line.

// ExplainOptions are EXPLAIN's options.
type ExplainOptions struct {
	Analyze, Verbose, Costs, Timing, Summary, JSON bool
	// Settings, when not nil, are the planner settings that differ from
	// their defaults (EXPLAIN's SETTINGS option), sorted by name.
	Settings [][2]string
	// QueryID is the statement's query identifier, printed with VERBOSE
	// (0: none computed).
	QueryID int64
}

// Instrument records, for EXPLAIN ANALYZE, the rows, loops and time of
// each plan node's iterators; the exec builder wraps every iterator it
// builds under a context that carries one (WithInstrument).
type Instrument struct {
	mu       sync.Mutex
	stats    map[sql.Node]*nodeStats
	building map[sql.Node]bool
}

type nodeStats struct {
	rows, loops  int64
	first, total time.Duration
	// a sort's method and memory in bytes (exec_topn.go), "" for others
	sortMethod string
	sortSpace  int64
}

type instrumentKey struct{}

// WithInstrument returns ctx carrying inst.
func WithInstrument(ctx *sql.Context, inst *Instrument) *sql.Context {
	return ctx.WithContext(context.WithValue(ctx.Context, instrumentKey{}, inst))
}

// NewInstrument returns an empty Instrument.
func NewInstrument() *Instrument {
	return &Instrument{stats: map[sql.Node]*nodeStats{}, building: map[sql.Node]bool{}}
}

// instrumented builds n's iterator through base and counts what it
// returns; nil when ctx carries no Instrument or n is being built.
func instrumented(ctx *sql.Context, base sql.NodeExecBuilder, n sql.Node, row sql.Row) (sql.RowIter, bool, error) {
	inst, ok := ctx.Value(instrumentKey{}).(*Instrument)
	if !ok {
		return nil, false, nil
	}
	inst.mu.Lock()
	if inst.building[n] {
		inst.mu.Unlock()
		return nil, false, nil
	}
	inst.building[n] = true
	st := inst.stats[n]
	if st == nil {
		st = &nodeStats{}
		inst.stats[n] = st
	}
	inst.mu.Unlock()
	start := time.Now()
	iter, err := base.Build(ctx, n, row)
	inst.mu.Lock()
	delete(inst.building, n)
	inst.mu.Unlock()
	if err != nil {
		return nil, true, err
	}
	st.loops++
	return &countingIter{RowIter: iter, st: st, start: start}, true, nil
}

type countingIter struct {
	sql.RowIter
	st    *nodeStats
	start time.Time
	got   bool
}

func (c *countingIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := c.RowIter.Next(ctx)
	if !c.got {
		c.got = true
		c.st.first += time.Since(c.start)
	}
	if err == nil {
		c.st.rows++
	}
	return r, err
}

func (c *countingIter) Close(ctx *sql.Context) error {
	c.st.total += time.Since(c.start)
	return c.RowIter.Close(ctx)
}

// explainNode is one node of the printed plan.
type explainNode struct {
	name    string
	details [][2]string // label, text
	rows    float64
	cost    float64
	width   int
	stats   *nodeStats
	kids    []*explainNode
	subplan string // "SubPlan n" for a subquery's plan under its node
	// subplanN is the number of a SubPlan or InitPlan (renameRelations)
	subplanN int
	// pulledUp marks a semi join's subquery side, whose relations are
	// named after the query's own (renameRelations)
	pulledUp bool
}

// Explain renders an analyzed plan; inst holds EXPLAIN ANALYZE's counts
// (nil without ANALYZE).
func Explain(ctx *sql.Context, n sql.Node, o ExplainOptions, inst *Instrument, planning, execution time.Duration) []string {
	e := &explainer{ctx: ctx, inst: inst}
	e.numberSubqueries(n)                // explain_subplan_refs.go
	root := e.levelNode(n, sql.ColSet{}) // with its InitPlans
	renameRelations(root)
	if o.JSON {
		return []string{e.json(root, o, planning, execution)}
	}
	var lines []string
	e.text(root, o, 0, 0, &lines)
	if len(o.Settings) > 0 {
		parts := make([]string, len(o.Settings))
		for i, kv := range o.Settings {
			parts[i] = kv[0] + " = '" + kv[1] + "'"
		}
		lines = append(lines, "Settings: "+strings.Join(parts, ", "))
	}
	if o.Verbose && o.QueryID != 0 {
		lines = append(lines, fmt.Sprintf("Query Identifier: %d", o.QueryID))
	}
	if o.Summary {
		lines = append(lines, fmt.Sprintf("Planning Time: %.3f ms", ms(planning)))
		if o.Analyze {
			lines = append(lines, fmt.Sprintf("Execution Time: %.3f ms", ms(execution)))
		}
	}
	return lines
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

type explainer struct {
	ctx  *sql.Context
	inst *Instrument
	sub  *subState // subqueries: numbers, printed plans (explain_subplan_refs.go)
	// points keeps the = ANY points of the one scan a mode choice
	// estimates (scan_cost.go); nil elsewhere
	points *pointsValue
}

func (e *explainer) stats(n sql.Node) *nodeStats {
	if e.inst == nil {
		return nil
	}
	if st := e.inst.stats[n]; st != nil || e.sub == nil || len(e.sub.corr) < 2 {
		return st
	}
	return e.copiesStats(n) // a subplan's node: explain_subplan_refs.go
}

// tableRows estimates a table's rows: storage counts them, except for a
// small table never analyzed nor vacuumed (unanalyzedRows).
func (e *explainer) tableRows(t sql.Table) float64 {
	if rs := e.relStatsOf(t); rs != nil && rs.table != nil && rs.stats == nil {
		return unanalyzedRows(rs.rows, width(t.Schema()))
	}
	return e.reportedRows(t)
}

// reportedRows is the row count a relation that is not a storage table
// reports, 1000 when it reports none.
func (e *explainer) reportedRows(t sql.Table) float64 {
	if st, ok := t.(sql.StatisticsTable); ok {
		if n, _, err := st.RowCount(e.ctx); err == nil {
			return float64(n)
		}
	}
	return 1000
}

// unanalyzedRows is PostgreSQL's estimate for a table that was never
// analyzed nor vacuumed (reltuples -1; plancat.c estimate_rel_size): its
// pages, but at least ten, times the tuples a page holds at the
// relation's data width (8192-byte pages less their 24-byte header, each
// tuple its width, a 24-byte header and a 4-byte line pointer). So a
// fresh table of a few rows is planned at hundreds or thousands of rows,
// as in PostgreSQL (PostgREST's count=planned reads it). tinybase has no
// pages: a table of ten pages or more keeps its live row count, which
// PostgreSQL's whole-page estimate only rounds up.
func unanalyzedRows(live float64, dataWidth int) float64 {
	density := (8192 - 24) / (dataWidth + 24 + 4)
	if density < 1 {
		density = 1
	}
	if live < float64(10*density) {
		return float64(10 * density)
	}
	return live
}

func width(s sql.Schema) int {
	w := 0
	for _, c := range s {
		if t, ok := c.Type.(*types.Type); ok && t.Len > 0 {
			w += int(t.Len)
		} else {
			w += 32
		}
	}
	return w
}

// node converts a GMS node (and what it folds) into a printed node.
func (e *explainer) node(n sql.Node) *explainNode {
	switch x := n.(type) {
	case *SharedScan, *CountStar: // rule_aggregate_scan.go: the plan they stand for
		return e.aggregateScan(n)
	case *plan.Project:
		out := e.node(x.Child)
		e.subPlans(ownProjections(x), out) // explain_subplan.go
		return out
	case *plan.TableAlias:
		out := e.node(x.Child)
		out.name += " " + x.Name()
		return out
	case *plan.Filter:
		out := e.node(x.Child)
		cond := lookupResidue(x) // explain_subplan.go
		if cond == nil {
			return out // the lookup's own keys
		}
		cond = e.refs(cond, out, scansOne(out))
		if k := len(out.details) - 1; k >= 0 && out.details[k][0] == "Filter" {
			// a Seq Scan that a size-aware IndexScan chose has its own
			out.details[k][1] = "(" + out.details[k][1] + " AND " + condText(cond) + ")"
		} else {
			out.details = append(out.details, [2]string{"Filter", condText(cond)})
		}
		out.rows = math.Max(1, math.Round(out.rows*e.selectivity(e.baseRel(x.Child), x.Expression))) // explain_estimate.go
		if st := e.stats(n); st != nil {
			out.stats = st
		}
		return out
	case *plan.ResolvedTable:
		if kt, ok := x.Table.(*keyedTable); ok {
			return e.node(kt.scan) // subquery_scan.go
		}
		if x.Name() == "" || plan.IsDualTable(x.UnderlyingTable()) {
			// SELECT without FROM: PostgreSQL's one-row Result
			return &explainNode{name: "Result", rows: 1, cost: 0.01, width: width(x.Schema()), stats: e.stats(n)}
		}
		rows := e.tableRows(x.UnderlyingTable())
		return &explainNode{name: "Seq Scan on " + x.Name(), rows: rows, cost: rows * 0.01, width: width(x.Schema()), stats: e.stats(n)}
	case *IndexScan:
		name := "Index Scan"
		if x.Reverse {
			name += " Backward"
		}
		rows := e.tableRows(x.Table.UnderlyingTable())
		est := e.indexScanRows(x, rows) // explain_estimate.go
		cond := ""
		if len(x.Conds) > 0 {
			parts := make([]string, len(x.Conds))
			for i, c := range x.Conds {
				parts[i] = condText(c)
			}
			cond = strings.Join(parts, " AND ")
			if len(parts) > 1 {
				cond = "(" + cond + ")"
			}
		}
		switch x.mode(e.ctx) { // scan_cost.go
		case modeSeq:
			out := &explainNode{name: "Seq Scan on " + x.Table.Name(), rows: est, cost: rows * 0.0125, width: width(x.Schema()), stats: e.stats(n)}
			if cond != "" {
				out.details = append(out.details, [2]string{"Filter", cond})
			}
			return out
		case modeBitmap:
			cost := 0.29 + est*0.01 + math.Log2(rows+1)*0.01
			idx := &explainNode{name: "Bitmap Index Scan on " + e.indexName(x.Table.UnderlyingTable(), x.Index), rows: est, cost: cost, width: 0, stats: e.stats(n)}
			out := &explainNode{name: "Bitmap Heap Scan on " + x.Table.Name(), rows: est, cost: cost + est*0.0125, width: width(x.Schema()), stats: e.stats(n), kids: []*explainNode{idx}}
			if cond != "" {
				out.details = append(out.details, [2]string{"Recheck Cond", cond})
				idx.details = append(idx.details, [2]string{"Index Cond", cond})
			}
			return out
		}
		out := &explainNode{name: fmt.Sprintf("%s using %s on %s", name, e.indexName(x.Table.UnderlyingTable(), x.Index), x.Table.Name()),
			rows: est, cost: 0.29 + est*0.01 + math.Log2(rows+1)*0.01, width: width(x.Schema()), stats: e.stats(n)}
		if cond != "" {
			out.details = append(out.details, [2]string{"Index Cond", cond})
		}
		return out
	case *plan.IndexedTableAccess:
		rows := e.tableRows(x.UnderlyingTable())
		est := math.Max(1, rows*0.005)
		if x.Index().IsUnique() {
			est = 1
		}
		out := &explainNode{name: fmt.Sprintf("Index Scan using %s on %s", e.indexName(x.UnderlyingTable(), x.Index()), x.Name()),
			rows: est, cost: 0.29 + est*0.01, width: width(x.Schema()), stats: e.stats(n)}
		if c := e.lookupCond(x); c != "" {
			out.details = append(out.details, [2]string{"Index Cond", c})
		}
		return out
	case *plan.Limit:
		child := e.node(x.Child)
		if off, ok := x.Child.(*plan.Offset); ok {
			child = e.node(off.Child)
		}
		rows := child.rows
		if v, err := x.Limit.Eval(e.ctx, nil); err == nil {
			if l, ok := toInt64(v); ok && float64(l) < rows {
				rows = float64(l)
			}
		}
		cost := child.cost
		if child.rows > 0 {
			cost = child.cost * math.Min(1, rows/child.rows)
		}
		return &explainNode{name: "Limit", rows: rows, cost: cost, width: child.width, stats: e.stats(n), kids: []*explainNode{child}}
	case *plan.Offset:
		child := e.node(x.Child)
		return &explainNode{name: "Limit", rows: child.rows, cost: child.cost, width: child.width, stats: e.stats(n), kids: []*explainNode{child}}
	case *plan.Having:
		return e.havingNode(x) // explain_subplan_refs.go
	case *plan.UpdateSource:
		return e.updateSource(x) // explain_subplan_refs.go
	case *plan.Sort:
		return e.sortNode(n, x.SortFields, x.Child)
	case *plan.TopN:
		return e.sortNode(n, x.Fields, x.Child)
	case *plan.GroupBy:
		child := e.node(x.Child)
		out := &explainNode{name: "Aggregate", rows: 1, cost: child.cost + child.rows*0.01, width: width(x.Schema()), stats: e.stats(n), kids: []*explainNode{child}}
		if len(x.GroupByExprs) > 0 {
			out.name = "HashAggregate"
			out.rows = e.groupRows(x.Child, x.GroupByExprs, child.rows) // explain_estimate.go
			keys := make([]string, len(x.GroupByExprs))
			for i, g := range x.GroupByExprs {
				keys[i] = exprText(e.keyRef(g)) // explain_subplan_refs.go
			}
			out.details = append(out.details, [2]string{"Group Key", strings.Join(keys, ", ")})
		}
		return out
	case *plan.Distinct:
		child := e.node(x.Child)
		return &explainNode{name: "HashAggregate", rows: child.rows, cost: child.cost + child.rows*0.01, width: child.width, stats: e.stats(n), kids: []*explainNode{child}}
	case *plan.JoinNode:
		return e.joinNode(x)
	case *HashSemiJoin:
		if x.Merge != nil {
			return e.mergeJoin(x) // explain_subplan.go
		}
		if x.Lookup != nil {
			return e.lookupJoin(x) // explain_subplan.go
		}
		if x.Probe != nil {
			return e.probeJoin(x)
		}
		l, r := e.node(x.Child), e.node(x.Inner)
		markPulledUp(r) // explain_subplan_refs.go
		name := "Hash Semi Join"
		if x.Anti {
			name = "Hash Anti Join"
		}
		hash := &explainNode{name: "Hash", rows: r.rows, cost: r.cost, width: r.width, stats: r.stats, kids: []*explainNode{r}}
		return &explainNode{name: name, rows: l.rows, cost: l.cost + r.cost + (l.rows+r.rows)*0.01, width: l.width, stats: e.stats(n),
			details: [][2]string{{"Hash Cond", e.semiCond(x)}}, kids: []*explainNode{l, hash}}
	case *plan.HashLookup:
		child := e.node(x.Child)
		return &explainNode{name: "Hash", rows: child.rows, cost: child.cost, width: child.width, stats: e.stats(n), kids: []*explainNode{child}}
	case *plan.SubqueryAlias:
		child := e.node(x.Child)
		return &explainNode{name: "Subquery Scan on " + x.Name(), rows: child.rows, cost: child.cost, width: child.width, stats: e.stats(n), kids: []*explainNode{child}}
	case *plan.SetOp:
		l, r := e.node(x.Left()), e.node(x.Right())
		return &explainNode{name: "Append", rows: l.rows + r.rows, cost: l.cost + r.cost, width: l.width, stats: e.stats(n), kids: []*explainNode{l, r}}
	}
	var kids []*explainNode
	rows, cost := 1.0, 0.01
	for _, c := range n.Children() {
		k := e.node(c)
		kids = append(kids, k)
		cost += k.cost
	}
	name := "Result"
	switch n.(type) {
	case *plan.Update:
		name = "Update on " + nodeTable(n)
	case *plan.DeleteFrom:
		name = "Delete on " + nodeTable(n)
	case *plan.InsertInto:
		name = "Insert on " + nodeTable(n)
	}
	return &explainNode{name: name, rows: rows, cost: cost, width: width(n.Schema()), stats: e.stats(n), kids: kids}
}

func nodeTable(n sql.Node) string {
	name := ""
	var walk func(sql.Node)
	walk = func(n sql.Node) {
		if name != "" {
			return
		}
		if nm, ok := n.(sql.Nameable); ok {
			if _, isTable := n.(sql.TableNode); isTable {
				name = nm.Name()
				return
			}
		}
		if ii, ok := n.(*plan.InsertInto); ok {
			walk(ii.Destination)
		}
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(n)
	return name
}

func (e *explainer) sortNode(n sql.Node, fields sql.SortFields, childNode sql.Node) *explainNode {
	child := e.node(childNode)
	keys := sortKeyText(e.sortRefs(fields, child)) // explain_subplan_refs.go
	out := &explainNode{name: "Sort", rows: child.rows, cost: child.cost + child.rows*math.Log2(child.rows+2)*0.01, width: child.width, stats: e.stats(n), kids: []*explainNode{child}}
	out.details = append(out.details, [2]string{"Sort Key", keys})
	if st := out.stats; st != nil && st.sortMethod != "" {
		out.details = append(out.details, [2]string{"Sort Method", fmt.Sprintf("%s  Memory: %dkB", st.sortMethod, (st.sortSpace+1023)/1024)})
	}
	return out
}

// sortKeyText prints sort keys as ORDER BY would, folding translation's
// `x IS NULL` placement keys back into NULLS FIRST / LAST.
func sortKeyText(fields sql.SortFields) string {
	var parts []string
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		desc := f.Order == sql.Descending
		nullsFirst := !desc // GMS's placement (sortKeys)
		if in, ok := f.Column.(*expr.IsNull); ok && in.Test == nil && i+1 < len(fields) {
			i++
			f = fields[i]
			desc = f.Order == sql.Descending
			nullsFirst = in.Negate
		}
		s := exprText(f.Column)
		if desc {
			s += " DESC"
		}
		if nullsFirst != desc {
			if nullsFirst {
				s += " NULLS FIRST"
			} else {
				s += " NULLS LAST"
			}
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func (e *explainer) joinNode(j *plan.JoinNode) *explainNode {
	l, r := e.node(j.Left()), e.node(j.Right())
	kind := ""
	switch {
	case j.Op.IsLeftOuter():
		kind = " Left Join"
	case j.Op.IsRightOuter():
		kind = " Right Join"
	case j.Op.IsFullOuter():
		kind = " Full Join"
	case j.Op.IsSemi():
		kind = " Semi Join"
	case j.Op.IsAnti():
		kind = " Anti Join"
	}
	out := &explainNode{width: l.width + r.width, stats: e.stats(j), kids: []*explainNode{l, r}}
	switch {
	case j.Op.IsHash():
		if kind == "" {
			kind = " Join"
		}
		out.name = "Hash" + kind
		if j.Filter != nil {
			out.details = append(out.details, [2]string{"Hash Cond", joinCondText(e.refs(j.Filter, out, false))})
		}
		out.rows = math.Max(l.rows, r.rows)
		out.cost = l.cost + r.cost + (l.rows+r.rows)*0.01
	case j.Op.IsMerge():
		if kind == "" {
			kind = " Join"
		}
		out.name = "Merge" + kind
		if j.Filter != nil {
			out.details = append(out.details, [2]string{"Merge Cond", joinCondText(e.refs(j.Filter, out, false))})
		}
		out.rows = math.Max(l.rows, r.rows)
		out.cost = l.cost + r.cost
	default:
		out.name = "Nested Loop" + kind
		if j.Filter != nil && !j.Op.IsLookup() {
			out.details = append(out.details, [2]string{"Join Filter", joinCondText(e.refs(j.Filter, out, false))})
		}
		out.rows = math.Max(1, l.rows*r.rows)
		if j.Op.IsLookup() {
			out.rows = math.Max(1, l.rows*r.rows)
		} else if j.Filter != nil {
			out.rows = math.Max(1, out.rows*0.01)
		}
		out.cost = l.cost + l.rows*r.cost
	}
	return out
}

// indexName is an index's PostgreSQL name: the primary key's constraint
// name for GMS's PRIMARY.
func (e *explainer) indexName(t sql.Table, ix sql.Index) string {
	if name, ok := hypoName(ix); ok { // hypothetical.go
		return name
	}
	if ix.ID() != "PRIMARY" {
		return ix.ID()
	}
	if st, ok := t.(*storage.Table); ok {
		if infos, err := st.Indexes(e.ctx); err == nil {
			for _, in := range infos {
				if in.PrimaryKey {
					return in.Name
				}
			}
		}
	}
	return t.Name() + "_pkey"
}

// lookupCond prints a GMS lookup's keys against its index's columns.
func (e *explainer) lookupCond(ita *plan.IndexedTableAccess) string {
	cols := ita.Index().Expressions()
	col := func(i int) string {
		if i < len(cols) {
			c := cols[i]
			if k := strings.LastIndexByte(c, '.'); k >= 0 {
				c = c[k+1:]
			}
			return c
		}
		return "?"
	}
	if !ita.IsStatic() {
		var parts []string
		for i, k := range ita.Expressions() {
			parts = append(parts, fmt.Sprintf("(%s = %s)", col(i), outerText(k)))
		}
		return joinConds(parts)
	}
	lookup, err := ita.GetLookup(e.ctx, nil)
	if err != nil {
		return ""
	}
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(ranges) != 1 {
		return ""
	}
	var parts []string
	for i, c := range ranges[0] {
		typ, _ := c.Typ.(*types.Type)
		lit := func(v any) string {
			if typ == nil {
				return fmt.Sprint(v)
			}
			s := types.Output(typ, v, nil)
			if typ.IsString() || typ.Base().Kind == types.KindTimestamptz || typ.Base().Kind == types.KindTimestamp || typ.Base().Kind == types.KindDate {
				s = "'" + strings.ReplaceAll(s, "'", "''") + "'::" + typ.FormatType()
			}
			return s
		}
		lo, hasLo := c.LowerBound.(sql.Below)
		loA, hasLoA := c.LowerBound.(sql.Above)
		hi, hasHi := c.UpperBound.(sql.Above)
		hiB, hasHiB := c.UpperBound.(sql.Below)
		switch {
		case hasLo && hasHi && fmt.Sprint(lo.Key) == fmt.Sprint(hi.Key):
			parts = append(parts, fmt.Sprintf("(%s = %s)", col(i), lit(lo.Key)))
			continue
		case hasLo:
			parts = append(parts, fmt.Sprintf("(%s >= %s)", col(i), lit(lo.Key)))
		case hasLoA:
			parts = append(parts, fmt.Sprintf("(%s > %s)", col(i), lit(loA.Key)))
		}
		switch {
		case hasHi:
			parts = append(parts, fmt.Sprintf("(%s <= %s)", col(i), lit(hi.Key)))
		case hasHiB:
			parts = append(parts, fmt.Sprintf("(%s < %s)", col(i), lit(hiB.Key)))
		}
	}
	return joinConds(parts)
}

func joinConds(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " AND ") + ")"
}

// cond prints a condition as PostgreSQL's EXPLAIN does: parenthesised
// comparisons, columns without their table.
func condText(e sql.Expression) string {
	s := exprText(e)
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s
	}
	return "(" + s + ")"
}

// joinCondText prints a join's condition: its columns qualified by
// their table, as PostgreSQL prints the conditions of a plan node above
// more than one relation.
func joinCondText(e sql.Expression) string {
	s := outerText(e)
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s
	}
	return "(" + s + ")"
}

// exprText prints an expression with PostgreSQL's spelling where GMS's
// differs.
func exprText(e sql.Expression) string {
	switch x := e.(type) {
	case *expression.GetField:
		return x.Name()
	case *expression.Alias:
		return exprText(x.Child)
	case *expression.And:
		return "(" + exprText(x.LeftChild) + " AND " + exprText(x.RightChild) + ")"
	case *expression.Or:
		return "(" + exprText(x.LeftChild) + " OR " + exprText(x.RightChild) + ")"
	case *expression.Equals:
		return "(" + exprText(x.Left()) + " = " + exprText(x.Right()) + ")"
	case *expression.LessThan:
		return "(" + exprText(x.Left()) + " < " + exprText(x.Right()) + ")"
	case *expression.LessThanOrEqual:
		return "(" + exprText(x.Left()) + " <= " + exprText(x.Right()) + ")"
	case *expression.GreaterThan:
		return "(" + exprText(x.Left()) + " > " + exprText(x.Right()) + ")"
	case *expression.GreaterThanOrEqual:
		return "(" + exprText(x.Left()) + " >= " + exprText(x.Right()) + ")"
	case *expr.BinOp:
		return "(" + exprText(x.Left) + " " + x.Op + " " + exprText(x.Right) + ")"
	case *expr.AnyArray:
		op, l, arr, all := x.Operands()
		q := "ANY"
		if all {
			q = "ALL"
		}
		return "(" + exprText(l) + " " + op + " " + q + " (" + exprText(arr) + "))"
	case *expr.IsNull:
		if x.Test == nil {
			if x.Negate {
				return "(" + exprText(x.Child) + " IS NOT NULL)"
			}
			return "(" + exprText(x.Child) + " IS NULL)"
		}
	case *expr.Cast:
		to, _ := x.Type().(*types.Type)
		if to == nil || x.From == nil {
			break
		}
		if !x.Explicit && intKind(x.From) && intKind(to) {
			// PostgreSQL compares integers of two widths with a cross-type
			// operator, casting neither
			return exprText(x.Child)
		}
		return "(" + exprText(x.Child) + ")::" + to.FormatType()
	case *expr.Literal:
		return literalText(expr.TypeOf(x), x.Value)
	case *expression.Literal:
		if t, ok := x.Type().(*types.Type); ok {
			return literalText(t, x.Value())
		}
		return fmt.Sprint(x.Value())
	}
	s := e.String()
	return s
}

// intKind reports whether t is smallint, integer or bigint.
func intKind(t *types.Type) bool {
	switch t.Base().Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8:
		return true
	}
	return false
}

// literalText prints a constant as PostgreSQL's deparser does: numbers
// and booleans bare, anything else quoted with its type.
func literalText(t *types.Type, v any) string {
	{
		if v == nil {
			return "NULL"
		}
		s := types.Output(t, v, nil)
		switch t.Base().Kind {
		case types.KindInt2, types.KindInt4, types.KindInt8, types.KindNumeric, types.KindFloat4, types.KindFloat8:
			return s
		case types.KindBool:
			if s == "t" {
				return "true"
			}
			return "false"
		}
		return "'" + strings.ReplaceAll(s, "'", "''") + "'::" + t.FormatType()
	}
}

// text prints PostgreSQL's text format: the root at the margin, each
// child under "->" six columns deeper, details indented under their node.
func (e *explainer) text(n *explainNode, o ExplainOptions, depth, extra int, lines *[]string) {
	var b strings.Builder
	pad := ""
	if depth > 0 {
		pad = strings.Repeat(" ", 6*depth-4+extra)
		b.WriteString(pad)
		b.WriteString("->  ")
	}
	b.WriteString(n.name)
	if o.Costs {
		fmt.Fprintf(&b, "  (cost=0.00..%.2f rows=%d width=%d)", n.cost, int64(math.Max(1, math.Round(n.rows))), n.width)
	}
	if o.Analyze {
		if n.stats == nil || n.stats.loops == 0 {
			b.WriteString(" (never executed)")
		} else {
			loops := n.stats.loops
			rows := n.stats.rows / loops
			if o.Timing {
				fmt.Fprintf(&b, " (actual time=%.3f..%.3f rows=%d loops=%d)", ms(n.stats.first)/float64(loops), ms(n.stats.total)/float64(loops), rows, loops)
			} else {
				fmt.Fprintf(&b, " (actual rows=%d loops=%d)", rows, loops)
			}
		}
	}
	*lines = append(*lines, b.String())
	detailPad := "  "
	if depth > 0 {
		detailPad = pad + "      "
	}
	for _, d := range n.details {
		*lines = append(*lines, detailPad+d[0]+": "+d[1])
	}
	for _, k := range n.kids {
		if k.subplan != "" {
			// PostgreSQL names a subquery's plan on a line of its own
			// and indents the plan under the name
			*lines = append(*lines, detailPad+k.subplan)
			e.text(k, o, depth+1, extra+2, lines)
			continue
		}
		e.text(k, o, depth+1, extra, lines)
	}
}

// json prints PostgreSQL's JSON format: a one-element array holding the
// plan ("Plan", with "Plans" for children) and the summary times.
func (e *explainer) json(root *explainNode, o ExplainOptions, planning, execution time.Duration) string {
	var conv func(n *explainNode, parent string) map[string]any
	conv = func(n *explainNode, parent string) map[string]any {
		m := map[string]any{"Node Type": nodeType(n.name)}
		if parent != "" {
			m["Parent Relationship"] = parent
		}
		if strings.HasPrefix(n.name, "Bitmap Index Scan on ") {
			// an index, not a relation: PostgreSQL's "Index Name"
			m["Index Name"] = unquoteName(strings.TrimPrefix(n.name, "Bitmap Index Scan on "))
		} else if strings.Contains(n.name, " on ") {
			rest := n.name[strings.Index(n.name, " on ")+4:]
			if parts := strings.Fields(rest); len(parts) > 0 {
				m["Relation Name"] = parts[0]
				m["Alias"] = parts[len(parts)-1]
			}
		}
		if strings.Contains(n.name, " using ") {
			rest := n.name[strings.Index(n.name, " using ")+7:]
			m["Index Name"] = unquoteName(strings.Fields(rest)[0])
			m["Scan Direction"] = "Forward"
			if strings.Contains(n.name, "Backward") {
				m["Scan Direction"] = "Backward"
			}
		}
		if o.Costs {
			m["Startup Cost"] = 0.0
			m["Total Cost"] = math.Round(n.cost*100) / 100
			m["Plan Rows"] = int64(math.Max(1, math.Round(n.rows)))
			m["Plan Width"] = n.width
		}
		if o.Analyze && n.stats != nil && n.stats.loops > 0 {
			if o.Timing {
				m["Actual Startup Time"] = math.Round(ms(n.stats.first)/float64(n.stats.loops)*1000) / 1000
				m["Actual Total Time"] = math.Round(ms(n.stats.total)/float64(n.stats.loops)*1000) / 1000
			}
			m["Actual Rows"] = n.stats.rows / n.stats.loops
			m["Actual Loops"] = n.stats.loops
		}
		for _, d := range n.details {
			if d[0] == "Sort Key" || d[0] == "Group Key" {
				m[d[0]] = strings.Split(d[1], ", ")
			} else if d[0] == "Sort Method" && n.stats != nil {
				m[d[0]] = n.stats.sortMethod
				m["Sort Space Used"] = (n.stats.sortSpace + 1023) / 1024
				m["Sort Space Type"] = "Memory"
			} else {
				m[d[0]] = d[1]
			}
		}
		var kids []any
		plain := 0
		for _, k := range n.kids {
			rel := "Outer"
			if plain > 0 {
				rel = "Inner"
			}
			if k.subplan != "" {
				m := conv(k, strings.Fields(k.subplan)[0]) // InitPlan or SubPlan
				m["Subplan Name"] = k.subplan
				kids = append(kids, m)
				continue
			}
			kids = append(kids, conv(k, rel))
			plain++
		}
		if len(kids) > 0 {
			m["Plans"] = kids
		}
		return m
	}
	top := map[string]any{"Plan": conv(root, "")}
	if o.Settings != nil {
		settings := map[string]string{}
		for _, kv := range o.Settings {
			settings[kv[0]] = kv[1]
		}
		top["Settings"] = settings
	}
	if o.Verbose && o.QueryID != 0 {
		top["Query Identifier"] = o.QueryID
	}
	if o.Summary {
		top["Planning Time"] = math.Round(ms(planning)*1000) / 1000
		if o.Analyze {
			top["Execution Time"] = math.Round(ms(execution)*1000) / 1000
		}
	}
	if out, ok := appendJSON(make([]byte, 0, 1024), []any{top}, 0); ok { // explain_json.go
		return string(out)
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode([]any{top})
	return strings.TrimRight(b.String(), "\n")
}

// nodeType is a printed node's JSON "Node Type" (its name without the
// relation and index).
func nodeType(name string) string {
	for _, sep := range []string{" using ", " on "} {
		if i := strings.Index(name, sep); i >= 0 {
			name = name[:i]
		}
	}
	return strings.TrimSuffix(name, " Backward")
}
