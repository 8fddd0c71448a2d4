package session

import (
	"context"
	"fmt"
	"github.com/tinybase/tinybase/internal/pgtree"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// codeStatementTooComplex is SQLSTATE 54001 (stack depth limit exceeded).
const codeStatementTooComplex = "54001"

// maxCallDepth bounds nested routine calls: PostgreSQL's max_stack_depth
// (2MB) allows a few hundred levels of SQL function recursion.
const maxCallDepth = 200

// routineState is a session's routine-call state.
type routineState struct {
	// frames are the parameter values of the running body statements,
	// innermost last; boundParam expressions read the top frame.
	frames [][]any
	depth  int
	// after holds the queued AFTER trigger firings per statement level:
	// the session's statement, then each statement running inside a
	// routine (trigger_fire.go).
	after [][]afterEvent
	// transition holds the transition tables of the running AFTER
	// triggers, innermost last (trigger_transition.go).
	transition []transitionRel
	// rawChecks makes storage hand out check constraints as stored
	// (routine_deps.go reads their text).
	rawChecks bool
}

// routineCache is an engine's cache of prepared routine pieces.
type routineCache struct {
	when cache.Shared[*catalog.Trigger, *routineStmt] // WHEN conditions (cache_host.go)
}

var _ translate.RoutineRunner = (*Session)(nil)

// CallRoutine runs a user function called in an expression.
func (s *Session) CallRoutine(ctx *sql.Context, fn *catalog.Function, args []any) (any, error) {
	res, err := s.callRoutine(ctx, fn, args, nil)
	if err != nil {
		return nil, err
	}
	if res.Null {
		return nil, nil
	}
	return res.Value, nil
}

// CurrentRoutine implements translate.RoutineRunner.
func (s *Session) CurrentRoutine(oid uint32) (*catalog.Function, bool) {
	return s.catalog().FunctionByOID(oid)
}

// callRoutine runs a routine through its language handler: call depth,
// cancellation and the routine's SET options are handled here.
func (s *Session) callRoutine(ctx *sql.Context, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	if err := ctx.Err(); err != nil {
		return routine.Result{}, cancelError(err)
	}
	h, err := s.eng.handler(fn.Language)
	if err != nil {
		return routine.Result{}, err
	}
	if h == nil {
		return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported, "language %q is not supported yet", fn.Language)
	}
	if s.rt.depth >= maxCallDepth {
		return routine.Result{}, pgerror.New(codeStatementTooComplex, "stack depth limit exceeded").
			WithHint(`Increase the configuration parameter "max_stack_depth" (currently 2048kB), after ensuring the platform's stack depth limit is adequate.`)
	}
	s.rt.depth++
	defer func() { s.rt.depth-- }()
	restore, err := s.applyRoutineConfig(fn)
	if err != nil {
		return routine.Result{}, err
	}
	defer restore()
	var res routine.Result
	err = s.runAs(fn, func() error {
		var cerr error
		res, cerr = h.Call(ctx, &routineCaller{s: s, gctx: ctx}, fn, args, tg)
		return cerr
	})
	return res, err
}

// runAs runs a routine body; for SECURITY DEFINER routines the current
// role switches to the owner for the call.
func (s *Session) runAs(fn *catalog.Function, body func() error) error {
	return s.runAsDefiner(fn, body) // acl_functions.go
}

// applyRoutineConfig applies a routine's SET clauses (proconfig) for the
// duration of a call and returns the function restoring the old values.
func (s *Session) applyRoutineConfig(fn *catalog.Function) (func(), error) {
	if len(fn.Config) == 0 {
		return func() {}, nil
	}
	type saved struct {
		name, val string
		had       bool
	}
	var olds []saved
	for _, c := range fn.Config {
		name, val, _ := strings.Cut(c, "=")
		old, had := s.local[name]
		olds = append(olds, saved{name, old, had})
		s.local[name] = val
	}
	return func() {
		for i := len(olds) - 1; i >= 0; i-- {
			if olds[i].had {
				s.local[olds[i].name] = olds[i].val
			} else {
				delete(s.local, olds[i].name)
			}
		}
	}, nil
}

func cancelError(err error) error {
	if err == context.DeadlineExceeded {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to statement timeout")
	}
	return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
}

// routineCaller is the engine as a routine body sees it (routine.Caller).
type routineCaller struct {
	s    *Session
	gctx *sql.Context
}

var _ routine.Caller = (*routineCaller)(nil)

func (c *routineCaller) Prepare(ctx context.Context, sqlText string, params *routine.Params) (routine.Statement, error) {
	return prepareRoutineStmt(sqlText, params)
}

func (c *routineCaller) Query(ctx context.Context, sqlText string, params *routine.Params, args []any) (*routine.Rows, error) {
	st, err := prepareRoutineStmt(sqlText, params)
	if err != nil {
		return nil, err
	}
	return st.Query(ctx, c, args)
}

func (c *routineCaller) Notice(n routine.Notice) {
	c.s.notices = append(c.s.notices, Notice{Severity: n.Severity, Code: n.Code, Message: n.Message, Detail: n.Detail, Hint: n.Hint})
}

func (c *routineCaller) Savepoint() routine.Savepoint { return c.s.StorageTxn().Savepoint() }
func (c *routineCaller) RollbackTo(sp routine.Savepoint) {
	c.s.StorageTxn().RollbackTo(sp.(storage.Mark))
}
func (c *routineCaller) Release(routine.Savepoint) {}
func (c *routineCaller) Catalog() *catalog.Catalog { return c.s.catalog() }
func (c *routineCaller) Env() *types.Env           { return &c.s.env }
func (c *routineCaller) Setting(name string) (string, bool) {
	return c.s.Setting(name)
}

func (c *routineCaller) Err(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return cancelError(err)
	}
	if err := c.gctx.Err(); err != nil {
		return cancelError(err)
	}
	return nil
}

func (c *routineCaller) Cast(v any, from, to *types.Type) (any, error) {
	if v == nil || from.OID == to.OID && from.Mod == to.Mod {
		return v, nil
	}
	e, err := expr.Coerce(&c.s.env, expr.NewLiteral(from, v), to, types.CastAssignment)
	if err != nil {
		return nil, err
	}
	return e.Eval(c.gctx, nil)
}

// routineStmt is a prepared body statement: parsed once; translated
// once per session state (catalog version, search path), so repeated
// calls skip parsing and translation.
type routineStmt struct {
	text   string
	node   *pg.Node
	params *routine.Params

	mu     sync.Mutex
	cached translate.Result
	// fast is set for a FROM-less SELECT of one expression: it is
	// evaluated directly, without planning a query per call.
	fast    sql.Expression
	fastCol string
	cols    []routine.Column
	session *Session
	version uint64
	path    string
}

func prepareRoutineStmt(sqlText string, params *routine.Params) (*routineStmt, error) {
	tree, err := pgtree.Parse(sqlText)
	if err != nil {
		return nil, syntaxError(err, sqlText)
	}
	if len(tree.Stmts) != 1 {
		return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	node := tree.Stmts[0].Stmt
	return &routineStmt{text: sqlText, node: node, params: params}, nil
}

func (p *routineStmt) Columns() []routine.Column { return p.cols }

func (p *routineStmt) paramTypes() []*types.Type {
	if p.params == nil {
		return nil
	}
	return p.params.Types
}

// translation returns the statement translated for s, reusing the last
// translation when nothing it depends on changed.
func (p *routineStmt) translation(s *Session) (translate.Result, error) {
	version := s.eng.ddlVersion.Load()
	path := strings.Join(s.SearchPath(), ",") + "\x00" + s.CurrentUser() // row security differs by role
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.session == s && p.version == version && p.path == path && !s.txnDDL && p.cached.Tag != "" {
		return p.cached, nil
	}
	var ptypes []*types.Type
	if p.params != nil {
		ptypes = p.params.Types
	}
	tr := &translate.Translator{Env: &s.env, Tables: s, Catalog: &sessionCatalog{s: s, cat: s.catalog(), path: s.SearchPath()},
		BoundParams: func(n int) (sql.Expression, bool) {
			if n < 1 || n > len(ptypes) {
				return nil, false
			}
			return &boundParam{idx: n - 1, typ: ptypes[n-1]}, true
		}}
	secured, err := s.secureStatement(s.bindParamNames(p.node, p.params)) // rls_rewrite.go
	if err != nil {
		return translate.Result{}, err
	}
	res, err := tr.Statement(secured)
	if err != nil {
		return res, err
	}
	if res.Stmt == nil {
		if _, ok := res.Cmd.(*translate.DML); !ok {
			return res, pgerror.New(pgerror.FeatureNotSupported, "%s is not supported in a function body yet", res.Tag)
		}
	}
	p.cached, p.session, p.version, p.path = res, s, version, path
	p.fast = nil
	if sel, ok := res.Stmt.(*sqlparser.Select); ok && len(sel.From) == 0 && sel.Where == nil && sel.Having == nil &&
		len(sel.SelectExprs) == 1 && sel.With == nil && sel.GroupBy == nil && sel.Limit == nil && !sel.QueryOpts.Distinct {
		if ae, ok := sel.SelectExprs[0].(*sqlparser.AliasedExpr); ok {
			if e, ok := translate.BuildRowless(ae.Expr); ok && !isVolatileSRF(e) {
				p.fast = e
				p.fastCol = firstResName(p.node)
			}
		}
	}
	return res, nil
}

// isVolatileSRF keeps set-returning expressions on the GMS path.
func isVolatileSRF(e sql.Expression) bool {
	_, ok := e.(expr.RowSource)
	return ok
}

// firstResName is the output name of a SELECT's single column.
func firstResName(n *pg.Node) string {
	sel := n.GetSelectStmt()
	if sel == nil || len(sel.TargetList) == 0 {
		return "?column?"
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt.Name != "" {
		return rt.Name
	}
	if cr := rt.GetVal().GetColumnRef(); cr != nil && len(cr.Fields) > 0 {
		if s := cr.Fields[len(cr.Fields)-1].GetString_(); s != nil {
			return s.Sval
		}
	}
	if fc := rt.GetVal().GetFuncCall(); fc != nil && len(fc.Funcname) > 0 {
		return fc.Funcname[len(fc.Funcname)-1].GetString_().GetSval()
	}
	return "?column?"
}

func (p *routineStmt) Query(ctx context.Context, c routine.Caller, args []any) (*routine.Rows, error) {
	rc := c.(*routineCaller)
	s := rc.s
	res, err := p.translation(s)
	if err != nil {
		return nil, err
	}
	s.rt.frames = append(s.rt.frames, args)
	defer func() { s.rt.frames = s.rt.frames[:len(s.rt.frames)-1] }()
	p.mu.Lock()
	fast, fastCol := p.fast, p.fastCol
	p.mu.Unlock()
	if fast != nil {
		v, err := fast.Eval(rc.gctx, nil)
		if err != nil {
			return nil, mapError(err)
		}
		if v != nil {
			if _, ours := fast.Type().(*types.Type); !ours {
				if v, err = expr.FromGMSValue(expr.TypeOf(fast), v); err != nil {
					return nil, err
				}
			}
		}
		t := expr.TypeOf(fast)
		if t.Kind == types.KindUnknown {
			t = types.Text
		}
		return &routine.Rows{Columns: []routine.Column{{Name: fastCol, Type: t}}, Rows: [][]any{{v}}, Tag: "SELECT 1", Affected: 1}, nil
	}
	if res.Tag != "SELECT" {
		if err := s.StorageTxn().Lock(ctx); err != nil {
			return nil, lockError(err)
		}
	}
	closeLevel := s.nestAfterTriggers()
	out, err := s.runResult(rc.gctx, res)
	err = s.fireAfterTriggers(err)
	closeLevel()
	if err != nil {
		return nil, mapError(err)
	}
	rows := &routine.Rows{Affected: out.count()}
	for i, col := range out.schema {
		rows.Columns = append(rows.Columns, routine.Column{Name: col.Name, Type: out.types[i]})
	}
	for _, r := range out.rows {
		rows.Rows = append(rows.Rows, []any(r))
	}
	switch res.Tag {
	case "INSERT":
		rows.Tag = fmt.Sprintf("INSERT 0 %d", out.count())
	case "SELECT", "UPDATE", "DELETE":
		rows.Tag = fmt.Sprintf("%s %d", res.Tag, out.count())
	default:
		rows.Tag = res.Tag
	}
	p.mu.Lock()
	p.cols = rows.Columns
	p.mu.Unlock()
	return rows, nil
}

// boundParam is $n of a prepared body statement: it reads the running
// call's value.
type boundParam struct {
	idx int
	typ *types.Type
}

func (b *boundParam) Resolved() bool                                         { return true }
func (b *boundParam) Type() sql.Type                                         { return b.typ }
func (b *boundParam) IsNullable() bool                                       { return true }
func (b *boundParam) Children() []sql.Expression                             { return nil }
func (b *boundParam) WithChildren(...sql.Expression) (sql.Expression, error) { return b, nil }
func (b *boundParam) String() string                                         { return fmt.Sprintf("$%d", b.idx+1) }

// PGType returns the parameter's type.
func (b *boundParam) PGType() *types.Type { return b.typ }

func (b *boundParam) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	s, ok := ctx.Session.(*Session)
	if !ok || len(s.rt.frames) == 0 {
		return nil, pgerror.New(pgerror.InternalError, "parameter $%d read outside a routine call", b.idx+1)
	}
	f := s.rt.frames[len(s.rt.frames)-1]
	if b.idx >= len(f) {
		return nil, nil
	}
	return f[b.idx], nil
}

var _ translate.RowSetRunner = (*Session)(nil)

// CallRoutineRows runs a user function in FROM and returns its rows, each
// as wide as its result columns.
func (s *Session) CallRoutineRows(ctx *sql.Context, fn *catalog.Function, args []any) ([][]any, error) {
	res, err := s.callRoutine(ctx, fn, args, nil)
	if err != nil {
		return nil, err
	}
	width := len((&translate.RoutineRows{RoutineCall: translate.RoutineCall{Fn: fn}}).RowColumns())
	if fn.ReturnsSet {
		out := make([][]any, len(res.Rows))
		for i, r := range res.Rows {
			out[i] = spreadRow(r, width)
		}
		return out, nil
	}
	if res.Null {
		return [][]any{make([]any, width)}, nil
	}
	return [][]any{spreadRow([]any{res.Value}, width)}, nil
}

// spreadRow turns a one-value row holding a composite into its fields
// when the result has several columns.
func spreadRow(r []any, width int) []any {
	if len(r) == 1 && width != 1 {
		if rec, ok := r[0].(*types.RecordVal); ok {
			return rec.Vals
		}
		if r[0] == nil {
			return make([]any, width)
		}
	}
	return r
}
