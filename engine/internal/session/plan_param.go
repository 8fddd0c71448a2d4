package session

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Parametric statements. A query sent again and again with new values —
// a driver's `... where id = $1` with typed arguments, or pgbench's
// `... where aid = 12345` over the simple protocol, whose integer
// constants compared with columns are turned into parameters
// (normalizeLiterals) — is translated once with each $n as a paramExpr,
// an expression that reads the execution's value from its context, and
// cached under its text and its parameter types. Its plan is cached too
// when every parameter ended up as the key of an index lookup built at
// run time (paramLookups): GMS's analysis evaluates column-free condition
// expressions, so a parameter anywhere else would have been folded into
// the first execution's value and the plan is not kept.

// paramSlots identifies one cached translation's parameters; an execution
// stores its values in its context under it.
type paramSlots struct{ n int }

// paramExpr is parameter $idx+1 of a cached parametric statement.
type paramExpr struct {
	slots *paramSlots
	idx   int
	typ   *types.Type
}

var _ sql.Expression = (*paramExpr)(nil)

func (p *paramExpr) Resolved() bool                                         { return true }
func (p *paramExpr) Type() sql.Type                                         { return p.typ }
func (p *paramExpr) PGType() *types.Type                                    { return p.typ }
func (p *paramExpr) IsNullable() bool                                       { return true }
func (p *paramExpr) Children() []sql.Expression                             { return nil }
func (p *paramExpr) WithChildren(...sql.Expression) (sql.Expression, error) { return p, nil }
func (p *paramExpr) String() string                                         { return "$" + strconv.Itoa(p.idx+1) }

// Eval returns the value the running execution bound.
func (p *paramExpr) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	vals, _ := ctx.Value(p.slots).([]any)
	if p.idx >= len(vals) {
		return nil, errParamUnbound
	}
	return vals[p.idx], nil
}

var errParamUnbound = pgerror.New(pgerror.InternalError, "internal error: parameter read outside its statement")

// paramArgs types a statement's arguments for a parametric translation:
// the key part naming their types, and their values in their types' Go
// form. ok is false when an argument's type depends on its use (an
// untyped string or NULL): such statements are translated per execution.
// The key ends with suffix (the text's own key).
func paramArgs(args []any, suffix string) (key string, typs []*types.Type, vals []any, ok bool) {
	typs = make([]*types.Type, len(args))
	vals = make([]any, len(args))
	var buf [64]byte
	sig := append(buf[:0], 1)
	for i, a := range args {
		if typs[i], vals[i], ok = paramValue(a); !ok {
			return "", nil, nil, false
		}
		sig = appendParamType(sig, typs[i])
	}
	sig = append(sig, 0)
	return string(sig) + suffix, typs, vals, true
}

// paramValue is an argument's type and value for a parametric
// translation (paramArgs).
func paramValue(a any) (*types.Type, any, bool) {
	switch x := a.(type) {
	case int:
		return types.Int8, int64(x), true
	case int64:
		return types.Int8, x, true
	case int32:
		return types.Int4, x, true
	case float64:
		return types.Float8, x, true
	case bool:
		return types.Bool, x, true
	case translate.TypedParam:
		if x.Type == nil || x.Type.Kind == types.KindUnknown {
			return nil, nil, false
		}
		return x.Type, x.Value, true
	}
	return nil, nil, false
}

// appendParamType appends the key part naming parameter type t.
func appendParamType(b []byte, t *types.Type) []byte {
	b = strconv.AppendUint(b, uint64(t.OID), 36)
	b = append(b, '.')
	b = strconv.AppendInt(b, int64(t.Mod), 36)
	return append(b, ',')
}

// paramKeyMemo is the cache key of the parametric statement a session ran
// last, and the two parts it joins: a prepared statement run again with
// arguments of the same types finds its entry without building the key
// (the statement's text and more) anew. It only saves the concatenation:
// the key is the same string either way.
type paramKeyMemo struct {
	types, suffix, key string
}

// boundParams resolves $n to the cached translation's parameters.
func boundParams(slots *paramSlots, typs []*types.Type) func(int) (sql.Expression, bool) {
	return func(n int) (sql.Expression, bool) {
		if n < 1 || n > len(typs) {
			return nil, false
		}
		return &paramExpr{slots: slots, idx: n - 1, typ: typs[n-1]}, true
	}
}

// withParams binds an execution's parameter values.
func withParams(ctx context.Context, slots *paramSlots, vals []any) context.Context {
	return context.WithValue(ctx, slots, vals)
}

// parametricStatement reports whether a statement can be translated with
// run-time parameters: a query, or an INSERT ... VALUES, with no parameter
// in a LIMIT or OFFSET (translation reads those values).
func parametricStatement(stmt *pg.Node) bool {
	if stmt.GetSelectStmt() == nil && insertValues(stmt) == nil && simpleUpdate(stmt) == nil && simpleDelete(stmt) == nil {
		return false
	}
	ok := true
	walkPG(stmt, func(m any) bool {
		if sel, isSel := m.(*pg.SelectStmt); isSel {
			for _, l := range []*pg.Node{sel.LimitCount, sel.LimitOffset} {
				if l != nil && hasParamRef(l) {
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

func hasParamRef(n *pg.Node) bool {
	found := false
	walkPG(n, func(m any) bool {
		if _, ok := m.(*pg.ParamRef); ok {
			found = true
		}
		return !found
	})
	return found
}

// walkPG calls f on m and every message below it, while f returns true.
func walkPG(m any, f func(any) bool) bool {
	return pgtree.Walk(m, f)
}

// maxNormalized bounds the constants of an INSERT's VALUES made
// parameters: bulk inserts are rarely repeated with the same shape.
const maxNormalized = 64

// insertValues returns the rows of INSERT ... VALUES (no ON CONFLICT, no
// WITH), or nil for any other statement.
func insertValues(stmt *pg.Node) []*pg.Node {
	ins := stmt.GetInsertStmt()
	if ins == nil || ins.OnConflictClause != nil || ins.WithClause != nil {
		return nil
	}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil || sel.WithClause != nil || len(sel.ValuesLists) == 0 {
		return nil
	}
	return sel.ValuesLists
}

// simpleUpdate returns a single-table UPDATE without FROM, WITH or
// RETURNING, or nil.
func simpleUpdate(stmt *pg.Node) *pg.UpdateStmt {
	u := stmt.GetUpdateStmt()
	if u == nil || len(u.FromClause) > 0 || u.WithClause != nil || len(u.ReturningList) > 0 {
		return nil
	}
	return u
}

// simpleDelete returns a single-table DELETE without USING, WITH or
// RETURNING, or nil.
func simpleDelete(stmt *pg.Node) *pg.DeleteStmt {
	d := stmt.GetDeleteStmt()
	if d == nil || len(d.UsingClause) > 0 || d.WithClause != nil || len(d.ReturningList) > 0 {
		return nil
	}
	return d
}

// normalizeLiterals turns the integer constants of a query's WHERE clause
// that are compared for equality with a column (`aid = 12345`, ANDed
// conditions only), and those of an INSERT's VALUES rows, into parameters
// $1..$n, as PostgreSQL would type them
// (int4: the parser gives larger integers another type). It returns the
// text with those constants replaced, the constants as typed parameters,
// and whether there were any. The tree is changed in place.
func normalizeLiterals(stmt *pg.Node, text string) (string, []any, []int, []bool, func(), bool) {
	// a text without '$' has no parameter references
	if strings.IndexByte(text, '$') >= 0 {
		return "", nil, nil, nil, nil, false
	}
	sel := stmt.GetSelectStmt()
	rows := insertValues(stmt)
	where := sel.GetWhereClause()
	var sets []*pg.Node
	if u := simpleUpdate(stmt); u != nil {
		where, sets = u.WhereClause, u.TargetList
	} else if d := simpleDelete(stmt); d != nil {
		where = d.WhereClause
	}
	if where == nil && rows == nil && sets == nil {
		return "", nil, nil, nil, nil, false
	}
	type site struct {
		n      *pg.Node
		start  int
		end    int
		val    int32
		digits int // where the digits start (after a minus sign)
	}
	var sites []site
	constant := func(n *pg.Node) {
		c := n.GetAConst()
		if c == nil || c.Isnull || c.GetIval() == nil {
			return
		}
		v := c.GetIval().Ival
		start := int(c.Location)
		if start < 0 || start >= len(text) {
			return
		}
		digits := start
		if v < 0 && text[start] == '-' {
			// a negated constant (`- 5` is the constant -5)
			digits++
			for digits < len(text) && (text[digits] == ' ' || text[digits] == '\t' || text[digits] == '\n' || text[digits] == '\r') {
				digits++
			}
		}
		end := digits
		for end < len(text) && text[end] >= '0' && text[end] <= '9' {
			end++
		}
		got := text[digits:end]
		if digits != start {
			got = "-" + got
		}
		if end == digits || got != strconv.Itoa(int(v)) {
			return
		}
		sites = append(sites, site{n, start, end, v, digits})
	}
	var visit func(n *pg.Node)
	visit = func(n *pg.Node) {
		if b := n.GetBoolExpr(); b != nil && b.Boolop == pg.BoolExprType_AND_EXPR {
			for _, a := range b.Args {
				visit(a)
			}
			return
		}
		ae := n.GetAExpr()
		if ae == nil || ae.Kind != pg.A_Expr_Kind_AEXPR_OP || len(ae.Name) != 1 || ae.Name[0].GetString_().GetSval() != "=" {
			return
		}
		for _, pair := range [][2]*pg.Node{{ae.Lexpr, ae.Rexpr}, {ae.Rexpr, ae.Lexpr}} {
			if pair[0].GetColumnRef() != nil {
				constant(pair[1])
			}
		}
	}
	// VALUES items and SET values are assigned to their columns: an int4
	// parameter takes the same assignment cast as the int4 constant, and
	// in an operator the same operator
	for _, row := range rows {
		for _, item := range row.GetList().GetItems() {
			constant(item)
		}
	}
	for _, t := range sets {
		val := t.GetResTarget().GetVal()
		if val == nil {
			continue
		}
		constant(val)
		if ae := val.GetAExpr(); ae != nil && ae.Kind == pg.A_Expr_Kind_AEXPR_OP && ae.Lexpr != nil && ae.Rexpr != nil {
			constant(ae.Lexpr)
			constant(ae.Rexpr)
		}
	}
	if where != nil {
		visit(where)
	}
	if len(sites) > maxNormalized {
		return "", nil, nil, nil, nil, false
	}
	if len(sites) == 0 {
		return "", nil, nil, nil, nil, false
	}
	// in text order, so $n numbers follow the text
	for i := 1; i < len(sites); i++ {
		for j := i; j > 0 && sites[j].start < sites[j-1].start; j-- {
			sites[j], sites[j-1] = sites[j-1], sites[j]
		}
	}
	var b strings.Builder
	args := make([]any, len(sites))
	olds := make([]*pg.A_Const, len(sites))
	starts := make([]int, len(sites))
	negs := make([]bool, len(sites))
	last := 0
	for i, st := range sites {
		if st.start < last {
			return "", nil, nil, nil, nil, false
		}
		b.WriteString(text[last:st.start])
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(i + 1))
		last = st.end
		args[i] = translate.TypedParam{Type: types.Int4, Value: st.val}
		olds[i] = st.n.GetAConst()
		starts[i], negs[i] = st.digits, st.digits != st.start
		st.n.Node = &pg.Node_ParamRef{ParamRef: &pg.ParamRef{Number: int32(i + 1), Location: int32(st.start)}}
	}
	b.WriteString(text[last:])
	undo := func() {
		for i, st := range sites {
			st.n.Node = &pg.Node_AConst{AConst: olds[i]}
		}
	}
	return b.String(), args, starts, negs, undo, true
}

// ruleParamLookups is the analyzer rule that turns parameter equalities
// into run-time index lookups.
const ruleParamLookups analyzer.RuleId = 10020

// paramLookups (a pre-analyze rule) turns a filter over a table whose
// conditions include `column = $n` for every column of one of its indexes
// (a unique one if possible; column and parameter of one type) into a
// lookup on that index keyed by the parameters, evaluated when the plan
// runs; the other conditions stay in the filter. GMS builds its own
// lookups from values it evaluates while planning, which would tie the
// plan to one execution's values.
//
// As an analyzer rule (queries) it uses unique indexes only: a lookup on
// a non-unique one returns its rows in index order, where PostgreSQL
// returns them in heap order when it reads a bitmap or the whole table,
// so those are left to the access-path rule's size-aware scans
// (gmsadapter/scan_cost.go). UPDATE and DELETE, whose order nobody sees,
// call paramDMLLookups, which uses any index.
func paramLookups(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return paramIndexLookups(ctx, n, true)
}

// paramDMLLookups is paramLookups for UPDATE and DELETE.
func paramDMLLookups(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return paramIndexLookups(ctx, n, false)
}

func paramIndexLookups(ctx *sql.Context, n sql.Node, uniqueOnly bool) (sql.Node, transform.TreeIdentity, error) {
	keyOf := lookupKeyFn(ctx) // plan_volatile.go
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		rt, ok := f.Child.(*plan.ResolvedTable)
		if !ok {
			return n, transform.SameTree, nil
		}
		iat, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
		if !ok {
			return n, transform.SameTree, nil
		}
		conj := expression.SplitConjunction(f.Expression)
		var eqBuf [4]colConjunct
		eq := eqBuf[:0] // column name -> first conjunct of column = parameter
		for i, c := range conj {
			b, ok := c.(*expr.BinOp)
			if !ok || b.Op != "=" {
				continue
			}
			gf, isCol := b.Left.(*expression.GetField)
			_, pt, isParam := keyOf(b.Right)
			if !isCol || !isParam {
				gf, isCol = b.Right.(*expression.GetField)
				_, pt, isParam = keyOf(b.Left)
			}
			if !isCol || !isParam {
				continue
			}
			ct, ok := gf.Type().(*types.Type)
			if !ok || !lookupCompatible(ct, pt) {
				continue
			}
			if _, dup := conjunctOf(eq, gf.Name()); !dup {
				eq = append(eq, colConjunct{gf.Name(), i, gmsadapter.KeyCompatible(ct, pt)})
			}
		}
		if len(eq) == 0 {
			return n, transform.SameTree, nil
		}
		indexes, err := iat.GetIndexes(ctx)
		if err != nil {
			return n, transform.SameTree, err
		}
		var best sql.Index
		var bestUsed []int
		for _, ix := range indexes {
			cols := ix.Expressions()
			used := make([]int, 0, len(cols))
			for _, col := range cols {
				i, ok := conjunctOf(eq, strings.TrimPrefix(col, ix.Table()+"."))
				if !ok {
					used = nil
					break
				}
				used = append(used, i)
			}
			if used == nil {
				continue
			}
			if best == nil || (ix.IsUnique() && !best.IsUnique()) {
				best, bestUsed = ix, used
			}
		}
		if best == nil || uniqueOnly && !best.IsUnique() && exactKeys(eq, bestUsed) {
			// the access-path rule takes keys of the column's own type
			// only: others stay lookups here
			return n, transform.SameTree, nil
		}
		keys := make([]sql.Expression, len(bestUsed))
		consumed := make([]bool, len(conj))
		for k, i := range bestUsed {
			b := conj[i].(*expr.BinOp)
			key, _, ok := keyOf(b.Right)
			if !ok {
				key, _, _ = keyOf(b.Left)
			}
			keys[k] = key // the lookup converts the value to the column's type
			consumed[i] = true
		}
		ita, err := plan.NewIndexedAccessForTableNode(ctx, rt, plan.NewLookupBuilder(best, keys, make([]bool, len(keys))))
		if err != nil {
			return n, transform.SameTree, nil // keep GMS's own plan
		}
		var rest []sql.Expression
		for i, c := range conj {
			if !consumed[i] {
				rest = append(rest, c)
			}
		}
		if len(rest) == 0 {
			return ita, transform.NewTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(rest...), ita), transform.NewTree, nil
	})
}

// colConjunct is a column's first `column = parameter` conjunct.
type colConjunct struct {
	col   string
	i     int
	exact bool // the access-path rule keys the column with the parameter
}

// exactKeys reports whether the conjuncts used (by index) all compare a
// column with a parameter of its own type.
func exactKeys(eq []colConjunct, used []int) bool {
	for _, i := range used {
		for _, c := range eq {
			if c.i == i && !c.exact {
				return false
			}
		}
	}
	return true
}

// conjunctOf finds col's conjunct in eq (a handful of entries: a map
// would cost more than the scan).
func conjunctOf(eq []colConjunct, col string) (int, bool) {
	for _, c := range eq {
		if c.col == col {
			return c.i, true
		}
	}
	return 0, false
}

// paramKey returns the run-time key `column = e` gives an index lookup
// when e is a parameter, and the type of the key's value: the parameter
// itself, possibly under an implicit integer widening cast (int4 to int8:
// the translator's coercion to int8 = int8), which the lookup's own
// conversion does; or a cast of the parameter (`$1::varchar(255)`),
// evaluated per execution.
func paramKey(e sql.Expression) (sql.Expression, *types.Type, bool) {
	if c, ok := e.(*expr.Cast); ok {
		_, pt, ok := paramOf(c.Child) // routine_plans.go
		if !ok {
			return nil, nil, false
		}
		if !c.Explicit && lookupCompatible(expr.TypeOf(c), pt) {
			return c.Child, pt, true
		}
		return c, expr.TypeOf(c), true
	}
	_, pt, ok := paramOf(e)
	if !ok {
		return nil, nil, false
	}
	return e, pt, true
}

// lookupCompatible reports whether `column = parameter` selects exactly
// the index entries equal to the parameter's value converted to the
// column's type: one type (not bpchar, whose comparison ignores trailing
// blanks), or an integer parameter widened to a wider integer column
// (int8 = int4 is PostgreSQL's cross-type int84eq, a numeric comparison).
func lookupCompatible(col, param *types.Type) bool {
	if col.Equals(param) {
		return col.Base().Kind != types.KindBpchar
	}
	switch {
	case col.Equals(types.Int8):
		return param.Equals(types.Int4) || param.Equals(types.Int2)
	case col.Equals(types.Int4):
		return param.Equals(types.Int2)
	}
	return false
}

// paramPrep is how Query runs a statement as a parametric one: under key,
// with slots, from the cached entry hit when there is one.
type paramPrep struct {
	key   string
	slots *paramSlots
	typs  []*types.Type
	vals  []any
	args  []any // the translator's parameters
	undo  func()
	hit   *cachedStmt
}

// cachedParametric finds the cached parametric translation of a text sent
// with arguments.
func (s *Session) cachedParametric(cacheKey string, version uint64, args []any) (*cachedStmt, []any, bool) {
	args = s.castArgs(cacheKey, version, args)
	vals := make([]any, len(args))
	var buf [64]byte
	sig := append(buf[:0], 1)
	for i, a := range args {
		var t *types.Type
		var ok bool
		if t, vals[i], ok = paramValue(a); !ok {
			return nil, nil, false
		}
		sig = appendParamType(sig, t)
	}
	sig = append(sig, 0)
	m := &s.paramKey
	if m.suffix != cacheKey || m.types != string(sig) {
		*m = paramKeyMemo{types: string(sig), suffix: cacheKey, key: string(sig) + cacheKey}
	}
	c, ok := s.cache.get(m.key, version)
	if !ok || c.noParam {
		return nil, nil, false
	}
	return c, vals, true
}

// parametric decides whether a parsed statement runs as a parametric one
// (nil when not). A text without arguments has its integer equality
// constants turned into parameters first; cacheKey is the text's own
// statement-cache key.
func (s *Session) parametric(stmt *pg.Node, text string, args []any, cacheKey string, version uint64) *paramPrep {
	if len(args) > 0 {
		args = s.typedCastArgs(stmt, text, cacheKey, version, args)
		key, typs, vals, ok := paramArgs(args, cacheKey)
		if !ok || !parametricStatement(stmt) {
			return nil
		}
		if c, ok := s.cache.get(key, version); ok && c.noParam {
			return nil
		}
		return &paramPrep{key: key, slots: &paramSlots{}, typs: typs, vals: vals, args: args}
	}
	ntext, nargs, starts, negs, undo, ok := normalizeLiterals(stmt, text)
	if !ok {
		return nil
	}
	key, typs, vals, _ := paramArgs(nargs, ntext+cacheKey[len(text):])
	if c, ok := s.cache.get(key, version); ok {
		if c.noParam {
			undo()
			return nil
		}
		// the literal text itself now leads to the entry, with its values
		s.plans.putTemplate(text, cacheKey[len(text):], version, s.cache.gen, c, starts, negs)
		return &paramPrep{hit: c, slots: c.slots, vals: vals}
	}
	return &paramPrep{key: key, slots: &paramSlots{}, typs: typs, vals: vals, args: nargs, undo: undo}
}

// literalTemplate leads texts that differ from one another only in their
// integer constants to their parametric entry, skipping the parse: params
// are the ordinals (among the text's integer tokens, lexInts) of the
// constants that are parameters, fixed the text every other integer token
// must have. Templates are kept apart from the statement cache so that a
// stream of distinct texts does not evict the one entry they all share.
type literalTemplate struct {
	entry   *cachedStmt
	params  []int  // ordinal of $1, $2, ...
	negs    []bool // the parameter is the token negated (`-5`)
	fixed   map[int]string
	version uint64
	gen     uint64
}

// lexInts finds the integer tokens of a text simple enough to tokenize
// without the parser: ASCII, no comments, dollar signs, backslashes or
// double quotes, and string constants only of the plain '...' form
// without doubled quotes. key is the text with each integer token replaced by \x02.
func lexInts(text string) (key string, ints [][2]int, ok bool) {
	if strings.Contains(text, "--") || strings.Contains(text, "/*") || strings.IndexByte(text, '\\') >= 0 {
		return "", nil, false
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\'':
			// a plain string constant, kept whole in the key: no doubled
			// quotes (backslashes were refused above for E'' strings)
			end := strings.IndexByte(text[i+1:], '\'')
			if end < 0 {
				return "", nil, false
			}
			i += end + 1
			if i+1 < len(text) && text[i+1] == '\'' {
				return "", nil, false
			}
		case c >= 0x80 || c == '"' || c == '$' || c == '\\' || c == '`':
			return "", nil, false
		case c >= '0' && c <= '9':
			if i > 0 && identChar(text[i-1]) {
				continue // inside an identifier
			}
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j < len(text) && (identChar(text[j]) || text[j] == '.') {
				i = j // a numeric constant of another form (1.5, 1e3, 0x1f, 1_000)
				continue
			}
			if i > 0 && text[i-1] == '.' {
				i = j - 1 // .5
				continue
			}
			b.WriteString(text[last:i])
			b.WriteByte(2)
			ints = append(ints, [2]int{i, j})
			last = j
			i = j - 1
		}
	}
	if len(ints) == 0 {
		return "", nil, false
	}
	b.WriteString(text[last:])
	return b.String(), ints, true
}

func identChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// literal finds the parametric entry of a text through its template, with
// the text's values.
func (p *planState) literal(text, suffix string, version, gen uint64) (*cachedStmt, []any, bool) {
	if p.templates.Len() == 0 {
		return nil, nil, false
	}
	key, ints, ok := lexInts(text)
	if !ok {
		return nil, nil, false
	}
	t, ok := p.templates.Get(key + suffix)
	if !ok || t.version != version || t.gen != gen || t.entry.noParam {
		return nil, nil, false
	}
	for ord, want := range t.fixed {
		if text[ints[ord][0]:ints[ord][1]] != want {
			return nil, nil, false
		}
	}
	vals := make([]any, len(t.params))
	for i, ord := range t.params {
		tok := text[ints[ord][0]:ints[ord][1]]
		v, err := strconv.ParseInt(tok, 10, 32)
		if err != nil || strconv.FormatInt(v, 10) != tok {
			return nil, nil, false // out of int4's range, or not canonical
		}
		if t.negs[i] {
			v = -v
		}
		vals[i] = int32(v)
	}
	return t.entry, vals, true
}

// putTemplate records the template of a text whose constants at byte
// offsets starts are parameters $1, $2, ... of entry c.
func (p *planState) putTemplate(text, suffix string, version, gen uint64, c *cachedStmt, starts []int, negs []bool) {
	key, ints, ok := lexInts(text)
	if !ok {
		return
	}
	t := literalTemplate{entry: c, params: make([]int, len(starts)), negs: negs, fixed: map[int]string{}, version: version, gen: gen}
	for i := range t.params {
		t.params[i] = -1
	}
	for ord, span := range ints {
		isParam := false
		for i, st := range starts {
			if st == span[0] {
				t.params[i], isParam = ord, true
			}
		}
		if !isParam {
			t.fixed[ord] = text[span[0]:span[1]]
		}
	}
	for _, ord := range t.params {
		if ord < 0 {
			return // a parameter the lexer did not see as an integer token
		}
	}
	p.keepTemplate(key+suffix, t) // plan_cache.go
}

// keepParametric caches a parametric translation: a query at once, an
// INSERT once its plan is kept (runStatement), since preparing an INSERT
// for planning rewrites its translation, which can then only run through
// that plan.
func (s *Session) keepParametric(pp *paramPrep, stmt *pg.Node, res translate.Result, version uint64) {
	c := &cachedStmt{node: stmt, res: res, slots: pp.slots}
	switch {
	case cacheable(res):
		s.cache.put(pp.key, version, c)
	case (res.Tag == "INSERT" || res.Tag == "UPDATE" && !res.Returning) && res.Stmt != nil && res.Cmd == nil:
		// an INSERT's RETURNING list is planned with it (analyzeQuery)
		c.pendingKey, c.pendingVersion = pp.key, version
	default:
		return
	}
	s.plans.entry = c
}

// Cast string arguments. A string argument is untyped, but one that the
// statement only ever uses as `$n::type`, with type a built-in type
// without typmod, is read by that cast's input function whatever the
// context: binding it as a parameter of that type (converted with the
// same input function, at the same point: before the statement runs)
// gives the same result, and lets the statement be cached as a parametric
// one. castTypes finds those types once per statement text; an argument
// that is not valid input for its type stays a string, so the statement
// reports the error as it did.

type castArgEntry struct {
	typs    []*types.Type
	version uint64
}

// castArgs converts the string arguments of a statement whose cast types
// are known (typedCastArgs found them on an earlier run).
func (s *Session) castArgs(cacheKey string, version uint64, args []any) []any {
	c, ok := s.plans.casts.Get(cacheKey)
	if !ok || c.typs == nil || c.version != version {
		return args
	}
	return s.applyCasts(c.typs, args)
}

// typedCastArgs finds the cast types of stmt's parameters, and the types
// of its untyped arguments (plan_infer.go), remembers them under
// cacheKey, and converts args.
func (s *Session) typedCastArgs(stmt *pg.Node, text, cacheKey string, version uint64, args []any) []any {
	c, known := s.plans.casts.Get(cacheKey)
	typs := c.typs
	if !known || c.version != version {
		typs = nil
		// a type named like a built-in one could come first only when
		// the path names pg_catalog after it
		if path, _ := s.Setting("search_path"); !strings.Contains(path, "pg_catalog") {
			typs = paramCastTypes(stmt, len(args), s.userType)
		}
		if inferred := s.inferParamTypes(stmt, text, args, typs); inferred != nil {
			if typs == nil {
				typs = make([]*types.Type, len(args))
			}
			for i, t := range inferred {
				if t != nil {
					typs[i] = t
				}
			}
		}
		s.plans.keepCastTypes(cacheKey, castArgEntry{typs: typs, version: version}) // plan_cache.go
	}
	if typs == nil {
		return args
	}
	return s.applyCasts(typs, args)
}

func (s *Session) applyCasts(typs []*types.Type, args []any) []any {
	var out []any
	for i, a := range args {
		if i >= len(typs) || typs[i] == nil {
			continue
		}
		var v any // an untyped NULL is a NULL of the parameter's type
		if a != nil {
			str, isStr := a.(string)
			if !isStr {
				continue
			}
			var err error
			if v, err = types.Input(typs[i], str, &s.env); err != nil {
				continue
			}
		}
		if out == nil {
			out = append([]any(nil), args...)
		}
		out[i] = translate.TypedParam{Type: typs[i], Value: v}
	}
	if out == nil {
		return args
	}
	return out
}

// paramCastTypes returns, for each of n parameters, the built-in type it
// is cast to when every reference to it is a cast to that one type
// without typmod (or a schema-qualified type userType finds, when not
// nil); nil when no parameter is.
func paramCastTypes(stmt *pg.Node, n int, userType func(schema, name string) *types.Type) []*types.Type {
	refs := make([]int, n)
	casts := make([]int, n)
	typs := make([]*types.Type, n)
	walkPG(stmt, func(m any) bool {
		switch x := m.(type) {
		case *pg.ParamRef:
			if i := int(x.Number) - 1; i >= 0 && i < n {
				refs[i]++
			}
		case *pg.TypeCast:
			p := x.Arg.GetParamRef()
			if p == nil {
				return true
			}
			i := int(p.Number) - 1
			if i < 0 || i >= n {
				return true
			}
			t := castTypeName(x.TypeName)
			if t == nil && userType != nil {
				t = qualifiedCastType(x.TypeName, userType)
			}
			if t == nil || typs[i] != nil && typs[i] != t {
				casts[i] = -1 << 30
				return true
			}
			typs[i] = t
			casts[i]++
		}
		return true
	})
	found := false
	for i := range typs {
		if typs[i] != nil && casts[i] == refs[i] {
			found = true
		} else {
			typs[i] = nil
		}
	}
	if !found {
		return nil
	}
	return typs
}

// castTypeName resolves a cast's type name to a built-in scalar type
// (written bare or pg_catalog-qualified, no typmod, no array bounds).
func castTypeName(tn *pg.TypeName) *types.Type {
	if tn == nil || tn.Setof || tn.PctType || len(tn.Typmods) > 0 || len(tn.ArrayBounds) > 0 || tn.Typemod != -1 && tn.Typemod != 0 {
		return nil
	}
	names := tn.Names
	if len(names) == 2 && names[0].GetString_().GetSval() == "pg_catalog" {
		names = names[1:]
	}
	if len(names) != 1 {
		return nil
	}
	t, ok := types.ByName(names[0].GetString_().GetSval())
	if !ok || t.Kind == types.KindUnknown || t.Kind == types.KindArray || t.Mod != -1 {
		return nil
	}
	return t
}

// qualifiedCastType resolves a cast's schema-qualified type name (outside
// pg_catalog; no typmod, no array bounds) with userType.
func qualifiedCastType(tn *pg.TypeName, userType func(schema, name string) *types.Type) *types.Type {
	if tn == nil || tn.Setof || tn.PctType || len(tn.Typmods) > 0 || len(tn.ArrayBounds) > 0 || tn.Typemod != -1 && tn.Typemod != 0 || len(tn.Names) != 2 {
		return nil
	}
	schema, name := tn.Names[0].GetString_().GetSval(), tn.Names[1].GetString_().GetSval()
	if schema == "" || name == "" || schema == "pg_catalog" {
		return nil
	}
	return userType(schema, name)
}

// userType finds a type of the session's catalog by schema and name, if
// an argument may be read as it before the statement runs (inferable).
func (s *Session) userType(schema, name string) *types.Type {
	t, ok := s.translatorCatalog().(*sessionCatalog).LookupType(schema, name)
	if !ok || t.Mod != -1 || !inferable(t) {
		return nil
	}
	return t
}

// keepParams wraps GMS's simplifyFilters rule, which evaluates every
// filter sub-expression that reads no column and puts its value in the
// plan: a parameter would be replaced by the value of the execution that
// planned it. While a parametric statement is analyzed (analyzeQuery sets
// holdParams), its parameters in filters are hidden from the rule as bind
// variables, which it leaves alone, and put back afterwards; so a
// condition such as `qty = $1` or `name like $1 || '%'` keeps reading its
// parameter when the plan runs again.
func keepParams(simplify analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if s, ok := fromContext(ctx); !ok || !s.plans.holdParams {
			return simplify(ctx, a, n, sc, sel, qf)
		}
		held := map[string]sql.Expression{}
		hidden, err := swapFilterExprs(n, func(e sql.Expression) sql.Expression {
			name, ok := heldName(e, len(held)) // plan_volatile.go
			if !ok {
				return nil
			}
			held[name] = e
			return expression.NewBindVar(name)
		})
		if err != nil || len(held) == 0 {
			return simplify(ctx, a, n, sc, sel, qf)
		}
		out, same, err := simplify(ctx, a, hidden, sc, sel, qf)
		if err != nil {
			return out, same, err
		}
		restored, err := swapFilterExprs(out, func(e sql.Expression) sql.Expression {
			if bv, ok := e.(*expression.BindVar); ok {
				if p, ok := held[bv.Name]; ok {
					return p
				}
			}
			return nil
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		return restored, transform.NewTree, nil
	}
}

// heldParamPrefix names the bind variables keepParams hides parameters
// as (no SQL text can name one: it starts with a NUL).
const heldParamPrefix = "\x00tinybase-param-"

// swapFilterExprs replaces, in the conditions of the plan's filters
// (through derived tables and the subqueries of those conditions), every
// expression for which swap returns a replacement.
func swapFilterExprs(n sql.Node, swap func(sql.Expression) sql.Expression) (sql.Node, error) {
	var exprFn transform.ExprFunc
	var nodeFn transform.NodeFunc
	exprFn = func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if r := swap(e); r != nil {
			return r, transform.NewTree, nil
		}
		if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
			q, same, err := transform.NodeWithOpaque(sq.Query, nodeFn)
			if err != nil || same {
				return e, transform.SameTree, err
			}
			return sq.WithQuery(q), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	}
	nodeFn = func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		e, same, err := transform.Expr(f.Expression, exprFn)
		if err != nil || same {
			return n, transform.SameTree, err
		}
		return plan.NewFilter(e, f.Child), transform.NewTree, nil
	}
	out, _, err := transform.NodeWithOpaque(n, nodeFn)
	return out, err
}
