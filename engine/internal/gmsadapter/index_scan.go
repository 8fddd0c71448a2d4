package gmsadapter

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// IndexScan reads one table through one of its B-tree indexes, in index
// order forward or backward (PostgreSQL's Index Scan and Index Scan
// Backward, docs 11.4 "Indexes and ORDER BY"): the rows whose leading key
// columns equal Eq (a nil key is IS NULL), then on the next column either
// the range Lo..Hi or the points of Points (`= ANY(array)`). Its keys are
// expressions evaluated when the scan starts, so a cached plan reads each
// execution's parameters; its output is the table's rows, as the table
// node it replaces gives them, so the plan above it is unchanged. The
// storage iterator streams in chunks, so a LIMIT above it stops the scan
// early.
type IndexScan struct {
	Table   *plan.ResolvedTable
	Index   sql.Index
	Eq      []sql.Expression // leading columns' keys; nil is IS NULL
	Lo, Hi  sql.Expression   // bounds on column len(Eq); nil: open
	LoIncl  bool
	HiIncl  bool
	Points  sql.Expression // an array of keys for column len(Eq), or nil
	Reverse bool
	// Ordered is set when a sort or merge above relies on the index
	// order; otherwise the scan picks its way by the table's size each
	// time it starts (scan_cost.go).
	Ordered bool
	// Skip is an OFFSET pushed into an ordered scan: the rows it passes
	// over are never built (nil: none).
	Skip sql.Expression
	// Conds are the conditions the scan implements, as written (EXPLAIN's
	// Index Cond); they are not evaluated.
	Conds []sql.Expression
	// Shared is set when the scan's consumer builds new rows from the
	// ones it reads (a projection above filters and limits): the storage
	// cursor then hands out the stored rows without copying each.
	Shared bool
	// JoinSide is set on a side of a join of the whole query (not of a
	// subquery, whose rows start with the outer row's columns): built
	// under the join's outer row, the scan still chooses its way when its
	// keys do not read that row, since its conditions read its own rows.
	JoinSide bool
	types    []sql.Type // the index columns' types
}

var _ sql.ExecSourceRel = (*IndexScan)(nil)
var _ sql.Expressioner = (*IndexScan)(nil)
var _ sql.TableWrapper = (*IndexScan)(nil)

// Underlying implements sql.TableWrapper: an UPDATE or DELETE whose
// filter the scan serves finds the table it writes through here, as it
// does under GMS's ResolvedTable (plan.GetUpdatable, GetDeletable).
func (s *IndexScan) Underlying() sql.Table { return s.Table.Table }

func (s *IndexScan) Resolved() bool             { return true }
func (s *IndexScan) IsReadOnly() bool           { return true }
func (s *IndexScan) Schema() sql.Schema         { return s.Table.Schema() }
func (s *IndexScan) Children() []sql.Node       { return nil }
func (s *IndexScan) Name() string               { return s.Table.Name() }
func (s *IndexScan) Database() sql.Database     { return s.Table.Database() }
func (s *IndexScan) UnderlyingTable() sql.Table { return s.Table.UnderlyingTable() }

// The scan is its table's node to GMS (plan.TableIdNode): its columns
// are the table's, so GMS's execution indexes count them when a plan
// holding the scan is indexed again (a UNION's branch is, after its own
// analysis planned the scan): a correlated subquery above it read its
// outer row at the wrong place.
var _ plan.TableIdNode = (*IndexScan)(nil)

func (s *IndexScan) Id() sql.TableId { return s.Table.Id() }
func (s *IndexScan) Columns() sql.ColSet {
	cols := s.Table.Columns()
	sch := s.Table.Schema()
	if cols.Len() == len(sch) {
		return cols
	}
	// a table whose columns were pruned (a catalog relation computing
	// only the columns read): the ids of the ones it gives, numbered from
	// the table's first by their place in its full schema, as GMS numbers
	// a pruned primary-key table's (columnIdsForNode)
	first, _ := cols.Next(1)
	full := s.Table.UnderlyingTable().Schema()
	var out sql.ColSet
	for _, c := range sch {
		if i := full.IndexOfColName(c.Name); i >= 0 {
			out.Add(first + sql.ColumnId(i))
		}
	}
	if out.Len() != len(sch) {
		return cols
	}
	return out
}
func (s *IndexScan) WithId(id sql.TableId) plan.TableIdNode {
	n := *s
	n.Table = s.Table.WithId(id).(*plan.ResolvedTable)
	return &n
}
func (s *IndexScan) WithColumns(c sql.ColSet) plan.TableIdNode {
	n := *s
	n.Table = s.Table.WithColumns(c).(*plan.ResolvedTable)
	return &n
}

func (s *IndexScan) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 7
}

func (s *IndexScan) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 0)
	}
	return s, nil
}

// Expressions lists the key expressions (so that the plan cache's walks see
// the parameters they read).
func (s *IndexScan) Expressions() []sql.Expression {
	var out []sql.Expression
	for _, e := range []sql.Expression{s.Lo, s.Hi, s.Points, s.Skip} {
		if e != nil {
			out = append(out, e)
		}
	}
	for _, e := range s.Eq {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// WithExpressions replaces the keys in the order Expressions lists them.
func (s *IndexScan) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	n := *s
	i := 0
	next := func(e sql.Expression) sql.Expression {
		if e == nil {
			return nil
		}
		i++
		return exprs[i-1]
	}
	if len(exprs) != len(s.Expressions()) {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(exprs), len(s.Expressions()))
	}
	n.Lo, n.Hi, n.Points, n.Skip = next(s.Lo), next(s.Hi), next(s.Points), next(s.Skip)
	n.Eq = make([]sql.Expression, len(s.Eq))
	for k, e := range s.Eq {
		n.Eq[k] = next(e)
	}
	return &n, nil
}

func (s *IndexScan) String() string {
	var b strings.Builder
	b.WriteString("IndexScan")
	if s.Reverse {
		b.WriteString(" Backward")
	}
	fmt.Fprintf(&b, "(%s on %s", s.Index.ID(), s.Table.Name())
	for _, c := range s.Conds {
		b.WriteString(", ")
		b.WriteString(c.String())
	}
	b.WriteString(")")
	return b.String()
}

// IndexName is the index's PostgreSQL name (the primary key's constraint
// name for GMS's PRIMARY).
func (s *IndexScan) IndexName() string {
	if s.Index.ID() == "PRIMARY" {
		if n, ok := s.Index.(interface{ Comment() string }); ok && n.Comment() != "" {
			return n.Comment()
		}
		return s.Table.Name() + "_pkey"
	}
	return s.Index.ID()
}

// RowIter evaluates the keys against row (the outer row of a lateral or
// correlated use; empty otherwise) and starts the storage scan.
func (s *IndexScan) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	mode := modeIndex
	var pts *pointsValue
	if s.Points != nil {
		pts = &pointsValue{}
	}
	if len(row) == 0 || s.JoinSide && !s.readsRow() {
		// keys read no outer row (none, or a join's outer row the keys
		// ignore): the conditions stand alone, as EXPLAIN prints them
		mode = s.modeWith(ctx, pts)
	}
	return s.rowsWith(ctx, row, mode, pts)
}

// pointsValue is the array of an execution's = ANY points, evaluated
// once for the scan's cost (scan_cost.go) and its ranges: three
// evaluations, each casting the array anew, were a tenth of an `id =
// any($1)` lookup's CPU. ok is set once v holds the value, which then
// reads no row (explainer.constValue).
type pointsValue struct {
	v        any
	ok, done bool
}

// rowsBy starts the storage scan the way mode says.
func (s *IndexScan) rowsBy(ctx *sql.Context, row sql.Row, mode scanMode) (sql.RowIter, error) {
	return s.rowsWith(ctx, row, mode, nil)
}

// rowsWith is rowsBy with the points pts holds, when it holds them.
func (s *IndexScan) rowsWith(ctx *sql.Context, row sql.Row, mode scanMode, pts *pointsValue) (sql.RowIter, error) {
	if mode == modeSeq {
		return s.seqRows(ctx)
	}
	if it, ok, err := s.keyRows(ctx, row, mode); ok {
		return it, err
	}
	if it, ok, err := s.pointRows(ctx, row, mode, pts); ok {
		return it, err
	}
	if bt, ok := s.Table.UnderlyingTable().(boundRowsTable); ok && mode == modeIndex && s.Points == nil {
		b, empty, err := s.bounds(ctx, row)
		if err != nil || empty {
			return sql.RowsToRowIter(), err
		}
		b.Filter = s.early(ctx)
		rows, err := bt.BoundRows(ctx, s.Index.ID(), b, s.Reverse, s.wantedBy(ctx, b.Filter != nil))
		return s.started(ctx, row, rows, err)
	}
	ranges, empty, err := s.rangesWith(ctx, row, pts)
	if err != nil {
		return nil, err
	}
	if empty {
		return sql.RowsToRowIter(), nil
	}
	iat, ok := s.Table.UnderlyingTable().(sql.IndexAddressableTable)
	if !ok {
		return nil, fmt.Errorf("gmsadapter: table %s has no indexes", s.Table.Name())
	}
	lookup := sql.IndexLookup{Index: s.Index, Ranges: ranges, IsReverse: s.Reverse}
	if mode == modeBitmap {
		if h, ok := iat.(heapOrderTable); ok {
			rows, err := h.HeapOrderRows(ctx, lookup)
			if sh, ok := rows.(rowSharer); ok && s.Shared {
				sh.ShareRows()
			}
			return rows, err
		}
	}
	var rows sql.RowIter
	if lt, ok := iat.(lookupRowsTable); ok {
		rows, err = lt.LookupRows(ctx, lookup, s.wanted(ctx))
	} else {
		it := iat.IndexedAccess(ctx, lookup)
		parts, perr := it.LookupPartitions(ctx, lookup)
		if perr != nil {
			return nil, perr
		}
		p, perr := parts.Next(ctx)
		if perr != nil {
			return nil, perr
		}
		rows, err = it.PartitionRows(ctx, p)
	}
	return s.started(ctx, row, rows, err)
}

// started finishes starting the storage scan rows: shared when the
// consumer allows, past the OFFSET pushed into the scan.
func (s *IndexScan) started(ctx *sql.Context, row sql.Row, rows sql.RowIter, err error) (sql.RowIter, error) {
	if sh, ok := rows.(rowSharer); ok && s.Shared {
		sh.ShareRows()
	}
	if err != nil || s.Skip == nil {
		return rows, err
	}
	return s.skip(ctx, row, rows)
}

// boundRowsTable is a table that returns an index lookup's rows from its
// bounds directly (storage.Table.BoundRows).
type boundRowsTable interface {
	BoundRows(ctx *sql.Context, index string, b storage.Bounds, reverse bool, want int) (sql.RowIter, error)
}

// bounds evaluates the scan's keys as a storage lookup for one execution
// (the ranges of one without = ANY's points); empty is true when a key is
// NULL, which selects nothing.
func (s *IndexScan) bounds(ctx *sql.Context, row sql.Row) (b storage.Bounds, empty bool, err error) {
	if len(s.Eq) > 0 {
		b.Prefix = make(sql.Row, len(s.Eq))
	}
	for i, e := range s.Eq {
		if e == nil {
			continue // IS NULL
		}
		v, ok, err := s.key(ctx, row, i, e)
		if err != nil || !ok {
			return b, true, err
		}
		b.Prefix[i] = v
	}
	next := len(s.Eq)
	if s.Lo != nil {
		v, ok, err := s.key(ctx, row, next, s.Lo)
		if err != nil || !ok {
			return b, true, err
		}
		b.Ranged, b.Lo, b.LoIncl = true, v, s.LoIncl
	}
	if s.Hi != nil {
		v, ok, err := s.key(ctx, row, next, s.Hi)
		if err != nil || !ok {
			return b, true, err
		}
		b.Ranged, b.Hi, b.HiIncl = true, v, s.HiIncl
	}
	return b, false, nil
}

// keyRowsTable is a table that returns the rows of one key of an index
// directly (storage.Table.KeyRows).
type keyRowsTable interface {
	KeyRows(ctx *sql.Context, index string, key sql.Row, order storage.RowOrder, shared bool) (sql.RowIter, error)
}

// keyRows reads a scan that is one key of its index — equalities on its
// leading columns, none IS NULL, read forward without an OFFSET — as one
// storage lookup of that key: the scan per outer row of a nested loop's
// inner side or a correlated subquery, where the ranges, partition and
// cursor of the general path cost more than the rows. ok is false for
// any other scan.
func (s *IndexScan) keyRows(ctx *sql.Context, row sql.Row, mode scanMode) (_ sql.RowIter, ok bool, _ error) {
	if len(s.Eq) == 0 || s.Lo != nil || s.Hi != nil || s.Points != nil || s.Skip != nil || s.Reverse {
		return nil, false, nil
	}
	t, isKeyed := s.Table.UnderlyingTable().(keyRowsTable)
	if !isKeyed {
		return nil, false, nil
	}
	order := storage.ByIndex
	if mode == modeBitmap {
		order = storage.ByHeap
	}
	key := make(sql.Row, len(s.Eq))
	for i, e := range s.Eq {
		if e == nil {
			return nil, false, nil // IS NULL
		}
		v, ok, err := s.key(ctx, row, i, e)
		if err != nil || !ok {
			return sql.RowsToRowIter(), true, err // NULL selects nothing
		}
		key[i] = v
	}
	it, err := t.KeyRows(ctx, s.Index.ID(), key, order, s.Shared)
	return it, true, err
}

// pointValues evaluates the scan's = ANY points as values of their index
// column, sorted in its order, without NULLs (which no comparison
// selects) and each once (no row twice).
func (s *IndexScan) pointValues(ctx *sql.Context, row sql.Row, pts *pointsValue) ([]any, error) {
	var av any
	var err error
	if pts != nil && pts.ok {
		av = pts.v
	} else {
		av, err = s.Points.Eval(ctx, row)
	}
	if err != nil || av == nil {
		return nil, err
	}
	arr, ok := av.(*types.Array)
	if !ok {
		return nil, fmt.Errorf("gmsadapter: = ANY over %T", av)
	}
	typ := s.types[len(s.Eq)]
	vals := make([]any, 0, len(arr.Values))
	for _, v := range arr.Values {
		if v == nil {
			continue
		}
		cv, _, err := typ.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		vals = append(vals, cv)
	}
	cmp := func(a, b any) int {
		c, _ := typ.Compare(ctx, a, b)
		return c
	}
	if !slices.IsSortedFunc(vals, cmp) {
		slices.SortFunc(vals, cmp)
	}
	return slices.CompactFunc(vals, func(a, b any) bool { return cmp(a, b) == 0 }), nil
}

// pointRowsTable is a table that returns the rows of many keys of an
// index directly (storage.Table.PointRows).
type pointRowsTable interface {
	PointRows(ctx *sql.Context, index string, prefix sql.Row, points []any, order storage.RowOrder, shared bool) (sql.RowIter, error)
}

// pointRows reads a scan of = ANY's points after equalities on the
// leading columns, none IS NULL, read forward without an OFFSET, as one
// storage lookup of those keys, without the range collection of the
// general path. ok is false for any other scan.
func (s *IndexScan) pointRows(ctx *sql.Context, row sql.Row, mode scanMode, pts *pointsValue) (_ sql.RowIter, ok bool, _ error) {
	if s.Points == nil || s.Lo != nil || s.Hi != nil || s.Skip != nil || s.Reverse || hasNilKey(s.Eq) {
		return nil, false, nil
	}
	t, isKeyed := s.Table.UnderlyingTable().(pointRowsTable)
	if !isKeyed {
		return nil, false, nil
	}
	order := storage.ByIndex
	if mode == modeBitmap {
		order = storage.ByHeap
	}
	var prefix sql.Row
	if len(s.Eq) > 0 {
		prefix = make(sql.Row, len(s.Eq))
	}
	for i, e := range s.Eq {
		v, ok, err := s.key(ctx, row, i, e)
		if err != nil || !ok {
			return sql.RowsToRowIter(), true, err // NULL selects nothing
		}
		prefix[i] = v
	}
	vals, err := s.pointValues(ctx, row, pts)
	if err != nil || len(vals) == 0 {
		return sql.RowsToRowIter(), true, err
	}
	it, err := t.PointRows(ctx, s.Index.ID(), prefix, vals, order, s.Shared)
	return it, true, err
}

// readsRow reports whether a key reads a column of the outer row.
func (s *IndexScan) readsRow() bool {
	for _, e := range s.Expressions() {
		if transform.InspectExpr(e, func(e sql.Expression) bool {
			_, ok := e.(*expression.GetField)
			return ok
		}) {
			return true
		}
	}
	return false
}

// rowSharer is a storage cursor that can hand out the stored rows
// themselves.
type rowSharer interface{ ShareRows() }

// skip passes over the OFFSET's rows: in the storage cursor without
// building them, or by reading them.
func (s *IndexScan) skip(ctx *sql.Context, row sql.Row, rows sql.RowIter) (sql.RowIter, error) {
	skip := s.Skip
	if lit, held, err := expr.HeldLimit(ctx, skip, row); err != nil {
		rows.Close(ctx)
		return nil, err
	} else if held {
		skip = lit // an OFFSET read at run time (exec_limit.go)
	}
	v, err := skip.Eval(ctx, row)
	if err != nil {
		rows.Close(ctx)
		return nil, err
	}
	n, ok := toInt64(v)
	if !ok || n <= 0 {
		return rows, nil
	}
	if sk, ok := rows.(interface{ Skip(int64) }); ok {
		sk.Skip(n)
		return rows, nil
	}
	for ; n > 0; n-- {
		if _, err := rows.Next(ctx); err != nil {
			if err == io.EOF {
				return rows, nil
			}
			rows.Close(ctx)
			return nil, err
		}
	}
	return rows, nil
}

// key evaluates a key expression as a value of index column i; ok is false
// for NULL, which no comparison selects.
func (s *IndexScan) key(ctx *sql.Context, row sql.Row, i int, e sql.Expression) (any, bool, error) {
	v, err := e.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, false, err
	}
	if t, ok := s.types[i].(*types.Type); ok && t.Kind == types.KindName {
		if str, ok := v.(string); ok && len(str) > maxNameLen {
			// a text key (rule_access_paths.go nameAsText) no name equals:
			// converting it would truncate it to one that may
			return nil, false, nil
		}
	}
	v, _, err = s.types[i].Convert(ctx, v)
	return v, v != nil, err
}

// maxNameLen is the longest name in bytes (NAMEDATALEN - 1).
const maxNameLen = 63

// ranges builds the scan's ranges for one execution; empty is true when a
// key is NULL or the points are none.
func (s *IndexScan) ranges(ctx *sql.Context, row sql.Row) (sql.MySQLRangeCollection, bool, error) {
	return s.rangesWith(ctx, row, nil)
}

// rangesWith is ranges with the points pts holds, when it holds them.
func (s *IndexScan) rangesWith(ctx *sql.Context, row sql.Row, pts *pointsValue) (sql.MySQLRangeCollection, bool, error) {
	prefix := make(sql.MySQLRange, 0, len(s.types))
	for i, e := range s.Eq {
		if e == nil {
			prefix = append(prefix, sql.MySQLRangeColumnExpr{LowerBound: sql.BelowNull{}, UpperBound: sql.AboveNull{}, Typ: s.types[i]})
			continue
		}
		v, ok, err := s.key(ctx, row, i, e)
		if err != nil || !ok {
			return nil, true, err
		}
		prefix = append(prefix, sql.ClosedRangeColumnExpr(v, v, s.types[i]))
	}
	next := len(s.Eq)
	switch {
	case s.Points != nil:
		vals, err := s.pointValues(ctx, row, pts)
		if err != nil || len(vals) == 0 {
			return nil, true, err
		}
		typ := s.types[next]
		out := make(sql.MySQLRangeCollection, 0, len(vals))
		// the ranges' columns carved from one block, not one each
		cols := make(sql.MySQLRange, 0, len(vals)*(next+1))
		for _, v := range vals {
			from := len(cols)
			cols = append(append(cols, prefix...), sql.ClosedRangeColumnExpr(v, v, typ))
			out = append(out, cols[from:len(cols):len(cols)])
		}
		return out, len(out) == 0, nil
	case s.Lo != nil || s.Hi != nil:
		typ := s.types[next]
		col := sql.MySQLRangeColumnExpr{LowerBound: sql.AboveNull{}, UpperBound: sql.AboveAll{}, Typ: typ}
		if s.Lo != nil {
			v, ok, err := s.key(ctx, row, next, s.Lo)
			if err != nil || !ok {
				return nil, true, err
			}
			if s.LoIncl {
				col.LowerBound = sql.Below{Key: v}
			} else {
				col.LowerBound = sql.Above{Key: v}
			}
		}
		if s.Hi != nil {
			v, ok, err := s.key(ctx, row, next, s.Hi)
			if err != nil || !ok {
				return nil, true, err
			}
			if s.HiIncl {
				col.UpperBound = sql.Above{Key: v}
			} else {
				col.UpperBound = sql.Below{Key: v}
			}
		}
		prefix = append(prefix, col)
	}
	if len(prefix) == 0 {
		// the whole index, in order
		prefix = append(prefix, sql.MySQLRangeColumnExpr{LowerBound: sql.BelowNull{}, UpperBound: sql.AboveAll{}, Typ: s.types[0]})
	}
	return sql.MySQLRangeCollection{prefix}, false, nil
}

// lookupRowsTable is a table that returns an index lookup's rows in
// index order directly (storage.Table.LookupRows).
type lookupRowsTable interface {
	LookupRows(ctx *sql.Context, lookup sql.IndexLookup, want int) (sql.RowIter, error)
}

// wanted is the rows a LIMIT above asks of the scan at this execution
// (exec_limit.go), 0 when unknown.
func (s *IndexScan) wanted(ctx *sql.Context) int {
	return s.wantedBy(ctx, false)
}

// wantedBy is wanted for a scan that applies the filter between it and
// the LIMIT itself when early is set: it reads the rows the LIMIT
// counts. Otherwise a filter's rejects are guessed at half.
func (s *IndexScan) wantedBy(ctx *sql.Context, early bool) int {
	if h, ok := ctx.Session.(Host); ok {
		if signed := h.SignedOutput(); signed.wantScan == s {
			if signed.wantFiltered && !early {
				return min(2*signed.want, maxWant)
			}
			return signed.want
		}
	}
	return 0
}

// early is the test of the compiled filter over the scan being built
// (exec_scan_filter.go), which the storage cursor applies from its
// first chunk on; nil when there is none.
func (s *IndexScan) early(ctx *sql.Context) func(sql.Row) bool {
	if h, ok := ctx.Session.(Host); ok {
		if signed := h.SignedOutput(); signed.filterScan == s {
			return signed.filter
		}
	}
	return nil
}

// heapOrderTable is a table that returns an index lookup's rows in heap
// order (storage.Table).
type heapOrderTable interface {
	HeapOrderRows(*sql.Context, sql.IndexLookup) (sql.RowIter, error)
}

// seqRows reads the whole table in heap order and keeps the rows the
// scan's conditions accept (the Seq Scan it chose).
func (s *IndexScan) seqRows(ctx *sql.Context) (sql.RowIter, error) {
	parts, err := s.Table.UnderlyingTable().Partitions(ctx)
	if err != nil {
		return nil, err
	}
	p, err := parts.Next(ctx)
	if err != nil {
		return nil, err
	}
	it, err := s.Table.UnderlyingTable().PartitionRows(ctx, p)
	if err != nil {
		return nil, err
	}
	return &condIter{it: it, conds: s.Conds}, nil
}

// condIter passes on the rows for which every condition is true.
type condIter struct {
	it    sql.RowIter
	conds []sql.Expression
}

func (c *condIter) Next(ctx *sql.Context) (sql.Row, error) {
next:
	for {
		row, err := c.it.Next(ctx)
		if err != nil {
			return nil, err
		}
		for _, e := range c.conds {
			v, err := sql.EvaluateCondition(ctx, e, row)
			if err != nil {
				return nil, err
			}
			if !sql.IsTrue(v) {
				continue next
			}
		}
		return row, nil
	}
}

func (c *condIter) Close(ctx *sql.Context) error { return c.it.Close(ctx) }
