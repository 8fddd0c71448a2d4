package gmsadapter

import (
	"reflect"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Run-time calls in cached plans. A row-security policy such as
// `using (user_id = auth.uid())` reaches the plan as a condition over
// current_setting('request.jwt.claims', true) (auth.uid() is inlined), and
// GMS's filter simplification evaluates every column-free condition
// expression while planning: the plan would hold the first execution's
// user. While a statement is analyzed for the plan cache (the session's
// holdParams), the volatile built-in calls of its conditions — the
// session, settings, claims and clock functions — are hidden from that
// rule as parameters are (Config.KeepParams), so the plan evaluates them
// when it runs; a condition `column = <such an expression>` over an index
// becomes a lookup keyed at run time (Config.ParamLookups, RuntimeKey);
// and the session's analyzeQuery keeps the plan only when every such call
// (RuntimeCall) of the bound plan is still in the analyzed one.

// RuntimeCall reports whether e is a built-in call whose value may change
// between executions.
func RuntimeCall(e sql.Expression) bool {
	fc, ok := e.(*expr.FuncCall)
	return ok && fc.IsVolatile()
}

// statementStable are the run-time functions whose value is fixed for one
// execution of a statement (PostgreSQL marks them STABLE), so a lookup may
// evaluate its key once per execution; random() or clock_timestamp()
// compared with a column are evaluated per row, as PostgreSQL does.
var statementStable = map[string]bool{
	"current_setting": true, "current_user": true, "current_role": true, "session_user": true,
	"current_database": true, "current_catalog": true, "current_schema": true, "current_schemas": true,
	"now": true, "current_timestamp": true, "transaction_timestamp": true, "statement_timestamp": true,
	"current_date": true, "current_time": true, "localtime": true, "localtimestamp": true,
}

var exprPkg = reflect.TypeOf(expr.FuncCall{}).PkgPath()

// IsParam recognises the statement pipeline's parameters ($n of a cached
// plan, set per execution), which count as constants here.
type IsParam func(sql.Expression) bool

// RuntimeKey returns e as a run-time index key: an expression of
// tinybase's built-in operators, constants and parameters holding at
// least one statement-stable run-time call, reading no column and no
// subquery, and its type.
func RuntimeKey(e sql.Expression, isParam IsParam) (sql.Expression, *types.Type, bool) {
	calls, ok := 0, true
	sql.Inspect(e, func(x sql.Expression) bool {
		if !ok {
			return false
		}
		switch x := x.(type) {
		case *expr.FuncCall:
			if x.IsVolatile() {
				calls++
				ok = statementStable[x.Name]
			}
		case *expression.Literal, *expr.Literal:
		case sql.Aggregation, sql.WindowAdaptableExpression:
			ok = false // reads the rows of its group or frame
		default:
			if isParam(x) {
				break
			}
			t := reflect.TypeOf(x)
			if t.Kind() == reflect.Pointer {
				t = t.Elem()
			}
			// not a column, subquery or routine call, and no leaf but a
			// constant or a call
			ok = t.PkgPath() == exprPkg && len(x.Children()) > 0
		}
		return ok
	})
	if !ok || calls == 0 {
		return nil, nil, false
	}
	t, isPG := e.Type().(*types.Type)
	if !isPG {
		return nil, nil, false
	}
	return e, t, true
}

// A run-time call in a condition is evaluated for every row it is tested
// on, where GMS's folding (and PostgreSQL's initplan for `(select
// auth.uid())`) evaluates it once: for a policy over claims, that is a
// JSON parse per row. The session's analyzeQuery wraps each column-free
// condition sub-expression over statement-stable calls (RuntimeKey) in a
// onceExpr (EvalOnce), evaluated at its first use in an execution and kept
// until the next: the session's execPlan resets a plan's OnceStates as it
// starts it, and a plan holding any is checked out to one execution at a
// time (the plan cache's cachedPlan.keyed).

// OnceState is one wrapped expression's value in the running execution,
// shared by the copies GMS makes of the expression. The plan's owner
// resets it as each execution starts.
type OnceState struct {
	mu    sync.Mutex
	valid bool
	val   any
}

// Reset forgets the value: the next evaluation computes it again.
func (st *OnceState) Reset() {
	st.mu.Lock()
	st.valid, st.val = false, nil
	st.mu.Unlock()
}

// onceExpr evaluates its child once per execution.
type onceExpr struct {
	child sql.Expression
	st    *OnceState
}

var _ sql.Expression = (*onceExpr)(nil)

func (o *onceExpr) Resolved() bool             { return o.child.Resolved() }
func (o *onceExpr) Type() sql.Type             { return o.child.Type() }
func (o *onceExpr) IsNullable() bool           { return o.child.IsNullable() }
func (o *onceExpr) Children() []sql.Expression { return []sql.Expression{o.child} }
func (o *onceExpr) String() string             { return o.child.String() }
func (o *onceExpr) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(o, len(c), 1)
	}
	return &onceExpr{child: c[0], st: o.st}, nil
}

func (o *onceExpr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	o.st.mu.Lock()
	defer o.st.mu.Unlock()
	if o.st.valid {
		return o.st.val, nil
	}
	v, err := o.child.Eval(ctx, nil) // column-free
	if err != nil {
		return nil, err
	}
	o.st.valid, o.st.val = true, v
	return v, nil
}

// EvalOnce wraps, in the conditions of an analyzed plan's filters (at every
// level, subqueries and derived tables included), each largest
// sub-expression RuntimeKey accepts in a onceExpr, and returns the states
// of those it made.
func EvalOnce(n sql.Node, isParam IsParam) (sql.Node, []*OnceState, error) {
	var states []*OnceState
	var nodeFn transform.NodeFunc
	var wrap func(e sql.Expression, cond bool) (sql.Expression, bool, error)
	wrap = func(e sql.Expression, cond bool) (sql.Expression, bool, error) {
		if sq, ok := e.(*plan.Subquery); ok {
			if sq.Query == nil {
				return e, false, nil
			}
			q, same, err := transform.NodeWithOpaque(sq.Query, nodeFn)
			if err != nil || same {
				return e, false, err
			}
			return sq.WithQuery(q), true, nil
		}
		if _, isOnce := e.(*onceExpr); isOnce {
			return e, false, nil
		}
		if cond && !isParam(e) {
			if _, _, ok := RuntimeKey(e, isParam); ok {
				st := &OnceState{}
				states = append(states, st)
				return &onceExpr{child: e, st: st}, true, nil
			}
		}
		cs := e.Children()
		var out []sql.Expression
		for i, c := range cs {
			nc, changed, err := wrap(c, cond)
			if err != nil {
				return nil, false, err
			}
			if changed {
				if out == nil {
					out = append([]sql.Expression(nil), cs...)
				}
				out[i] = nc
			}
		}
		if out == nil {
			return e, false, nil
		}
		ne, err := e.WithChildren(out...)
		return ne, err == nil, err
	}
	nodeFn = func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ne, ok := n.(sql.Expressioner)
		if !ok {
			return n, transform.SameTree, nil
		}
		_, cond := n.(*plan.Filter)
		es := ne.Expressions()
		var out []sql.Expression
		for i, e := range es {
			nexp, changed, err := wrap(e, cond)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if changed {
				if out == nil {
					out = append([]sql.Expression(nil), es...)
				}
				out[i] = nexp
			}
		}
		if out == nil {
			return n, transform.SameTree, nil
		}
		nn, err := ne.WithExpressions(out...)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	}
	out, _, err := transform.NodeWithOpaque(n, nodeFn)
	return out, states, err
}
