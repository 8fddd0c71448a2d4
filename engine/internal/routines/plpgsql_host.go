package routines

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// plPlanLimits bound a session's compiled PL/pgSQL expressions and
// statements. They are keyed by the body's Expr: a function replaced or a
// new DO block brings new ones, so the old ones must be evicted rather
// than kept for the session's life (engine/internal/cache).
var plPlanLimits = cache.Limits{Entries: 2048, Bytes: 16 << 20}

// keepPLPlan stores a compiled Expr; it costs its text and, growing with
// it, the parse and translation.
func keepPLPlan(c *cache.LRU[*plpgsql.Expr, *plPlan], e *plpgsql.Expr, p *plPlan) {
	c.Put(e, p, 1024+16*int64(len(p.text)))
}

// plState is a session's PL/pgSQL state: compiled expressions and
// statements per body Expr (translations are bound to the session's
// environment, so they are not shared between sessions), and the call depth.
type plState struct {
	plans *cache.LRU[*plpgsql.Expr, *plPlan] // bounded: plPlanLimits
	depth int
	// frames are the running calls, innermost last.
	frames []*plpgsql.Frame
	// timeout is the statement_timeout context derived for parent.
	parent  context.Context
	timeout context.Context
	cancel  context.CancelFunc
	// outerIdle is set while the outermost call runs outside a
	// transaction block (COMMIT / ROLLBACK are allowed then).
	outerIdle bool
	// trigs are the trigger contexts built lately (plpgsql_handler.go).
	trigs []trigCache
	// sctx is the sql.Context made for calls running under context sctxOf.
	sctx   *sql.Context
	sctxOf context.Context
}

// maxPLDepth bounds nested PL/pgSQL calls (PostgreSQL's max_stack_depth
// ends infinite recursion with 54001).
const maxPLDepth = 200

// plPlan is one compiled Expr.
type plPlan struct {
	version uint64
	gen     uint64
	// role is the current role the plan was secured for (privileges and
	// row security are translated in, engine/internal/cache); anyRole
	// marks a simple expression nothing of whose translation depends on
	// the role (no calls, no subqueries), so the per-evaluation check of
	// the role is skipped.
	role    string
	anyRole bool
	// path is the search path the plan's names were resolved on.
	path string
	node *pg.Node // parsed statement (SELECT <expr> for expressions)
	text string
	// fast is the expression compiled without the planner, when simple.
	fast    sql.Expression
	fastTyp *types.Type
	// res is a reusable translation (queries and DELETE), slot its plan
	// as the session keeps it.
	res  *translate.Result
	slot *PlanSlot
	// vars are the datums the translation referenced, with the types it assumed.
	vars  []int
	vtyps []varSig
	// loc is the TimeZone the translation folded constants with.
	loc *time.Location
	// folded caches a constant expression's value after an assignment
	// cast, for the environment it was cast in (see EvalAssign).
	folded []foldedCast
}

// foldedCast is a constant's value cast to one target type. The cast of
// an untyped literal depends on TimeZone ('... +01' vs local times) and
// on the transaction start ('now'), so those are part of the key.
type foldedCast struct {
	to      *types.Type
	loc     *time.Location
	now     time.Time
	version uint64 // catalog version (enum labels, domains)
	v       any
}

// varSig is the type a plan assumed for a variable: the type itself, or
// for records the field names and types (row types are rebuilt per
// trigger call, so they compare by structure).
type varSig struct {
	t      *types.Type
	names  []string
	fields []*types.Type
}

func recordShape(v any, t *types.Type) (names []string, fields []*types.Type, ok bool) {
	if t != nil && len(t.Fields) > 0 {
		names = make([]string, len(t.Fields))
		fields = make([]*types.Type, len(t.Fields))
		for i, f := range t.Fields {
			names[i], fields[i] = f.Name, f.Type
		}
		return names, fields, true
	}
	if r, isRec := v.(*types.RecordVal); isRec {
		return append([]string(nil), r.Names...), append([]*types.Type(nil), r.Types...), true
	}
	return nil, nil, false
}

func sigOf(v any, t *types.Type) varSig {
	if names, fields, ok := recordShape(v, t); ok {
		return varSig{names: names, fields: fields}
	}
	return varSig{t: t}
}

// matches reports whether a variable still has the type the plan assumed,
// without allocating.
func (g *varSig) matches(v any, t *types.Type) bool {
	if g.fields == nil {
		if t != nil && len(t.Fields) > 0 {
			return false
		}
		if _, isRec := v.(*types.RecordVal); isRec {
			return false
		}
		return g.t == t
	}
	var n int
	name := func(i int) string { return "" }
	typ := func(i int) *types.Type { return nil }
	switch {
	case t != nil && len(t.Fields) > 0:
		n = len(t.Fields)
		name = func(i int) string { return t.Fields[i].Name }
		typ = func(i int) *types.Type { return t.Fields[i].Type }
	default:
		r, isRec := v.(*types.RecordVal)
		if !isRec {
			return false
		}
		n = len(r.Names)
		name = func(i int) string { return r.Names[i] }
		typ = func(i int) *types.Type { return r.Types[i] }
	}
	if n != len(g.fields) {
		return false
	}
	for i := 0; i < n; i++ {
		ft := typ(i)
		if name(i) != g.names[i] || (ft != g.fields[i] && (ft == nil || g.fields[i] == nil || ft.OID != g.fields[i].OID || ft.Mod != g.fields[i].Mod)) {
			return false
		}
	}
	return true
}

// plHost implements plpgsql.Host for one call on one session.
type plHost struct {
	s    Host
	gctx *sql.Context // the calling statement's context, when there is one
}

var _ plpgsql.Host = (*plHost)(nil)

func (h *plHost) sqlCtx(ctx context.Context) *sql.Context {
	if h.gctx == nil {
		ps := &h.s.RoutineState().pl
		if gc, ok := ctx.(*sql.Context); ok && gc.Session == h.s.GMSSession() {
			h.gctx = gc
		} else if ps.sctx != nil && ps.sctxOf == ctx {
			// calls from one statement (a trigger per row) share one
			h.gctx = ps.sctx
		} else {
			h.gctx = sql.NewContext(ctx, sql.WithSession(h.s.GMSSession()))
			ps.sctx, ps.sctxOf = h.gctx, ctx
		}
	}
	return h.gctx
}

// Enter implements plpgsql.Host: the session keeps a stack of running
// frames; plVarExpr reads the top one.
func (h *plHost) Enter(fr *plpgsql.Frame) func() {
	st := h.s.RoutineState()
	ps := &st.pl
	ps.frames = append(ps.frames, fr)
	n := len(ps.frames)
	pop := st.pushContext(fr, fr.ContextLine)
	return func() {
		pop()
		ps.frames = ps.frames[:n-1]
	}
}

// OuterContext implements plpgsql.Host.
func (h *plHost) OuterContext(fr *plpgsql.Frame) string {
	return h.s.RoutineState().contextOutside(fr)
}

// SchemaVisible implements plpgsql.Host.
func (h *plHost) SchemaVisible(schema string) bool { return schemaVisible(h.s, schema) }

// schemaVisible reports whether schema is on h's search path (pg_catalog
// always is), so its functions are named without it.
func schemaVisible(h Host, schema string) bool {
	if schema == "pg_catalog" {
		return true
	}
	for _, s := range h.SearchPath() {
		if s == schema {
			return true
		}
	}
	return false
}

func (h *plHost) valid(p *plPlan, fr *plpgsql.Frame, needPlanner bool) bool {
	if needPlanner && (p.version != h.s.CatalogVersion() || p.gen != h.s.PlanGeneration()) {
		return false
	}
	if needPlanner && p.path != searchPathKey(h.s) {
		return false // names resolve elsewhere now
	}
	if !p.anyRole && p.role != h.s.CurrentUser() {
		// secured for another role (SET ROLE, SECURITY DEFINER, or the
		// same function called by another role in this session)
		return false
	}
	if p.loc != h.s.TypesEnv().Loc {
		// literals were folded in another time zone
		return false
	}
	for i, dno := range p.vars {
		v, t := fr.VarValue(dno)
		if !p.vtyps[i].matches(v, t) {
			return false
		}
	}
	return true
}

// plan compiles e for the current variable types.
func (h *plHost) plan(fr *plpgsql.Frame, e *plpgsql.Expr) (*plPlan, error) {
	s := h.s
	ps := &s.RoutineState().pl
	if ps.plans == nil {
		ps.plans = cache.New[*plpgsql.Expr, *plPlan](plPlanLimits)
	}
	if p, _ := ps.plans.Get(e); p != nil && h.valid(p, fr, p.fast == nil) {
		return p, nil
	}
	p := &plPlan{version: s.CatalogVersion(), gen: s.PlanGeneration(), loc: s.TypesEnv().Loc, role: s.CurrentUser(), path: searchPathKey(s)}
	if old, _ := ps.plans.Peek(e); old != nil {
		p.node, p.text = old.node, old.text
	}
	if p.node == nil {
		p.text = e.Text
		if !e.Query {
			p.text = "SELECT " + e.Text
		}
		tree, err := pgtree.Parse(p.text)
		if err != nil {
			return nil, pgtree.SyntaxError(err)
		}
		if len(tree.Stmts) != 1 {
			return nil, pgerror.New(pgerror.SyntaxError, "query \"%s\" returned %d columns", e.Text, len(tree.Stmts))
		}
		p.node = tree.Stmts[0].Stmt
	}
	// Privileges and row security of the current role, as for a client
	// statement (PostgreSQL plans a body's statements for the role
	// current when they run).
	secured, err := s.SecureStatement(p.node)
	if err != nil {
		return nil, err
	}
	tr := h.translator(fr, e, p)
	if !e.Query {
		if sel := secured.GetSelectStmt(); sel != nil && simpleSelect(sel) {
			if fast, ok, err := tr.BuildScalar(sel.TargetList[0].GetResTarget().Val); err != nil {
				return nil, err
			} else if ok {
				p.fast, p.fastTyp = fast, expr.TypeOf(fast)
				p.anyRole = roleFree(p.node)
				keepPLPlan(ps.plans, e, p)
				return p, nil
			}
			p.vars, p.vtyps = nil, nil
		}
	}
	res, err := tr.Statement(secured)
	if err != nil {
		return nil, err
	}
	if s.ReusableTranslation(res) {
		p.res, p.slot = &res, &PlanSlot{}
	}
	keepPLPlan(ps.plans, e, p)
	return p, nil
}

// roleFree reports whether a simple expression's translation cannot
// depend on the current role: it holds only variables, constants,
// operators, casts and boolean tests (a call is checked for EXECUTE, a
// subquery for privileges and row security).
func roleFree(n *pg.Node) bool {
	return pgtree.Walk(n, func(m any) bool {
		switch m.(type) {
		case *pg.Node, *pg.SelectStmt, *pg.ResTarget, *pg.ColumnRef, *pg.String, *pg.A_Const, *pg.Integer,
			*pg.Float, *pg.Boolean, *pg.BitString, *pg.A_Expr, *pg.TypeCast, *pg.TypeName, *pg.BoolExpr,
			*pg.NullTest, *pg.BooleanTest, *pg.ParamRef, *pg.A_Indirection, *pg.A_Indices, *pg.A_Star:
			return true
		}
		return false
	})
}

// simpleSelect is PostgreSQL's "simple expression": one target, no FROM,
// no clauses.
func simpleSelect(sel *pg.SelectStmt) bool {
	return len(sel.TargetList) == 1 && len(sel.FromClause) == 0 && sel.WhereClause == nil && len(sel.GroupClause) == 0 &&
		sel.HavingClause == nil && len(sel.SortClause) == 0 && sel.LimitCount == nil && sel.WithClause == nil &&
		len(sel.ValuesLists) == 0 && sel.Op == pg.SetOperation_SETOP_NONE && len(sel.DistinctClause) == 0
}

func (h *plHost) translator(fr *plpgsql.Frame, e *plpgsql.Expr, p *plPlan) *translate.Translator {
	tr := h.s.Translator()
	tr.BoundParams = func(n int) (sql.Expression, bool) {
		dno := n - 1
		if n == 0 {
			// $0: a polymorphic function's result variable (declareResultVar)
			if d, ok := e.Scope[resultVar]; ok {
				dno = d
			}
		} else if dno >= fr.Fn.NParams {
			return nil, false
		}
		if dno < 0 {
			return nil, false
		}
		v, t := fr.VarValue(dno)
		p.vars = append(p.vars, dno)
		p.vtyps = append(p.vtyps, sigOf(v, t))
		if t == nil {
			t = types.Unknown
		}
		return &plVarExpr{dno: dno, typ: t, name: fmt.Sprintf("$%d", n)}, true
	}
	tr.Vars = func(parts []string) (sql.Expression, bool, error) {
		name := strings.ToLower(parts[0])
		dno, ok := e.Scope[name]
		if len(parts) >= 2 {
			// label.variable, or function_name.parameter
			if ldno, lok := e.Scope[name+"."+strings.ToLower(parts[1])]; lok {
				dno, ok, name = ldno, true, strings.ToLower(parts[1])
				parts = parts[1:]
			} else if name == fr.Fn.Name && fr.Fn.Name != "" {
				for i := 0; i < fr.Fn.NParams; i++ {
					if fr.Fn.Datums[i].Name == strings.ToLower(parts[1]) {
						dno, ok, name = i, true, fr.Fn.Datums[i].Name
						parts = parts[1:]
						break
					}
				}
			}
		}
		if !ok {
			return nil, false, nil
		}
		v, t := fr.VarValue(dno)
		p.vars = append(p.vars, dno)
		p.vtyps = append(p.vtyps, sigOf(v, t))
		if t == nil {
			t = types.Unknown
		}
		if r, isRec := v.(*types.RecordVal); isRec && len(t.Fields) == 0 {
			t = recordValType(r)
		}
		ve := &plVarExpr{dno: dno, typ: t, name: name}
		if len(parts) == 1 {
			return ve, true, nil
		}
		if len(parts) > 2 {
			return nil, false, nil
		}
		if t.Base().Kind != types.KindRecord && !fr.IsRecord(dno) {
			return nil, false, nil
		}
		if v == nil && len(t.Fields) == 0 {
			return nil, false, pgerror.New("55000", "record \"%s\" is not assigned yet", name).WithDetail("The tuple structure of a not-yet-assigned record is indeterminate.")
		}
		fe, err := expr.SelectField(ve, parts[1])
		if err != nil {
			if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.UndefinedColumn {
				return nil, false, pgerror.New(pgerror.UndefinedColumn, "record \"%s\" has no field \"%s\"", name, parts[1])
			}
			return nil, false, err
		}
		return fe, true, nil
	}
	return tr
}

func recordValType(r *types.RecordVal) *types.Type {
	fields := make([]types.Field, len(r.Names))
	for i := range r.Names {
		fields[i] = types.Field{Name: r.Names[i], Type: r.Types[i]}
	}
	return types.RowType("", "record", fields)
}

// Eval implements plpgsql.Host.
func (h *plHost) Eval(ctx context.Context, fr *plpgsql.Frame, e *plpgsql.Expr) (any, *types.Type, error) {
	p, err := h.plan(fr, e)
	if err != nil {
		return nil, nil, PLError(err)
	}
	if p.fast != nil {
		v, err := p.fast.Eval(h.sqlCtx(ctx), nil)
		if err != nil {
			return nil, nil, PLError(h.s.MapError(err))
		}
		return v, p.fastTyp, nil
	}
	res, err := h.run(ctx, fr, e, p)
	if err != nil {
		return nil, nil, err
	}
	if len(res.Names) != 1 {
		return nil, nil, pgerror.New(pgerror.SyntaxError, "query \"%s\" returned %d columns", p.text, len(res.Names))
	}
	if len(res.Rows) > 1 {
		return nil, nil, pgerror.New(pgerror.CardinalityViolation, "query \"%s\" returned more than one row", p.text)
	}
	if len(res.Rows) == 0 {
		return nil, res.Types[0], nil
	}
	return res.Rows[0][0], res.Types[0], nil
}

// maxFolded bounds the folded casts kept per plan (one per target type
// an assignment of the expression has met).
const maxFolded = 4

// EvalAssign implements plpgsql.AssignEvaluator: Eval followed by the
// assignment cast to `to`. When the compiled expression is a constant
// (an untyped or typed literal, as PostgreSQL's planner folds constant
// sub-expressions), the cast result is kept in the plan for the
// session's TimeZone and transaction start, so a trigger assigning
// '2024-01-01 00:00:00+00' to a timestamptz column does not re-parse the
// literal on every row. Casts whose result depends on more than that
// (domains with CHECK constraints, reg* types resolved through the
// catalog) are never folded.
func (h *plHost) EvalAssign(ctx context.Context, fr *plpgsql.Frame, e *plpgsql.Expr, to *types.Type) (any, *types.Type, error) {
	p, err := h.plan(fr, e)
	if err != nil {
		return nil, nil, PLError(err)
	}
	lit, isConst := p.fast.(*expr.Literal)
	if !isConst || lit.Value == nil || !foldableCast(to) {
		v, t, err := h.Eval(ctx, fr, e)
		if err != nil {
			return nil, nil, err
		}
		if v == nil || t == to {
			return v, t, nil
		}
		cv, err := h.Cast(v, t, to)
		if err != nil {
			return nil, nil, err
		}
		return cv, to, nil
	}
	env := h.s.TypesEnv()
	version := h.s.CatalogVersion()
	for i := range p.folded {
		if f := &p.folded[i]; f.to == to && f.loc == env.Loc && f.version == version && f.now.Equal(env.Now) {
			return f.v, to, nil
		}
	}
	cv, err := h.Cast(lit.Value, p.fastTyp, to)
	if err != nil {
		return nil, nil, literalInputError(err, p)
	}
	fc := foldedCast{to: to, loc: env.Loc, now: env.Now, version: version, v: cv}
	if len(p.folded) < maxFolded {
		p.folded = append(p.folded, fc)
	} else {
		p.folded[0] = fc
	}
	return cv, to, nil
}

// literalInputError gives the input error of a string literal assigned
// to a variable ('abc' to an integer) the literal's place in the
// expression: PostgreSQL coerces it while it plans the assignment, so
// the error carries the assignment as internal query (PLError).
func literalInputError(err error, p *plPlan) error {
	pe, ok := pgerror.As(err)
	if !ok || pe.Position != 0 || pe.InternalPosition != 0 {
		return err
	}
	c := p.node.GetSelectStmt().GetTargetList()[0].GetResTarget().GetVal().GetAConst()
	if c == nil || c.GetSval() == nil || int(c.Location) > len(p.text) {
		return err
	}
	cp := *pe
	cp.InternalPosition = utf8.RuneCountInString(p.text[:c.Location]) + 1
	return &cp
}

// foldableCast reports whether an assignment cast to t depends only on
// the value, TimeZone and the transaction start.
func foldableCast(t *types.Type) bool {
	if t == nil || t.Domain != nil || t.Kind == types.KindRecord || len(t.Fields) > 0 {
		return false
	}
	switch b := t.Base(); b.OID {
	case 24, 2202, 2203, 2204, 2205, 2206, 3734, 3769, 4089, 4096, 4191: // regproc ... regcollation
		return false
	default:
		return b.Kind != types.KindArray || foldableCast(b.Elem)
	}
}

// Query implements plpgsql.Host.
func (h *plHost) Query(ctx context.Context, fr *plpgsql.Frame, e *plpgsql.Expr) (*plpgsql.Result, error) {
	p, err := h.plan(fr, e)
	if err != nil {
		return nil, PLError(err)
	}
	return h.run(ctx, fr, e, p)
}

func (h *plHost) run(ctx context.Context, fr *plpgsql.Frame, e *plpgsql.Expr, p *plPlan) (*plpgsql.Result, error) {
	var res translate.Result
	var slot *PlanSlot
	if p.res != nil {
		res, slot = *p.res, p.slot
	} else {
		// secured again on each run: an INSERT or UPDATE registers its
		// WITH CHECK expressions for the statement about to run
		secured, err := h.s.SecureStatement(p.node)
		if err != nil {
			return nil, PLError(err)
		}
		p.vars, p.vtyps = nil, nil
		r, err := h.translator(fr, e, p).Statement(secured)
		if err != nil {
			return nil, PLError(err)
		}
		res = r
	}
	if _, ok := res.Cmd.(*translate.Txn); ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "unsupported transaction command in PL/pgSQL")
	}
	if err := h.s.ApplyCatalog(res.Catalog); err != nil {
		return nil, PLError(err)
	}
	return h.s.RunNested(ctx, p.text, p.node, res, slot)
}

// PLError moves the statement position out of the client's statement: an
// error inside a body has none there. A position in the body's statement
// becomes its InternalPosition, which the PL/pgSQL frame pairs with the
// statement's text (plpgsql's internalQuery), as PostgreSQL's SPI does.
func PLError(err error) error {
	if pe, ok := pgerror.As(err); ok && pe.Position != 0 {
		cp := *pe
		if cp.Position > 0 && cp.Where == "" && cp.InternalQuery == "" {
			cp.InternalPosition = cp.Position
		}
		cp.Position = 0
		return &cp
	}
	return err
}

// Dynamic implements plpgsql.Host: EXECUTE with USING parameters.
func (h *plHost) Dynamic(ctx context.Context, text string, params []plpgsql.Value) (*plpgsql.Result, error) {
	s := h.s
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) > 1 {
		// EXECUTE runs a string of several commands one after another,
		// as SPI does; the last one's result is the statement's.
		var res *plpgsql.Result
		for _, st := range tree.Stmts {
			end := len(text)
			if st.StmtLen > 0 {
				end = int(st.StmtLocation + st.StmtLen)
			}
			if res, err = h.Dynamic(ctx, text[st.StmtLocation:end], params); err != nil {
				return nil, err
			}
		}
		return res, nil
	}
	if len(tree.Stmts) == 0 {
		return &plpgsql.Result{}, nil // an empty string runs nothing
	}
	node := tree.Stmts[0].Stmt
	if ex := node.GetExecuteStmt(); ex != nil && len(ex.Params) == 0 {
		// EXECUTE 'EXECUTE name': the statement PREPARE kept as name
		// (pgTAP's results_eq('name', …) opens it as a cursor).
		prepared, ok := s.PreparedSQL(ex.Name)
		if !ok {
			return nil, pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", ex.Name)
		}
		ptree, err := pgtree.Parse(prepared)
		if err != nil || len(ptree.Stmts) != 1 {
			return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
		}
		text, node = prepared, ptree.Stmts[0].Stmt
	}
	tr := s.Translator()
	tr.Vars = func(parts []string) (sql.Expression, bool, error) { return nil, false, nil }
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = paramValue(p, s.TypesEnv())
	}
	tr.Params = args
	secured, err := s.SecureStatement(node)
	if err != nil {
		return nil, PLError(err)
	}
	res, err := tr.Statement(secured)
	if err != nil {
		return nil, PLError(err)
	}
	if _, ok := res.Cmd.(*translate.Txn); ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "EXECUTE of transaction commands is not implemented")
	}
	if err := s.ApplyCatalog(res.Catalog); err != nil {
		return nil, PLError(err)
	}
	return s.RunNested(ctx, text, node, res, nil)
}

// paramValue turns a typed value into a translator parameter: Go values
// the translator types itself, others as text it reads as unknown.
func paramValue(p plpgsql.Value, env *types.Env) any {
	switch x := p.V.(type) {
	case nil, int32, int64, float64, bool, string:
		return x
	case int16:
		return int32(x)
	}
	return types.Output(p.T, p.V, env)
}

// Cast implements plpgsql.Host: an assignment cast, or I/O conversion
// when there is none (as PL/pgSQL does).
func (h *plHost) Cast(v any, from, to *types.Type) (any, error) {
	if v == nil {
		return nil, nil
	}
	if from == nil {
		from = types.Unknown
	}
	if from.OID == to.OID && from.Mod == to.Mod && from.Domain == nil && to.Domain == nil {
		return v, nil
	}
	env := h.s.TypesEnv()
	if _, ok := types.LookupUserCast(env, from, to); ok && h.gctx != nil {
		// a cast CREATE CAST made runs as an expression (its function)
		if e, err := expr.Coerce(env, expr.NewLiteral(from, v), to, types.CastAssignment); err == nil {
			return e.Eval(h.gctx, nil)
		}
	}
	if types.CastAllowed(from, to, types.CastAssignment) {
		return types.Cast(v, from, to, false, env)
	}
	return types.Input(to, types.Output(from, v, env), env)
}

// Output implements plpgsql.Host.
func (h *plHost) Output(v any, t *types.Type) string {
	if t == nil {
		t = types.Unknown
	}
	return types.Output(t, v, h.s.TypesEnv())
}

// ResolveType implements plpgsql.Host.
func (h *plHost) ResolveType(ctx context.Context, name string) (*types.Type, error) {
	lower := strings.ToLower(name)
	if strings.HasSuffix(lower, "%type") {
		ref := strings.TrimSpace(name[:len(name)-len("%type")])
		i := strings.LastIndexByte(ref, '.')
		if i < 0 {
			return nil, pgerror.New(pgerror.SyntaxError, "invalid type name \"%s\"", name)
		}
		r, err := h.queryText(ctx, "SELECT "+ref[i+1:]+" FROM "+ref[:i]+" LIMIT 0")
		if err != nil {
			return nil, err
		}
		return r.Types[0], nil
	}
	if strings.HasSuffix(lower, "%rowtype") {
		rel := strings.TrimSpace(name[:len(name)-len("%rowtype")])
		r, err := h.queryText(ctx, "SELECT * FROM "+rel+" LIMIT 0")
		if err != nil {
			return nil, err
		}
		fields := make([]types.Field, len(r.Names))
		for i := range r.Names {
			fields[i] = types.Field{Name: r.Names[i], Type: r.Types[i]}
		}
		return types.RowType("", rel, fields), nil
	}
	tree, err := pgtree.Parse("SELECT NULL::" + name)
	if err != nil {
		return nil, pgerror.New(pgerror.SyntaxError, "syntax error at or near \"%s\"", name)
	}
	tc := tree.Stmts[0].Stmt.GetSelectStmt().TargetList[0].GetResTarget().Val.GetTypeCast()
	tr := h.s.Translator()
	t, err := tr.ResolveTypeName(tc.TypeName)
	if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.UndefinedObject && len(tc.TypeName.ArrayBounds) == 0 {
		// a table's name is its row type
		if rt, rerr := h.ResolveType(ctx, name+"%ROWTYPE"); rerr == nil {
			return rt, nil
		}
	}
	return t, err
}

func (h *plHost) queryText(ctx context.Context, text string) (*plpgsql.Result, error) {
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	node := tree.Stmts[0].Stmt
	tr := h.s.Translator()
	res, err := tr.Statement(node)
	if err != nil {
		return nil, PLError(err)
	}
	return h.s.RunNested(ctx, text, node, res, nil)
}

// Notice implements plpgsql.Host: RAISE below ERROR. The session sends
// it when client_min_messages lets it through.
func (h *plHost) Notice(level, code, message, detail, hint string) {
	h.s.AddNotice(routine.Notice{Severity: level, Code: code, Message: message, Detail: detail, Hint: hint})
}

// Savepoint implements plpgsql.Host: a block with an exception handler
// starts a subtransaction (subtxn, caller.go).
func (h *plHost) Savepoint() any { return subtxn{h.s.StorageTxn().Savepoint(), h.s.AdvisoryMark()} }

// RollbackTo implements plpgsql.Host.
func (h *plHost) RollbackTo(mark any) {
	if m, ok := mark.(subtxn); ok {
		h.s.StorageTxn().RollbackTo(m.mark)
		h.s.AdvisoryRollbackTo(m.advisory)
	}
}

// EndTransaction implements plpgsql.Host: COMMIT / ROLLBACK in a DO
// block or procedure run outside a transaction block.
func (h *plHost) EndTransaction(commit bool) error {
	ps := &h.s.RoutineState().pl
	if ps.depth != 1 || !ps.outerIdle {
		return pgerror.New("2D000", "invalid transaction termination")
	}
	return h.s.EndTransaction(commit)
}

// Check implements plpgsql.Host.
func (h *plHost) Check(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return h.s.MapError(err)
	}
	return nil
}

// plVarExpr reads a PL/pgSQL variable of the running Frame.
type plVarExpr struct {
	dno  int
	typ  *types.Type
	name string
}

var _ sql.Expression = (*plVarExpr)(nil)

func (v *plVarExpr) Resolved() bool                                           { return true }
func (v *plVarExpr) Type() sql.Type                                           { return v.typ }
func (v *plVarExpr) IsNullable() bool                                         { return true }
func (v *plVarExpr) Children() []sql.Expression                               { return nil }
func (v *plVarExpr) String() string                                           { return v.name }
func (v *plVarExpr) PGType() *types.Type                                      { return v.typ }
func (v *plVarExpr) WithChildren(c ...sql.Expression) (sql.Expression, error) { return v, nil }

// Ordinal implements RuntimeParam.
func (v *plVarExpr) Ordinal() int { return v.dno }
func (v *plVarExpr) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	var fr *plpgsql.Frame
	if sh, ok := ctx.Session.(stateHolder); ok {
		if frames := sh.RoutineState().pl.frames; len(frames) > 0 {
			fr = frames[len(frames)-1]
		}
	}
	if fr == nil {
		return nil, pgerror.New(pgerror.InternalError, "PL/pgSQL variable %s used outside its function", v.name)
	}
	val, _ := fr.VarValue(v.dno)
	return val, nil
}

// OpenCursor implements plpgsql.Host (OPEN): the session keeps the cursor.
func (h *plHost) OpenCursor(name string, res *plpgsql.Result, scroll bool) (string, error) {
	return h.s.OpenCursorRows(name, res, scroll)
}
