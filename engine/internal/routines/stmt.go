package routines

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Stmt is a prepared body statement: parsed once; translated once per
// session state (catalog version, search path), so repeated calls skip
// parsing and translation.
type Stmt struct {
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
	session Host
	version uint64
	gen     uint64
	path    string
	// slot holds the host's analyzed plan of the cached translation; a
	// new translation brings a new slot, so a plan never outlives the
	// catalog, search path and role its translation was made for.
	slot *PlanSlot
}

// PlanSlot holds what a host keeps of one cached translation between runs
// (the session's analyzed plan); nil for a translation made for one run.
type PlanSlot struct{ Plan any }

// RuntimeParam is an expression of a body statement that reads its value
// when the statement runs — a routine parameter or a PL/pgSQL variable —
// so a host may keep the statement's plan and run it again with other
// values, as it does for its own statement parameters. Ordinal tells
// different ones of a statement apart.
type RuntimeParam interface {
	sql.Expression
	PGType() *types.Type
	Ordinal() int
}

var _ routine.Statement = (*Stmt)(nil)

// Prepare parses one body statement whose $n parameters are params.
func Prepare(sqlText string, params *routine.Params) (*Stmt, error) {
	tree, err := pgtree.Parse(sqlText)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) != 1 {
		return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	node := tree.Stmts[0].Stmt
	return &Stmt{text: sqlText, node: node, params: params}, nil
}

// Columns implements routine.Statement.
func (p *Stmt) Columns() []routine.Column { return p.cols }

func (p *Stmt) paramTypes() []*types.Type {
	if p.params == nil {
		return nil
	}
	return p.params.Types
}

// translation returns the statement translated for h, reusing the last
// translation when nothing it depends on changed, with the slot of its
// plan (nil when the translation is not kept).
func (p *Stmt) translation(h Host) (translate.Result, *PlanSlot, error) {
	version, gen := h.CatalogVersion(), h.PlanGeneration()
	path := searchPathKey(h) + "\x00" + h.CurrentUser() // row security differs by role
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.session == h && p.version == version && p.gen == gen && p.path == path && p.cached.Tag != "" {
		return p.cached, p.slot, nil
	}
	var ptypes []*types.Type
	if p.params != nil {
		ptypes = p.params.Types
	}
	tr := h.CurrentTranslator()
	tr.BoundParams = func(n int) (sql.Expression, bool) {
		if n < 1 || n > len(ptypes) {
			return nil, false
		}
		return &boundParam{idx: n - 1, typ: ptypes[n-1]}, true
	}
	node, prepared, err := p.executeTarget(h)
	if err != nil {
		return translate.Result{}, nil, err
	}
	secured, err := h.SecureStatement(bindParamNames(h, node, p.params))
	if err != nil {
		return translate.Result{}, nil, err
	}
	res, err := tr.Statement(secured)
	if err != nil {
		return res, nil, err
	}
	if prepared {
		// The name may be prepared again with another statement: never
		// cached.
		return res, nil, nil
	}
	if _, ok := res.Cmd.(translate.CursorCommand); ok {
		return res, nil, nil // run by the session each time (RunBody)
	}
	if res.Stmt == nil {
		if _, ok := res.Cmd.(*translate.DML); !ok {
			// a command the session runs itself (CREATE FUNCTION, SET,
			// GRANT…): run each time as PL/pgSQL's statements are
			// (Query), never cached, as it usually changes the catalog
			return res, nil, nil
		}
	}
	p.cached, p.session, p.version, p.gen, p.path = res, h, version, gen, path
	p.slot = &PlanSlot{}
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
	return res, p.slot, nil
}

// searchPathKey is h's search path as plans are keyed by it.
func searchPathKey(h Host) string { return strings.Join(h.SearchPath(), ",") }

// executeTarget returns the statement to translate: for EXECUTE name
// (without arguments, as dynamic SQL such as pgTAP's results_eq('name')
// runs a statement prepared with PREPARE), the session's prepared
// statement of that name.
func (p *Stmt) executeTarget(h Host) (*pg.Node, bool, error) {
	ex := p.node.GetExecuteStmt()
	if ex == nil || len(ex.Params) > 0 {
		return p.node, false, nil
	}
	text, ok := h.PreparedSQL(ex.Name)
	if !ok {
		return nil, false, pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", ex.Name)
	}
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil, false, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) != 1 {
		return nil, false, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	return tree.Stmts[0].Stmt, true, nil
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

// HostedCaller is a routine.Caller backed by a Host: Stmt.Query and the
// plpgsql handler run in its session.
type HostedCaller interface {
	routine.Caller
	// CallerHost is the session and the calling statement's context.
	CallerHost() (Host, *sql.Context)
}

// CallerHost implements HostedCaller.
func (c *Caller) CallerHost() (Host, *sql.Context) { return c.h, c.gctx }

// Query implements routine.Statement.
func (p *Stmt) Query(ctx context.Context, c routine.Caller, args []any) (*routine.Rows, error) {
	h, gctx := c.(HostedCaller).CallerHost()
	res, slot, err := p.translation(h)
	if err != nil {
		return nil, err
	}
	st := h.RoutineState()
	st.frames = append(st.frames, args)
	defer func() { st.frames = st.frames[:len(st.frames)-1] }()
	p.mu.Lock()
	fast, fastCol := p.fast, p.fastCol
	p.mu.Unlock()
	if fast != nil {
		v, err := fast.Eval(gctx, nil)
		if err != nil {
			return nil, h.MapError(err)
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
	if _, isDML := res.Cmd.(*translate.DML); res.Stmt == nil && res.Cmd != nil && !isDML {
		if _, isCursor := res.Cmd.(translate.CursorCommand); !isCursor {
			return p.runCommand(ctx, h, res, slot)
		}
	}
	rows, err := h.RunBody(ctx, gctx, res, slot)
	if err != nil {
		return nil, err
	}
	switch res.Tag {
	case "INSERT":
		rows.Tag = fmt.Sprintf("INSERT 0 %d", rows.Affected)
	case "SELECT", "UPDATE", "DELETE":
		rows.Tag = fmt.Sprintf("%s %d", res.Tag, rows.Affected)
	default:
		rows.Tag = res.Tag
	}
	p.mu.Lock()
	p.cols = rows.Columns
	p.mu.Unlock()
	return rows, nil
}

// runCommand runs a statement the session handles itself (DDL, SET,
// GRANT…) as a PL/pgSQL body runs one: nested in the calling statement.
func (p *Stmt) runCommand(ctx context.Context, h Host, res translate.Result, slot *PlanSlot) (*routine.Rows, error) {
	out, err := h.RunNested(ctx, p.text, p.node, res, slot)
	if err != nil {
		return nil, err
	}
	rows := &routine.Rows{Rows: out.Rows, Affected: out.Affected, Tag: res.Tag}
	for i, n := range out.Names {
		rows.Columns = append(rows.Columns, routine.Column{Name: n, Type: out.Types[i]})
	}
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

// Ordinal implements RuntimeParam.
func (b *boundParam) Ordinal() int { return b.idx }

func (b *boundParam) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	sh, ok := ctx.Session.(stateHolder)
	if !ok || len(sh.RoutineState().frames) == 0 {
		return nil, pgerror.New(pgerror.InternalError, "parameter $%d read outside a routine call", b.idx+1)
	}
	frames := sh.RoutineState().frames
	f := frames[len(frames)-1]
	if b.idx >= len(f) {
		return nil, nil
	}
	return f[b.idx], nil
}
