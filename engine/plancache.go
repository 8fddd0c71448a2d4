package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// runGMS plans and starts one translated statement on GMS.
//
// A single-table UPDATE or DELETE takes GMS's "simple DML" analyzer batches,
// which leave out the engine's pre-analyze rules; without
// indexableComparisons its `key = constant` filter stays a tinybase
// comparison that GMS's index selection does not recognise, and every such
// statement scanned its whole table. Those statements are bound here, the
// rule applied to the bound plan, and then analyzed and run, so they take
// the primary key (or any other index) as the equivalent SELECT does.
func (s *Session) runGMS(gctx *sql.Context, sqlText string, stmt sqlparser.Statement) (sql.Schema, sql.RowIter, error) {
	switch stmt.(type) {
	case *sqlparser.Update, *sqlparser.Delete:
	default:
		schema, iter, _, err := s.eng.gms.QueryWithBindings(gctx, sqlText, stmt, nil, nil)
		return schema, iter, err
	}
	g := s.eng.gms
	if err := gctx.Session.ValidateSession(gctx); err != nil {
		return nil, nil, err
	}
	binder := planbuilder.New(gctx, g.Analyzer.Catalog, g.EventScheduler, g.Parser)
	bound, qFlags, err := binder.BindOnly(stmt, sqlText, nil)
	if err != nil {
		return nil, nil, err
	}
	bound, _, err = indexableComparisons(gctx, g.Analyzer, bound, nil, nil, qFlags)
	if err != nil {
		return nil, nil, err
	}
	analyzed, err := g.Analyzer.Analyze(gctx, bound, nil, qFlags)
	if err != nil {
		return nil, nil, err
	}
	schema, iter, _, err := g.PrepQueryPlanForExecution(gctx, sqlText, analyzed, qFlags)
	return schema, iter, err
}
