package session

import (
	"context"
	"io"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// explainPlan is the analyzed plan of an EXPLAIN's statement, kept with
// the EXPLAIN's statement-cache entry: PostgREST's count=planned explains
// the same text per request. Its key and version are those a statement's
// own cached plan has (plan_cache.go): text, role, search_path, the
// catalog's version, so DDL, a role or a search_path change plans afresh.
// Estimates are read from the plan each time it is printed.
type explainPlan struct {
	node  sql.Node
	flags *sql.QueryFlags
}

// explainCacheable reports whether an EXPLAIN's plan may be kept: a plain
// EXPLAIN (ANALYZE runs the statement) without parameter values bound into
// its translation.
func explainCacheable(res translate.Result) bool {
	c, ok := res.Cmd.(*translate.Explain)
	return ok && !c.Analyze && len(c.Params) == 0
}

// explainCommand runs EXPLAIN: the statement is translated (it was
// secured with the EXPLAIN), planned as it would run, and the plan
// printed (gmsadapter.Explain). EXPLAIN ANALYZE also runs it, in the
// caller's transaction, as PostgreSQL does: its writes stay. A plain
// EXPLAIN of a query reuses the plan its cache entry keeps (explainPlan).
func (s *Session) explainCommand(c *translate.Explain, _ string) (string, *Rows, error) {
	planStart := time.Now()
	entry := s.plans.entry
	s.plans.entry = nil
	if entry != nil && (entry.res.Cmd != translate.Command(c) || !s.hypo.Empty()) {
		entry = nil // hypothetical indexes change plans outside the cache key
	}
	gctx := sql.NewContext(context.Background(), sql.WithSession(s.gms), sql.WithQuery(s.curSQL))
	var analyzed sql.Node
	var flags *sql.QueryFlags
	if entry != nil && entry.explain != nil {
		if s.state == txnIdle {
			s.StorageTxn().Refresh()
		}
		analyzed, flags = entry.explain.node, entry.explain.flags
	} else {
		var err error
		if analyzed, flags, err = s.planExplained(gctx, c, entry); err != nil {
			return "", nil, err
		}
	}
	planning := time.Since(planStart)
	var inst *gmsadapter.Instrument
	var execution time.Duration
	if c.Analyze {
		inst = gmsadapter.NewInstrument()
		ictx := gmsadapter.WithInstrument(gctx, inst)
		start := time.Now()
		_, iter, _, err := s.eng.gms.PrepQueryPlanForExecution(ictx, s.curSQL, analyzed, flags)
		if err != nil {
			return "", nil, err
		}
		for {
			if _, err = iter.Next(ictx); err != nil {
				break
			}
		}
		cerr := iter.Close(ictx)
		if err != io.EOF {
			return "", nil, err
		}
		if cerr != nil {
			return "", nil, cerr
		}
		execution = time.Since(start)
	}
	opts := gmsadapter.ExplainOptions{
		Analyze: c.Analyze, Verbose: c.Verbose, Costs: c.Costs, Timing: c.Timing, Summary: c.Summary, JSON: c.JSON,
	}
	if c.Settings {
		opts.Settings = s.explainSettings()
	}
	if c.Verbose {
		opts.QueryID = s.queryID(c.Query)
	}
	lines := gmsadapter.Explain(gctx, analyzed, opts, inst, planning, execution)
	return "EXPLAIN", valuesRows("EXPLAIN", "QUERY PLAN", lines...), nil
}

// planExplained translates and analyzes an EXPLAIN's statement, keeping
// the plan in entry, when there is one, if it may be reused as a cached
// statement's would be (runStatement).
func (s *Session) planExplained(gctx *sql.Context, c *translate.Explain, entry *cachedStmt) (sql.Node, *sql.QueryFlags, error) {
	tr := &translate.Translator{Env: &s.env, Params: c.Params, Tables: s, Catalog: s.translatorCatalog(), Inline: true}
	res, err := tr.Statement(c.Query)
	if err != nil {
		return nil, nil, err
	}
	if res.Stmt == nil || res.Cmd != nil {
		return nil, nil, pgerror.New(pgerror.FeatureNotSupported, "EXPLAIN of this statement is not supported yet")
	}
	if err := s.applyCatalog(res.Catalog); err != nil {
		return nil, nil, err
	}
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	if c.Analyze && res.Tag != "SELECT" {
		if err := txn.Lock(gctx); err != nil {
			return nil, nil, lockError(err)
		}
	}
	if err := s.prepareDML(gctx, res.Stmt); err != nil {
		return nil, nil, err
	}
	pctx := gctx
	if !c.Analyze {
		pctx = s.withHypothetical(gctx) // explain_hypothetical.go
	}
	analyzed, flags, facts, reusable, err := s.analyzeQuery(pctx, s.curSQL, res.Stmt)
	s.plans.once = nil // evaluated-once values matter to an execution, not to EXPLAIN
	if err != nil {
		return nil, nil, mapError(err) // GMS's "table not found" is 42P01
	}
	if entry != nil && res.Tag == "SELECT" && len(res.Catalog) == 0 && reusable && !facts.unusable {
		entry.explain = &explainPlan{node: analyzed, flags: flags}
		if entry.pendingKey != "" {
			s.cache.put(entry.pendingKey, entry.pendingVersion, entry)
			entry.pendingKey = ""
		}
	}
	return analyzed, flags, nil
}

// explainGUCs are the parameters PostgreSQL marks GUC_EXPLAIN among those
// tinybase has: EXPLAIN (SETTINGS) lists the ones whose value differs
// from the compiled-in one, by name.
var explainGUCs = []string{"effective_cache_size", "enable_bitmapscan", "enable_hashjoin", "enable_indexonlyscan",
	"enable_indexscan", "enable_mergejoin", "enable_nestloop", "enable_seqscan", "enable_sort", "jit", "search_path", "work_mem"}

// explainSettings is EXPLAIN's Settings: never nil, empty when nothing
// differs.
func (s *Session) explainSettings() [][2]string {
	out := [][2]string{}
	for _, name := range explainGUCs {
		g := gucs[name]
		boot := g.def
		if g.boot != "" {
			boot = g.boot
		}
		if v, ok := s.Setting(name); ok && v != boot {
			out = append(out, [2]string{g.name, v})
		}
	}
	return out
}

// queryID is the query identifier EXPLAIN VERBOSE prints while
// compute_query_id is on, or auto (the Supabase server loads
// pg_stat_statements, which turns auto on): a hash of the statement's
// parse tree with its constants left out, as PostgreSQL's is, though not
// the same numbers. 0 when none is computed.
func (s *Session) queryID(q *pg.Node) int64 {
	if v, _ := s.Setting("compute_query_id"); v != "on" && v != "auto" {
		return 0
	}
	text, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: q}}})
	if err != nil {
		return 0
	}
	id, err := pg.FingerprintToUInt64(text)
	if err != nil {
		return 0
	}
	return int64(id)
}
