package gmsadapter

import (
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// PostgreSQL keeps the sign of a float's zero (`SELECT -0.0::float8` is -0,
// round(-0.4::float8) is -0: float8out prints what the hardware computed),
// while go-mysql-server's ProjectRow turns every negative zero into
// positive zero, as MySQL prints it. GMS's hashing nodes (DISTINCT, GROUP
// BY, UNION, IN (subquery), hash joins) rely on that: they hash values'
// %v text, in which -0 and 0 differ though they compare equal. So the sign
// is kept only where no hashing follows: in the projections on the output
// path of a query, from the root of the plan down through nodes that pass
// rows on unchanged (sorts, limits, filters, subquery aliases). Everything
// else is left to GMS.

// projectBuilder is installed as the override of GMS's base exec builder,
// which asks it first for every node of a plan; a nil iterator hands the
// node back to GMS.
type projectBuilder struct {
	base sql.NodeExecBuilder // the GMS builder this overrides, for children
	// isRowCheck tells the row security checks among an INSERT's check
	// constraints (exec_row_checks.go)
	isRowCheck func(name string) bool
	// isParam recognises the statement's parameters, fixed for an
	// execution (exec_scan_filter.go)
	isParam IsParam
}

// SignedOutput is a session's record of the plan being built: the first
// plan built under a statement's context is its root, and its output-path
// projections keep the sign of zero. A session holds one (Host); the zero
// value is ready.
type SignedOutput struct {
	ctx   *sql.Context
	projs []*plan.Project
	// lookupModes are the statement's outer-keyed lookups' scan modes
	// (outer_lookup.go), chosen once rather than per outer row.
	lookupModes map[*plan.IndexedTableAccess]scanMode
	// lookupTypes are their index columns' types (outerKeyRows), which
	// the index builds anew at each call
	lookupTypes map[*plan.IndexedTableAccess][]sql.ColumnExpressionType
	// readOnly is the root's: a plan that writes nothing has no iterator
	// that changes the rows it reads (outer_lookup.go)
	readOnly bool
	// wantScan is the index scan a LIMIT above is building, and want the
	// rows it asks of it first (exec_limit.go limitedScan)
	wantScan *IndexScan
	want     int
	// wantFiltered: a filter stands between the LIMIT and the scan
	wantFiltered bool
	// filterScan is the index scan a compiled filter above is building,
	// and filter its test (exec_scan_filter.go)
	filterScan *IndexScan
	filter     func(sql.Row) bool
	// top is the projection whose rows reach the statement's consumer
	// unchanged (only limits above it), and reuse is set when
	// that consumer keeps no row past the next (ReuseRows)
	top   *plan.Project
	reuse bool
}

// ReuseRows tells the plan built under ctx that its consumer reads each
// row before asking for the next and keeps none (pgwire, which encodes
// each row as it comes): its top projection then builds every row in one
// buffer. A statement built under another context since (a query a
// function runs) resets it, and the projection allocates its rows again.
func (o *SignedOutput) ReuseRows(ctx *sql.Context) {
	if o.ctx == ctx && o.top != nil {
		o.reuse = true
	}
}

// topProjection is the projection whose rows a plan rooted at n hands
// out, when only limits, which pass rows on unchanged and keep none,
// stand above it; nil otherwise.
func topProjection(n sql.Node) *plan.Project {
	for {
		switch x := n.(type) {
		case *plan.Project:
			return x
		case *plan.Limit:
			n = x.Child
		case *plan.Offset:
			n = x.Child
		default:
			return nil
		}
	}
}

// newExecBuilder returns GMS's exec builder with tinybase's projections.
func newExecBuilder(isRowCheck func(string) bool, isParam IsParam) sql.NodeExecBuilder {
	pb := &projectBuilder{isRowCheck: isRowCheck, isParam: isParam}
	pb.base = rowexec.NewOverrideBuilder(pb)
	return pb.base
}

// Build implements sql.NodeExecBuilder.
func (b *projectBuilder) Build(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, error) {
	switch w := n.(type) {
	case *plan.InsertInto:
		if moved := rowChecksFirstInsert(w, b.isRowCheck); moved != nil {
			return b.base.Build(ctx, moved, row) // exec_row_checks.go
		}
		if drained := drainInsertSource(w); drained != nil {
			return b.base.Build(ctx, drained, row) // exec_insert_source.go
		}
	case *drainedSource:
		return b.buildDrained(ctx, w, row)
	case *plan.DeleteFrom:
		if drained := drainDeleteSource(w); drained != nil {
			return b.base.Build(ctx, drained, row) // exec_insert_source.go
		}
	case *plan.Update:
		if wrapped := failingRowCheckUpdate(w, b.isRowCheck); wrapped != nil {
			return b.base.Build(ctx, wrapped, row) // exec_row_checks.go
		}
		if drained := drainUpdateSource(w); drained != nil {
			return b.base.Build(ctx, drained, row) // exec_insert_source.go
		}
	case *rowChecksFirst:
		child, err := b.base.Build(ctx, w.Child, row)
		if err != nil {
			return nil, err
		}
		return &rowChecksIter{checks: w.checks, width: w.width, child: child}, nil
	case *plan.CreateTable:
		uncheckSetNull(w.ForeignKeys()...) // exec_fk_set_null.go
	case *plan.CreateForeignKey:
		uncheckSetNull(w.FkDef)
	case *plan.ModifyColumn:
		if iter, ok, err := buildSetNotNull(ctx, w); ok {
			return iter, err
		}
	}
	if held, err := heldLimits(ctx, n, row); held != nil || err != nil { // exec_limit.go
		if err != nil {
			return nil, err
		}
		return b.base.Build(ctx, held, row)
	}
	if iter, ok, err := instrumented(ctx, b.base, n, row); ok { // explain.go: EXPLAIN ANALYZE
		return iter, err
	}
	h, ok := ctx.Session.(Host)
	if !ok {
		return nil, nil
	}
	signed := h.SignedOutput()
	if signed.ctx != ctx {
		clear(signed.lookupModes)
		clear(signed.lookupTypes)
		*signed = SignedOutput{ctx: ctx, projs: outputProjections(n, signed.projs[:0]), lookupModes: signed.lookupModes, lookupTypes: signed.lookupTypes, readOnly: n.IsReadOnly(), top: topProjection(n)}
	}
	if l, ok := n.(*plan.Limit); ok {
		return buildLimit(ctx, b.base, l, row) // exec_limit.go
	}
	if ita, ok := n.(*plan.IndexedTableAccess); ok {
		if iter, ok, err := buildOuterLookup(ctx, ita, row, signed); ok { // outer_lookup.go
			return iter, err
		}
		return nil, nil
	}
	if a, ok := n.(*plan.TableAlias); ok {
		// an aliased lookup per outer row: without GMS's tracing span
		// and its iterator wrapper, two allocations per outer row
		if ita, ok := a.Child.(*plan.IndexedTableAccess); ok {
			if iter, ok, err := buildOuterLookup(ctx, ita, row, signed); ok {
				return iter, err
			}
		}
		return nil, nil
	}
	if g, ok := n.(*plan.GroupBy); ok {
		return b.buildGroupBy(ctx, g, row)
	}
	if w, ok := n.(*plan.Window); ok && len(row) == 0 {
		if nw, ok := windowKeysOnce(w); ok { // exec_window_keys.go
			return b.base.Build(ctx, nw, row)
		}
		return nil, nil
	}
	if t, ok := n.(*plan.TopN); ok {
		if it, ok, err := buildTopN(ctx, b.base, t, row); ok { // exec_topn.go
			return it, err
		}
		return nil, nil
	}
	if sj, ok := n.(*HashSemiJoin); ok {
		return sj.build(ctx, b.base, row) // rule_semi_join.go
	}
	if f, ok := n.(*plan.Filter); ok {
		if it, ok, err := b.buildScanFilter(ctx, f, row); ok { // exec_scan_filter.go
			return it, err
		}
		return nil, nil
	}
	if j, ok := n.(*plan.JoinNode); ok && j.Op.IsFullOuter() {
		return buildFullJoin(ctx, b.base, j, row) // exec_full_join.go
	}
	p, ok := n.(*plan.Project)
	if !ok {
		return nil, nil
	}
	top := p == signed.top
	// sort and grouping keys computed once per row (exec_sort_keys.go);
	// under an outer row (a subquery's), whose columns come first in its
	// rows, only the select list's values are shared
	rewritten := false
	if np, ok := sortKeysOnce(p, len(row) > 0); ok {
		if containsProject(signed.projs, p) {
			signed.projs = outputProjections(np, signed.projs)
		}
		p, rewritten = np, true
	}
	if len(row) == 0 {
		if np, ok := groupKeysOnce(p); ok {
			if containsProject(signed.projs, p) {
				signed.projs = append(signed.projs, np)
			}
			p, rewritten = np, true
		}
	}
	projs, reused := reuseInner(p)
	if !containsProject(signed.projs, p) {
		if !reused && !rewritten {
			return nil, nil
		}
		return b.base.Build(ctx, plan.NewProject(projs, p.Child), row)
	}
	source := p.Child
	if cols, under, ok := skipColumnProject(ctx, projs, source, row); ok {
		projs, source = cols, under
	}
	if it, ok, err := buildJoinLoop(ctx, b.base, projs, source, row); ok { // exec_nested_loop.go
		return it, err
	}
	child, err := b.base.Build(ctx, source, row)
	if err != nil {
		return nil, err
	}
	it := &projectIter{projs: projs, child: child}
	if top {
		it.signed, it.ctx = signed, ctx
	}
	return it, nil
}

// skipColumnProject reads an output projection of columns straight from
// the rows under child when child is a projection of columns only: GMS
// plans ORDER BY as a projection of the table's columns and the select
// list's aliases below the sort, and keeps it when an ordered index scan
// replaces the sort, so every row returned was built twice. It returns
// projs as columns of child's input, and that input; ok is false unless
// both projections are plain columns (nothing to evaluate, so nothing
// volatile is skipped), the rows carry no outer row, and EXPLAIN ANALYZE,
// which counts each node's rows, is not running.
func skipColumnProject(ctx *sql.Context, projs []sql.Expression, child sql.Node, row sql.Row) ([]sql.Expression, sql.Node, bool) {
	inner, ok := child.(*plan.Project)
	if !ok || len(row) != 0 {
		return nil, nil, false
	}
	if _, inst := ctx.Value(instrumentKey{}).(*Instrument); inst {
		return nil, nil, false
	}
	for _, e := range inner.Projections {
		if _, ok := plainColumn(e); !ok {
			return nil, nil, false
		}
	}
	out := make([]sql.Expression, len(projs))
	for i, e := range projs {
		gf, ok := plainColumn(e)
		if !ok || gf.Index() < 0 || gf.Index() >= len(inner.Projections) {
			return nil, nil, false
		}
		// the value, not the name: the statement's columns are named by
		// the plan's schema
		out[i], _ = plainColumn(inner.Projections[gf.Index()])
	}
	return out, inner.Child, true
}

// plainColumn returns e's column when e is one, aliased or not.
func plainColumn(e sql.Expression) (*expression.GetField, bool) {
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	gf, ok := e.(*expression.GetField)
	return gf, ok
}

// reuseInner returns p's projections with each aliased expression that
// its child projection already computes (GMS plans `SELECT f((SELECT
// …))` as a projection repeating the inner one's) read from the child's
// row instead: evaluated twice, a volatile call such as pgTAP's ok() or
// a function that writes would run twice per row.
func reuseInner(p *plan.Project) ([]sql.Expression, bool) {
	inner, ok := p.Child.(*plan.Project)
	if !ok {
		return p.Projections, false
	}
	var out []sql.Expression
	for i, e := range p.Projections {
		a, ok := e.(*expression.Alias)
		if !ok {
			continue
		}
		for j, ie := range inner.Projections {
			ia, ok := ie.(*expression.Alias)
			if !ok || ia.Id() != a.Id() || ia.Name() != a.Name() || !sameText(ia.Child, a.Child) {
				continue
			}
			if _, ok := a.Child.(*expression.GetField); ok {
				// a column reads the child's row: nothing is evaluated
				// twice, and reading the inner alias instead was seven
				// allocations of a keyset page's every execution
				break
			}
			if out == nil {
				out = append([]sql.Expression{}, p.Projections...)
			}
			out[i] = expression.NewAlias(a.Name(), expression.NewGetField(j, ia.Type(), ia.Name(), ia.IsNullable()))
			break
		}
	}
	if out == nil {
		return p.Projections, false
	}
	return out, true
}

// sameText reports whether two select-list expressions print the same.
// A subquery is compared by its text, which the translator's AST prints
// whole (translate.TestSubqueryTextWhole), not by its printed plan, which
// costs more than the statement.
func sameText(a, b sql.Expression) bool {
	if ra := reflect.ValueOf(a); ra.Kind() == reflect.Pointer && a == b {
		return true
	}
	// a column prints as table.name: compared without building the text
	if ga, ok := a.(*expression.GetField); ok && ga.Table() != "" {
		gb, ok := b.(*expression.GetField)
		return ok && gb.Table() == ga.Table() && gb.Name() == ga.Name()
	}
	// EXISTS (a PL/pgSQL IF's condition), whose printed plan would be
	// made at every execution
	if ga, ok := a.(*expr.GMSBool); ok {
		gb, ok := b.(*expr.GMSBool)
		return ok && sameText(ga.Child, gb.Child)
	}
	if ea, ok := a.(*plan.ExistsSubquery); ok {
		eb, ok := b.(*plan.ExistsSubquery)
		if !ok {
			return false
		}
		if ea.Query.QueryString != "" {
			return ea.Query.QueryString == eb.Query.QueryString
		}
	}
	sa, okA := subqueryOf(a)
	sb, okB := subqueryOf(b)
	if okA || okB {
		return okA && okB && sa.QueryString == sb.QueryString
	}
	return a.String() == b.String()
}

func subqueryOf(e sql.Expression) (*plan.Subquery, bool) {
	switch x := e.(type) {
	case *plan.Subquery:
		return x, true
	case *ScalarLookup:
		return x.Sub, true
	}
	return nil, false
}

// outputProjections lists the projections on n's output path.
func outputProjections(n sql.Node, out []*plan.Project) []*plan.Project {
	for {
		switch x := n.(type) {
		case *plan.Project:
			out = append(out, x)
			n = x.Child
		case *plan.Sort:
			n = x.Child
		case *plan.TopN:
			n = x.Child
		case *plan.Limit:
			n = x.Child
		case *plan.Offset:
			n = x.Child
		case *plan.Filter:
			n = x.Child
		case *plan.Having:
			n = x.Child
		case *plan.SubqueryAlias:
			n = x.Child
		default:
			return out
		}
	}
}

func containsProject(ps []*plan.Project, p *plan.Project) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// projectIter is GMS's ProjectIter without the negative-zero rewrite.
type projectIter struct {
	projs []sql.Expression
	child sql.RowIter
	slab  rowSlab
	// signed is set for the statement's top projection built under ctx,
	// whose rows share one (the row) when its consumer allows
	// (SignedOutput.ReuseRows)
	signed *SignedOutput
	ctx    *sql.Context
	row    sql.Row
}

func (i *projectIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := i.child.Next(ctx)
	if err != nil {
		return nil, err
	}
	if i.signed != nil && i.signed.reuse && i.signed.ctx == i.ctx {
		if len(i.row) != len(i.projs) {
			i.row = make(sql.Row, len(i.projs))
		}
		return projectInto(ctx, i.projs, r, i.row)
	}
	return projectRow(ctx, i.projs, r, &i.slab)
}

func (i *projectIter) Close(ctx *sql.Context) error { return i.child.Close(ctx) }

// projectRow evaluates projections over row as GMS's ProjectRow does:
// column defaults that are expressions may read the other fields, so they
// run in a second pass over the first pass's output.
func projectRow(ctx *sql.Context, projs []sql.Expression, row sql.Row, slab *rowSlab) (sql.Row, error) {
	return projectInto(ctx, projs, row, slab.row(len(projs)))
}

// projectInto is projectRow building the row in fields, len(projs) long.
func projectInto(ctx *sql.Context, projs []sql.Expression, row sql.Row, fields sql.Row) (sql.Row, error) {
	var second []int
	for i, e := range projs {
		if d, ok := projectDefault(e); ok && !d.IsLiteral() {
			second = append(second, i)
			continue
		}
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		fields[i] = v
	}
	for _, i := range second {
		v, err := projs[i].Eval(ctx, fields)
		if err != nil {
			return nil, err
		}
		fields[i] = v
	}
	return fields, nil
}

// rowSlab carves the rows an iterator builds from blocks of a few rows
// each, growing from one row to maxSlabRows, instead of allocating every
// row on its own: a page of 20 rows was 20 of a keyset page's 57
// allocations. Each row is its own part of a block, capped at its length,
// so a consumer may keep, change or append to it as to a row of its own
// (a kept row keeps its block alive).
type rowSlab struct {
	buf   []any
	nrows int // rows the next block holds
}

// maxSlabRows bounds a block, so a kept row holds little else alive.
const maxSlabRows = 64

// row returns a new zeroed row of n values.
func (s *rowSlab) row(n int) sql.Row {
	if n == 0 {
		return make(sql.Row, 0)
	}
	if len(s.buf) < n {
		switch {
		case s.nrows == 0:
			s.nrows = 1 // a point lookup's one row costs no more than before
		case s.nrows < maxSlabRows:
			s.nrows *= 4
		}
		s.buf = make([]any, n*s.nrows)
	}
	r := s.buf[:n:n]
	s.buf = s.buf[n:]
	return r
}

func projectDefault(e sql.Expression) (*sql.ColumnDefaultValue, bool) {
	if w, ok := e.(*expression.Wrapper); ok {
		e = w.Unwrap()
	}
	d, ok := e.(*sql.ColumnDefaultValue)
	return d, ok
}

// buildGroupBy hands GMS a GROUP BY whose float keys hash -0 as 0, since
// they are one group in PostgreSQL (GMS hashes a key's %v text). The
// grouped rows, and so the output, keep their values.
func (b *projectBuilder) buildGroupBy(ctx *sql.Context, g *plan.GroupBy, row sql.Row) (sql.RowIter, error) {
	if it, ok, err := buildHashAggregate(ctx, b.base, g, row); ok { // exec_hash_aggregate.go
		return it, err
	}
	var keys []sql.Expression
	for i, e := range g.GroupByExprs {
		if _, done := e.(*zeroKey); done {
			return nil, nil
		}
		if t, ok := e.Type().(*types.Type); ok && (t.Base().Kind == types.KindFloat8 || t.Base().Kind == types.KindFloat4) {
			if keys == nil {
				keys = append([]sql.Expression{}, g.GroupByExprs...)
			}
			keys[i] = &zeroKey{e}
		}
	}
	selected := firstRows(g.SelectedExprs)
	if keys == nil && selected == nil {
		return nil, nil
	}
	ng := *g
	if keys != nil {
		ng.GroupByExprs = keys
	}
	if selected != nil {
		ng.SelectedExprs = selected
	}
	return b.base.Build(ctx, &ng, row)
}

// firstRows wraps the non-aggregate outputs of a GROUP BY (its keys, or
// the columns GMS reads a key expression from for a Project above it)
// as firstRow, or returns nil when there are none. GMS keeps each one's
// first non-NULL value, independently: `coalesce(a.id, 0) + coalesce(b.id,
// 0)` grouped over a FULL JOIN read a.id from one row and b.id from
// another, and a NULL key showed another group's value.
func firstRows(exprs []sql.Expression) []sql.Expression {
	var out []sql.Expression
	for i, e := range exprs {
		if _, ok := e.(sql.Aggregation); ok {
			continue
		}
		if out == nil {
			out = append([]sql.Expression{}, exprs...)
		}
		out[i] = &firstRow{First: aggregation.NewFirst(e), e: e}
	}
	return out
}

// firstRow is a GROUP BY output that is its group's first row's value,
// NULL included.
type firstRow struct {
	*aggregation.First
	e sql.Expression
}

func (f *firstRow) NewBuffer() (sql.AggregationBuffer, error) { return &firstRowBuffer{e: f.e}, nil }

type firstRowBuffer struct {
	e    sql.Expression
	val  any
	seen bool
}

func (b *firstRowBuffer) Update(ctx *sql.Context, row sql.Row) error {
	if b.seen {
		return nil
	}
	v, err := b.e.Eval(ctx, row)
	if err != nil {
		return err
	}
	b.val, b.seen = v, true
	return nil
}

func (b *firstRowBuffer) Eval(*sql.Context) (any, error) { return b.val, nil }
func (b *firstRowBuffer) Dispose()                       {}

// zeroKey is a float grouping key with negative zero made positive.
type zeroKey struct{ sql.Expression }

func (z *zeroKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := z.Expression.Eval(ctx, row)
	switch x := v.(type) {
	case float64:
		if x == 0 {
			return float64(0), err
		}
	case float32:
		if x == 0 {
			return float32(0), err
		}
	}
	return v, err
}

func (z *zeroKey) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	e, err := z.Expression.WithChildren(ch...)
	if err != nil {
		return nil, err
	}
	return &zeroKey{e}, nil
}
