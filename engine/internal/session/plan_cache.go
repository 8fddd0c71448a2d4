package session

import (
	"reflect"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// The analyzed-plan cache. GMS spends most of a simple statement's time
// binding and analyzing it (~75% of a point select); a statement the
// session's statement cache already holds translated (stmtcache.go) keeps
// its analyzed plan next to the translation and re-executes it.
//
// The plan lives exactly as long as the cached translation, so it is keyed
// the same way: statement text, current role and search_path, the engine's
// DDL version and the session's cache generation. Any DDL, GRANT/REVOKE,
// policy or role change moves the DDL version (or, inside the running
// transaction, the transaction's own cache version: cacheVersion), which
// drops both.
//
// Re-executing a plan is sound because a plan holds no data: storage table
// handles read and write the transaction of the *sql.Context each call
// receives (storage.Table), tinybase expressions read settings, claims and
// the clock from the session at evaluation, and a table whose columns
// changed fails with storage.ErrTableChanged rather than misreading. Only
// plans built from node types known to keep no per-execution state are
// kept (reusablePlan), and a plan is used by one execution at a time: it is
// checked out until its rows are closed, and an execution that finds it
// checked out plans afresh.

// planStats counts, engine-wide, the statements run through runStatement
// from a cached plan (hits) and those analyzed for the run (planned).
type planStats struct {
	hits, planned atomic.Uint64
}

// PlanCacheStats are the engine's plan-cache counters since it opened:
// statements that ran a cached analyzed plan, and statements GMS planned.
// Statements the engine runs itself (DDL, SET, transaction control) are
// in neither.
type PlanCacheStats struct {
	Hits, Planned uint64
}

// PlanCacheStats reports the engine's plan-cache counters.
func (e *Engine) PlanCacheStats() PlanCacheStats {
	return PlanCacheStats{Hits: e.planStats.hits.Load(), Planned: e.planStats.planned.Load()}
}

// cachedPlan is one analyzed statement ready to execute.
type cachedPlan struct {
	node  sql.Node
	flags *sql.QueryFlags
	busy  bool         // an execution's rows are open
	keyed bool         // the plan has run-time lookups, whose key buffers it holds
	fresh bool         // the plan has nodes holding per-execution state (freshPlan)
	once  []*onceState // values evaluated once per execution (plan_volatile.go)
	// finish is how a cached read plan starts (plan_exec.go), found at its
	// first cached execution; noFinish marks a plan that starts through GMS
	finish   *planFinish
	noFinish bool
}

// planState is the session's link from the statement being run to its
// cache entry: Query sets it, runStatement takes it.
type planState struct {
	entry     *cachedStmt
	templates cache.LRU[string, literalTemplate] // plan_param.go
	// casts maps a statement's cache key to the types of its parameters
	// (nil entries: not cast, or not only cast, and not inferred), found
	// under the catalog of a DDL version (plan_param.go).
	casts cache.LRU[string, castArgEntry]
	// holdParams is set while a parametric statement is analyzed, for
	// keepParams (plan_param.go)
	holdParams bool
	once       []*onceState // made by the last analyzeQuery (plan_volatile.go)
}

// templateLimits and castLimits bound a session's literal templates and
// cast-argument types, bytes as their keepers estimate them.
var (
	templateLimits = cache.Limits{Entries: 256, Bytes: 1 << 20}
	castLimits     = cache.Limits{Entries: 256, Bytes: 1 << 20}
)

// keepTemplate stores a literal template under its key (plan_param.go).
// A template costs its key, and its fixed constants and parameter
// ordinals; the entry it leads to is the statement cache's.
func (p *planState) keepTemplate(key string, t literalTemplate) {
	size := 256 + int64(len(key)) + 16*int64(len(t.params))
	for _, v := range t.fixed {
		size += 48 + int64(len(v))
	}
	p.templates.Put(key, t, size)
}

// keepCastTypes stores the cast-argument types of a statement key
// (plan_param.go).
func (p *planState) keepCastTypes(key string, c castArgEntry) {
	p.casts.Put(key, c, 128+int64(len(key))+8*int64(len(c.typs)))
}

// runStatement plans and starts a translated statement: from its cached
// plan when there is one, otherwise through runGMS, caching the plan of a
// query whose translation is cached.
func (s *Session) runStatement(gctx *sql.Context, sqlText string, res translate.Result) (sql.Schema, sql.RowIter, error) {
	c := s.plans.entry
	s.plans.entry = nil
	// an INSERT entry is parametric or pending its plan (session.go)
	if c == nil || !(res.Tag == "SELECT" || res.Tag == "INSERT" || c.slots != nil && (res.Tag == "UPDATE" || res.Tag == "DELETE")) ||
		c.noPlan || !sameStatement(c.res.Stmt, res.Stmt) {
		s.eng.planStats.planned.Add(1)
		return s.runGMS(gctx, sqlText, res.Stmt)
	}
	if p := c.plan; p != nil && !p.busy {
		s.eng.planStats.hits.Add(1)
		return s.execPlan(gctx, sqlText, p, true)
	}
	s.eng.planStats.planned.Add(1)
	if err := gctx.Session.ValidateSession(gctx); err != nil {
		return nil, nil, err
	}
	analyzed, flags, facts, reusable, err := s.analyzeQuery(gctx, sqlText, res.Stmt)
	if err != nil {
		return nil, nil, err
	}
	p := &cachedPlan{node: analyzed, flags: flags, keyed: facts.keyed, fresh: facts.fresh}
	if p.once, s.plans.once = s.plans.once, nil; p.once != nil {
		p.keyed = true // the values are the running execution's
	}
	if !reusable || facts.unusable {
		c.noPlan = true
		c.noParam = c.slots != nil
		return s.execPlan(gctx, sqlText, p, false)
	}
	owned := c.plan == nil
	if owned {
		c.plan = p
		if c.pendingKey != "" {
			s.cache.put(c.pendingKey, c.pendingVersion, c)
			c.pendingKey = ""
		}
	}
	return s.execPlan(gctx, sqlText, p, owned)
}

// prepareUnlessPlanned runs prepareDML unless the statement runs from its
// cached plan, which was planned from the prepared statement already.
func (s *Session) prepareUnlessPlanned(gctx *sql.Context, res translate.Result) error {
	if c := s.plans.entry; c != nil && c.plan != nil && sameStatement(c.res.Stmt, res.Stmt) {
		switch res.Stmt.(type) {
		case *sqlparser.Insert, *sqlparser.Update:
			return nil
		}
	}
	return s.prepareDML(gctx, res.Stmt)
}

// sameStatement reports whether two translated statements are the same
// value (vitess statements are pointers; anything else is never equal).
func sameStatement(a, b sqlparser.Statement) bool {
	if a == nil || b == nil || reflect.TypeOf(a).Kind() != reflect.Pointer || reflect.TypeOf(b).Kind() != reflect.Pointer {
		return false
	}
	return a == b
}

// analyzeQuery binds and analyzes a query as QueryWithBindings does.
// reusable is false when the analysis may fold a value that changes
// between executions, or lost a parameter or a run-time call; facts are
// the analyzed plan's (analyzedFacts).
func (s *Session) analyzeQuery(gctx *sql.Context, sqlText string, stmt sqlparser.Statement) (analyzed sql.Node, flags *sql.QueryFlags, facts planFacts, reusable bool, err error) {
	g := s.eng.gms
	defer s.replicaWrites(stmt)()
	binder := planbuilder.New(gctx, g.Analyzer.Catalog, g.EventScheduler, g.Parser)
	bound, qFlags, err := binder.BindOnly(stmt, sqlText, nil)
	if err != nil {
		return nil, nil, facts, false, err
	}
	if ins, ok := bound.(*plan.InsertInto); ok && len(ins.Returning) > 0 {
		ins.LiteralValueSource = false // as analyzeDML does (plancache.go)
	}
	subqueryDML(bound)
	bf := boundFacts(bound)
	reusable = !bf.folds
	params, calls := bf.params, bf.calls
	if (params > 0 || calls > 0) && !bf.gating {
		// restored, not cleared: a routine statement analyzed while GMS
		// analyzes this one (a call it evaluates) must not end its hold
		held := s.plans.holdParams
		s.plans.holdParams = true
		defer func() { s.plans.holdParams = held }()
	}
	switch stmt.(type) {
	case *sqlparser.Update, *sqlparser.Delete:
		// GMS's simple-DML batches skip the pre-analyze rules (runGMS)
		if bound, _, err = indexableComparisons(gctx, g.Analyzer, bound, nil, nil, qFlags); err != nil {
			return nil, nil, facts, false, err
		}
		if bound, _, err = paramDMLLookups(gctx, g.Analyzer, bound, nil, nil, qFlags); err != nil {
			return nil, nil, facts, false, err
		}
	}
	analyzed, err = g.Analyzer.Analyze(gctx, bound, nil, qFlags)
	if err != nil {
		return nil, nil, facts, false, err
	}
	facts = analyzedFacts(analyzed)
	// GMS folded one; the access paths may read a parameter twice (a key
	// implied across a join), never drop one
	if params > 0 && (facts.params < params || facts.paramSet != bf.paramSet) || calls > 0 && facts.calls != calls {
		reusable = false
	}
	if calls > 0 {
		// evalOnce wraps expressions only: facts stay the plan's
		if analyzed, s.plans.once, err = evalOnce(analyzed); err != nil { // plan_volatile.go
			return nil, nil, facts, false, err
		}
	}
	return analyzed, qFlags, facts, reusable, nil
}

// exprFolds walks e: columns is 1 when e reads a column, 0 when it does
// not, and -1 when e is (in a condition) a column-free expression other
// than a constant. A column-free expression holding a parameter or a
// run-time call (plan_volatile.go) is let through: both are kept out of
// GMS's folding (keepParams), and analyzeQuery checks that every one is
// still in the analyzed plan.
func exprFolds(e sql.Expression, cond bool) (columns int, params bool) {
	if runtimeCall(e) {
		return 0, true // kept out of folding as parameters are (plan_volatile.go)
	}
	switch e.(type) {
	case *plan.Subquery:
		return 1, false
	case *expression.GetField:
		return 1, false
	case *expr.Literal, *expression.Literal:
		return 0, false
	case *paramExpr, routines.RuntimeParam:
		return 0, true
	}
	var buf [2]sql.Expression
	for _, c := range exprChildren(e, &buf) {
		cc, cp := exprFolds(c, cond)
		if cc < 0 {
			return -1, false
		}
		if cc > 0 {
			columns = 1
		}
		params = params || cp
	}
	if columns == 0 && cond && !params {
		return -1, false
	}
	return columns, params
}

// execPlan starts an analyzed plan. An owned plan (the cache's) is checked
// out until the returned iterator is closed; one holding per-execution
// state (p.fresh) runs as a copy whose stateful nodes are new (freshPlan).
func (s *Session) execPlan(gctx *sql.Context, sqlText string, p *cachedPlan, owned bool) (sql.Schema, sql.RowIter, error) {
	node := p.node
	for _, st := range p.once {
		st.reset() // a new execution
	}
	if owned && p.fresh {
		var err error
		if node, err = freshPlan(node, s.eng.gms.Analyzer.ExecBuilder); err != nil {
			return nil, nil, err
		}
	}
	var schema sql.Schema
	var iter sql.RowIter
	var err error
	if owned && !p.fresh && p.finish == nil && !p.noFinish {
		f, ok := finishOf(node)
		p.finish, p.noFinish = f, !ok
	}
	if f := p.finish; owned && !p.fresh && f != nil && !s.eng.gms.IsReadOnly() && !s.eng.gms.IsServerLocked {
		schema, iter, err = s.execCached(gctx, node, f, p.flags) // plan_exec.go
	} else {
		schema, iter, _, err = s.eng.gms.PrepQueryPlanForExecution(gctx, sqlText, node, p.flags)
	}
	if err != nil || !owned {
		return schema, iter, err
	}
	if !p.keyed {
		return schema, iter, nil // nothing on the plan changes while it runs
	}
	p.busy = true
	return schema, &planIter{RowIter: iter, p: p}, nil
}

// planIter returns its plan to the cache when closed.
type planIter struct {
	sql.RowIter
	p *cachedPlan
}

func (it *planIter) Close(ctx *sql.Context) error {
	it.p.busy = false
	return it.RowIter.Close(ctx)
}

// inspectDeep calls fn on every node of a plan while fn returns true for
// its parent, including an INSERT's source and the plans of subquery
// expressions, and fe (when not nil) on every expression of those nodes
// while fe returns true for its parent.
func inspectDeep(n sql.Node, fn func(sql.Node) bool, fe func(sql.Expression) bool) {
	if n == nil || !fn(n) {
		return
	}
	if ne, ok := n.(sql.Expressioner); ok {
		for _, e := range ne.Expressions() {
			inspectExprDeep(e, fn, fe)
		}
	}
	if ii, ok := n.(*plan.InsertInto); ok && ii.Source != nil {
		inspectDeep(ii.Source, fn, fe)
	}
	for _, c := range n.Children() {
		inspectDeep(c, fn, fe)
	}
}

func inspectExprDeep(e sql.Expression, fn func(sql.Node) bool, fe func(sql.Expression) bool) {
	if e == nil || fe != nil && !fe(e) {
		return
	}
	if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
		inspectDeep(sq.Query, fn, fe)
	}
	for _, c := range e.Children() {
		inspectExprDeep(c, fn, fe)
	}
}

// freshPlan copies a cached plan for one execution, giving every node
// that keeps per-execution state (see reusablePlan) a new instance; the
// other nodes are shared with the cached plan.
func freshPlan(n sql.Node, b sql.NodeExecBuilder) (sql.Node, error) {
	out, _, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		same := transform.SameTree
		switch x := n.(type) {
		case *plan.HashLookup:
			n, same = plan.NewHashLookup(x.Child, x.RightEntryKey, x.LeftProbeKey, x.JoinType), transform.NewTree
		case *plan.CachedResults:
			n, same = plan.NewCachedResults(x.Child), transform.NewTree
		case *plan.Max1Row:
			n, same = plan.NewMax1Row(x.Child, x.Name()), transform.NewTree
		case *plan.InsertInto:
			if x.Source != nil {
				src, err := freshPlan(x.Source, b)
				if err != nil {
					return nil, transform.SameTree, err
				}
				if src != x.Source {
					n, same = x.WithSource(src), transform.NewTree
				}
			}
		}
		ne, ok := n.(sql.Expressioner)
		if !ok {
			return n, same, nil
		}
		nn, same2, err := transform.OneNodeExpressions(ne.(sql.Node), func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			sq, ok := e.(*plan.Subquery)
			if !ok {
				return e, transform.SameTree, nil
			}
			q, err := freshPlan(sq.Query, b)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if q == sq.Query && !sq.CanCacheResults() {
				return e, transform.SameTree, nil
			}
			ns := plan.NewSubquery(q, sq.QueryString).WithCorrelated(sq.Correlated())
			if sq.Volatile() {
				ns = ns.WithVolatile()
			}
			return ns.WithExecBuilder(b), transform.NewTree, nil
		})
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nn, same && same2, nil
	})
	return out, err
}
