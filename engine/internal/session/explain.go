package session

import (
	"context"
	"io"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// explainCommand runs EXPLAIN: the statement is translated (it was
// secured with the EXPLAIN), planned as it would run, and the plan
// printed (gmsadapter.Explain). EXPLAIN ANALYZE also runs it, in the
// caller's transaction, as PostgreSQL does: its writes stay.
func (s *Session) explainCommand(c *translate.Explain, _ string) (string, *Rows, error) {
	planStart := time.Now()
	tr := &translate.Translator{Env: &s.env, Params: c.Params, Tables: s, Catalog: s.translatorCatalog()}
	res, err := tr.Statement(c.Query)
	if err != nil {
		return "", nil, err
	}
	if res.Stmt == nil || res.Cmd != nil {
		return "", nil, pgerror.New(pgerror.FeatureNotSupported, "EXPLAIN of this statement is not supported yet")
	}
	if err := s.applyCatalog(res.Catalog); err != nil {
		return "", nil, err
	}
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	ctx := context.Background()
	if c.Analyze && res.Tag != "SELECT" {
		if err := txn.Lock(ctx); err != nil {
			return "", nil, lockError(err)
		}
	}
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(s.curSQL))
	if err := s.prepareDML(gctx, res.Stmt); err != nil {
		return "", nil, err
	}
	analyzed, flags, _, _, err := s.analyzeQuery(gctx, s.curSQL, res.Stmt)
	if err != nil {
		return "", nil, err
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
	lines := gmsadapter.Explain(gctx, analyzed, gmsadapter.ExplainOptions{
		Analyze: c.Analyze, Verbose: c.Verbose, Costs: c.Costs, Timing: c.Timing, Summary: c.Summary, JSON: c.JSON,
	}, inst, planning, execution)
	return "EXPLAIN", valuesRows("EXPLAIN", "QUERY PLAN", lines...), nil
}
