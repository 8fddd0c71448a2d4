package session

import (
	"strconv"
	"sync"
	"sync/atomic"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The session's side of engine/internal/gmsadapter: the Host the
// adapter's executors reach through the context, the statement pipeline's
// hooks into the analyzer, and forwarders for code that still calls the
// adapter by its old names.

var (
	_ gmsadapter.Host = (*Session)(nil)
	_ expr.ErrorSink  = (*Session)(nil)
)

// SignedOutput implements gmsadapter.Host.
func (s *Session) SignedOutput() *gmsadapter.SignedOutput { return &s.signed }

// DeferError implements expr.ErrorSink: it keeps the first error raised
// where go-mysql-server offers no error result (a window function's
// Compute), so that reading the statement's next row fails with it
// (Rows.next) instead of the error being lost.
func (s *Session) DeferError(err error) { s.deferred.Defer(err) }

// takeDeferredError returns and clears the deferred error.
func (s *Session) takeDeferredError() error { return s.deferred.Take() }

// newAnalyzer builds the per-engine analyzer with tinybase's rules.
func newAnalyzer(prov sql.DatabaseProvider) *analyzer.Analyzer { return buildAnalyzer(prov, true) }

// buildAnalyzer builds an analyzer; gated gives simple reads their short
// path, which tests compare against the full one. The statement pipeline
// supplies its parameter rules (plan_param.go) and the trigger builder
// (trigger_fire.go).
func buildAnalyzer(prov sql.DatabaseProvider, gated bool) *analyzer.Analyzer {
	return gmsadapter.NewAnalyzer(prov, gmsadapter.Config{
		ParamLookups:       analyzer.Rule{Id: ruleParamLookups, Apply: paramLookups},
		KeepParams:         keepParams,
		InstallExecBuilder: installTriggerBuilder,
		IsParam:            isParamExpr,
		IsRowCheck:         security.IsRowCheck,
		Full:               !gated,
	})
}

// newGMS builds the GMS engine that plans and runs translated statements.
func newGMS(a *analyzer.Analyzer) *sqle.Engine { return gmsadapter.NewEngine(a, newPGParser()) }

// pgParser is the engine's GMS parser (gmsadapter.Parser) with the
// statements sessions translated for it.
type pgParser struct {
	*gmsadapter.Parser
	// rls holds row security WITH CHECK expressions sessions translated
	// for their running statement, by token (rls_rewrite.go): GMS asks
	// for "select <token>" when it loads the table's checks.
	rls sync.Map
	seq atomic.Uint64
	// checkCalls caches the function names each check text calls
	// (routine_checks.go).
	checkCalls sync.Map
}

func newPGParser() *pgParser {
	p := &pgParser{}
	p.Parser = gmsadapter.NewParser(p.rlsCheck)
	return p
}

// indexableComparisons is gmsadapter.IndexableComparisons.
func indexableComparisons(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, sc *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return gmsadapter.IndexableComparisons(ctx, a, n, sc, sel, qf)
}

// simpleRead is gmsadapter.SimpleRead.
func simpleRead(n sql.Node, sc *plan.Scope, qf *sql.QueryFlags) bool {
	return gmsadapter.SimpleRead(n, sc, qf)
}

// lateralJoinNode is gmsadapter.LateralJoinNode, which a cached plan may
// hold (plan_scan.go).
type lateralJoinNode = gmsadapter.LateralJoinNode

// Run-time calls in cached plans (gmsadapter/volatile.go): the parts that
// read the statement pipeline's parameters and the plan cache's state.

// runtimeCall is gmsadapter.RuntimeCall.
func runtimeCall(e sql.Expression) bool { return gmsadapter.RuntimeCall(e) }

// runtimeKey is gmsadapter.RuntimeKey with the pipeline's parameters.
func runtimeKey(e sql.Expression) (sql.Expression, *types.Type, bool) {
	return gmsadapter.RuntimeKey(e, isParamExpr)
}

// isParamExpr reports whether e is a parameter of a cached statement.
func isParamExpr(e sql.Expression) bool {
	_, _, ok := paramOf(e) // routine_plans.go
	return ok
}

// heldName names the bind variable keepParams hides e behind while GMS
// simplifies filters: a parameter, or a run-time call none of whose
// arguments was hidden already (such a call cannot be evaluated anyway).
// n numbers the expressions hidden so far.
func heldName(e sql.Expression, n int) (string, bool) {
	if p, ok := e.(*paramExpr); ok {
		return heldParamPrefix + strconv.Itoa(p.idx), true
	}
	if idx, _, ok := paramOf(e); ok { // a routine statement's (routine_plans.go)
		return heldParamPrefix + "routine-" + strconv.Itoa(idx), true
	}
	if !runtimeCall(e) || containsBindVar(e) {
		return "", false
	}
	return heldParamPrefix + "call-" + strconv.Itoa(n), true
}

func containsBindVar(e sql.Expression) bool {
	found := false
	sql.Inspect(e, func(e sql.Expression) bool {
		if _, ok := e.(*expression.BindVar); ok {
			found = true
		}
		return !found
	})
	return found
}

// lookupKeyFn is paramLookups' test for a run-time key: parameters always,
// and run-time calls while a statement is analyzed for the plan cache
// (outside it GMS folds them and builds its own lookup).
func lookupKeyFn(ctx *sql.Context) func(sql.Expression) (sql.Expression, *types.Type, bool) {
	if s, ok := fromContext(ctx); !ok || !s.plans.holdParams {
		return paramKey
	}
	return func(e sql.Expression) (sql.Expression, *types.Type, bool) {
		if k, t, ok := paramKey(e); ok {
			return k, t, ok
		}
		return runtimeKey(e)
	}
}

// onceState is a run-time call's value held for one execution of a
// cached plan (gmsadapter.OnceState); execPlan resets it.
type onceState struct{ st *gmsadapter.OnceState }

func (o *onceState) reset() { o.st.Reset() }

// evalOnce is gmsadapter.EvalOnce with the pipeline's parameters.
func evalOnce(n sql.Node) (sql.Node, []*onceState, error) {
	out, sts, err := gmsadapter.EvalOnce(n, isParamExpr)
	if len(sts) == 0 {
		return out, nil, err
	}
	once := make([]*onceState, len(sts))
	for i, st := range sts {
		once[i] = &onceState{st}
	}
	return out, once, err
}
