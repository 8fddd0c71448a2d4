package translate

import (
	"fmt"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ExecuteChecker is implemented by a Catalog that knows the session's
// privileges: a routine the current role may not execute is never inlined.
type ExecuteChecker interface {
	CanExecute(fn *catalog.Function) bool
}

// inlineSQLFunction replaces a call of a simple SQL function by its body
// expression with the arguments substituted, as PostgreSQL's planner does
// (inline_function in clauses.c): LANGUAGE sql, a body that is a single
// SELECT of one expression without FROM, not SECURITY DEFINER, no SET
// clauses, not returning a set or a composite. An argument used more than
// once must be cheap (a column or a constant), so inlining never repeats
// work; a STRICT function is inlined behind a NULL check of its (cheap)
// arguments. ok is false when the call stays a call.
func (t *Translator) inlineSQLFunction(fn *catalog.Function, args []sql.Expression) (out sql.Expression, ok bool) {
	if fn.Language != "sql" || fn.SecurityDefiner || len(fn.Config) > 0 || fn.ReturnsSet || fn.Result == nil ||
		fn.Result.Kind == types.KindRecord || fn.Result.Kind == types.KindVoid || fn.Kind != catalog.KindFunction ||
		t.inlining[fn.OID] || len(t.inlining) > 20 {
		return nil, false
	}
	if c, ok := t.Catalog.(ExecuteChecker); ok && !c.CanExecute(fn) {
		return nil, false // as inline_function: the call stays, and fails for want of EXECUTE
	}
	tree, err := pgtree.Parse(fn.Body)
	if err != nil || len(tree.Stmts) != 1 {
		return nil, false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 || len(sel.FromClause) > 0 || sel.WhereClause != nil ||
		len(sel.GroupClause) > 0 || sel.HavingClause != nil || len(sel.SortClause) > 0 || sel.LimitCount != nil ||
		sel.LimitOffset != nil || len(sel.DistinctClause) > 0 || sel.WithClause != nil || len(sel.ValuesLists) > 0 ||
		sel.Op != pg.SetOperation_SETOP_NONE || len(sel.WindowClause) > 0 {
		return nil, false
	}
	body := sel.TargetList[0].GetResTarget().GetVal()
	in := fn.InputArgs()
	uses := make([]int, len(in))
	bad := false
	var walk func(any)
	walk = func(v any) {
		x, isNode := v.(*pg.Node)
		if !isNode || x == nil || bad {
			return
		}
		switch n := x.Node.(type) {
		case *pg.Node_SubLink, *pg.Node_RangeSubselect:
			bad = true
			return
		case *pg.Node_ColumnRef:
			f := names(n.ColumnRef.Fields)
			name := ""
			switch {
			case len(f) == 1:
				name = f[0]
			case len(f) == 2 && f[0] == fn.Name:
				name = f[1]
			}
			for i, a := range in {
				if a.Name != "" && a.Name == name {
					uses[i]++
					x.Node = &pg.Node_ParamRef{ParamRef: &pg.ParamRef{Number: int32(i + 1), Location: n.ColumnRef.Location}}
					return
				}
			}
			bad = true // a column reference in a FROM-less SELECT: an error at call time
			return
		case *pg.Node_ParamRef:
			if i := int(n.ParamRef.Number) - 1; i >= 0 && i < len(uses) {
				uses[i]++
			}
			return
		case *pg.Node_FuncCall:
			if n.FuncCall.Over != nil || n.FuncCall.AggStar || len(n.FuncCall.AggOrder) > 0 {
				bad = true
				return
			}
		}
		walkNodeChildren(x, walk)
	}
	walk(body)
	if bad {
		return nil, false
	}
	for i, u := range uses {
		if (u > 1 || fn.Strict) && !cheap(args[i]) {
			return nil, false
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if _, isPG := r.(*pgerror.Error); !isPG {
				panic(r)
			}
			out, ok = nil, false
		}
	}()
	if t.inlining == nil {
		t.inlining = map[uint32]bool{}
	}
	t.inlining[fn.OID] = true
	defer delete(t.inlining, fn.OID)
	saved := t.BoundParams
	t.BoundParams = func(n int) (sql.Expression, bool) {
		if n < 1 || n > len(args) {
			return nil, false
		}
		return args[n-1], true
	}
	defer func() { t.BoundParams = saved }()
	x := t.scalar(body)
	e, err := buildConst(x)
	t.BoundParams = saved
	if err != nil {
		return nil, false
	}
	if e, err = expr.Coerce(t.Env, e, fn.Result, types.CastAssignment); err != nil {
		return nil, false
	}
	if constantArgs(args) && !t.mutable(body) {
		// PostgreSQL folds such a call while it inlines it, so its
		// errors are raised "during inlining" (sql_inline_error_callback)
		e = &inlinedConst{inner: e, context: fmt.Sprintf("SQL function %q during inlining", fn.Name)}
	}
	if fn.Strict {
		return &strictGuard{args: args, inner: e}, true
	}
	return e, true
}

// constantArgs reports whether every argument is a constant (or a cast
// of one), which the planner folds.
func constantArgs(args []sql.Expression) bool {
	for _, a := range args {
		for {
			if c, ok := a.(*expr.Cast); ok && len(c.Children()) == 1 {
				a = c.Children()[0]
				continue
			}
			break
		}
		switch a.(type) {
		case *expr.Literal, *expression.Literal:
		default:
			return false
		}
	}
	return true
}

// inlinedConst is an inlined SQL function call of constants: its errors
// gain the function's "during inlining" CONTEXT line, built only when
// one happens.
type inlinedConst struct {
	inner   sql.Expression
	context string
}

func (g *inlinedConst) Resolved() bool             { return true }
func (g *inlinedConst) Type() sql.Type             { return g.inner.Type() }
func (g *inlinedConst) IsNullable() bool           { return g.inner.IsNullable() }
func (g *inlinedConst) String() string             { return g.inner.String() }
func (g *inlinedConst) Children() []sql.Expression { return []sql.Expression{g.inner} }

// PGType returns the body expression's type.
func (g *inlinedConst) PGType() *types.Type { return expr.TypeOf(g.inner) }

func (g *inlinedConst) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(g, len(ch), 1)
	}
	return &inlinedConst{inner: ch[0], context: g.context}, nil
}

func (g *inlinedConst) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := g.inner.Eval(ctx, row)
	if err != nil {
		if pe, ok := pgerror.As(err); ok {
			return nil, pe.WithContext(g.context)
		}
	}
	return v, err
}

// ValueLeaf is an expression that reads a value without computing it
// (a domain constraint's VALUE): as cheap as a column.
type ValueLeaf interface{ ValueLeaf() }

// cheap reports whether evaluating an argument twice costs nothing: a
// column or a constant.
func cheap(e sql.Expression) bool {
	switch e.(type) {
	case *expression.GetField, *expr.Literal, *expression.Literal, ValueLeaf:
		return true
	}
	if c, ok := e.(interface{ Children() []sql.Expression }); ok && len(c.Children()) == 1 {
		// an implicit cast of a column or constant
		if _, isCast := e.(*expr.Cast); isCast {
			return cheap(c.Children()[0])
		}
	}
	return false
}

// strictGuard is an inlined STRICT function: NULL when any argument is
// NULL, else the body expression.
type strictGuard struct {
	args  []sql.Expression
	inner sql.Expression
}

func (g *strictGuard) Resolved() bool   { return true }
func (g *strictGuard) Type() sql.Type   { return g.inner.Type() }
func (g *strictGuard) IsNullable() bool { return true }
func (g *strictGuard) String() string   { return g.inner.String() }
func (g *strictGuard) Children() []sql.Expression {
	return append(append([]sql.Expression{}, g.args...), g.inner)
}

// PGType returns the body expression's type.
func (g *strictGuard) PGType() *types.Type { return expr.TypeOf(g.inner) }

func (g *strictGuard) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != len(g.args)+1 {
		return nil, sql.ErrInvalidChildrenNumber.New(g, len(ch), len(g.args)+1)
	}
	return &strictGuard{args: ch[:len(ch)-1], inner: ch[len(ch)-1]}, nil
}

func (g *strictGuard) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	for _, a := range g.args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
	}
	return g.inner.Eval(ctx, row)
}
