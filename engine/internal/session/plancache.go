package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgtree"
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
	defer s.replicaWrites(stmt)()
	if !analyzedHere(stmt) {
		schema, iter, _, err := s.eng.gms.QueryWithBindings(gctx, sqlText, stmt, nil, nil)
		return schema, iter, err
	}
	if err := gctx.Session.ValidateSession(gctx); err != nil {
		return nil, nil, err
	}
	analyzed, qFlags, err := s.analyzeDML(gctx, sqlText, stmt)
	if err != nil {
		return nil, nil, err
	}
	schema, iter, _, err := s.eng.gms.PrepQueryPlanForExecution(gctx, sqlText, analyzed, qFlags)
	return schema, iter, err
}

// analyzedHere reports whether runGMS binds and analyzes stmt itself:
// UPDATE, DELETE and INSERT ... RETURNING (see analyzeDML).
func analyzedHere(stmt sqlparser.Statement) bool {
	switch st := stmt.(type) {
	case *sqlparser.Update, *sqlparser.Delete:
		return true
	case *sqlparser.Insert:
		return len(st.Returning) > 0
	}
	return false
}

// analyzeDML binds a single-table UPDATE or DELETE (or an INSERT with
// RETURNING), applies the engine's pre-analyze rule that GMS's simple-DML
// batches skip, and analyzes it.
func (s *Session) analyzeDML(gctx *sql.Context, sqlText string, stmt sqlparser.Statement) (sql.Node, *sql.QueryFlags, error) {
	g := s.eng.gms
	binder := planbuilder.New(gctx, g.Analyzer.Catalog, g.EventScheduler, g.Parser)
	bound, qFlags, err := binder.BindOnly(stmt, sqlText, nil)
	if err != nil {
		return nil, nil, err
	}
	if ins, ok := bound.(*plan.InsertInto); ok && len(ins.Returning) > 0 {
		// GMS marks a VALUES source of only DEFAULT items "literal" and
		// then skips assigning execution indexes, which RETURNING needs
		// (MySQL has no RETURNING): such inserts take the full analysis.
		ins.LiteralValueSource = false
	}
	subqueryDML(bound)
	bound, _, err = indexableComparisons(gctx, g.Analyzer, bound, nil, nil, qFlags)
	if err != nil {
		return nil, nil, err
	}
	analyzed, err := g.Analyzer.Analyze(gctx, bound, nil, qFlags)
	return analyzed, qFlags, err
}

// parseCacheLimits bound the engine's parse cache (bytes as parseSize
// estimates them); parseCacheMaxText keeps very long texts (migrations,
// bulk VALUES) out of it.
var parseCacheLimits = cache.Limits{Entries: 1024, Bytes: 32 << 20}

const parseCacheMaxText = 16 << 10

// parseSize estimates a kept parse: the text as the map key, and the
// parse tree, whose strings share the JSON text libpg_query wrote for it
// (a few hundred bytes per byte of SQL: measured 20–40 KiB for the soak
// benchmark's 60–120-byte statements).
func parseSize(text string) int64 { return 1024 + 256*int64(len(text)) }

// parseCache keeps the pg_query parse of recently seen one-statement texts,
// engine-wide: a parse depends on the text alone (not on the catalog, the
// role or the settings), so every session shares it, which is what helps
// PostgREST and Auth, whose sessions last one request. Parameterized
// statements are translated afresh on every execution (translation bakes in
// parameter values); the parse, a cgo call and a protobuf decode, is not
// repeated. Each use gets its own deep copy, so a
// translation that rewrites its tree cannot affect another.
type parseCache struct {
	entries cache.Shared[string, *pg.Node] // bounded by parseCacheLimits (Engine.limitCaches)
}

func (c *parseCache) lru() *cache.Shared[string, *pg.Node] { return &c.entries }

// parseOne parses a text that must hold at most one statement: it returns
// the statement (nil for an empty text) and how many statements the text
// holds.
//
// Only texts with parameters use the cache (keep true): drivers send one
// text many times with new values, while a text without parameters is
// either covered by the session's translation cache or, with literals
// that vary (pgbench -S over the simple protocol), seen once, and caching
// it would only add a copy and churn.
func (e *Engine) parseOne(text string, keep bool) (*pg.Node, int, error) {
	c := e.parses.lru()
	if keep {
		if n, ok := c.Get(text); ok {
			return pgtree.Clone(n), 1, nil
		}
	}
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil, 0, err
	}
	if len(tree.Stmts) != 1 {
		return nil, len(tree.Stmts), nil
	}
	stmt := tree.Stmts[0].Stmt
	if keep && len(text) <= parseCacheMaxText {
		c.Put(text, pgtree.Clone(stmt), parseSize(text))
	}
	return stmt, 1, nil
}

// subqueryDML sends an UPDATE or DELETE whose expressions hold a subquery
// through GMS's full analysis. GMS's planbuilder marks a statement as
// leaving its single relation only for scalar subqueries, not EXISTS, and
// its simple-DML batches skip finalizeSubqueries, so `delete from t where
// exists (…)` failed with XX000 "attempted to evaluate uninitialized
// subquery".
func subqueryDML(n sql.Node) {
	switch x := n.(type) {
	case *plan.Update:
		if x.HasSingleRel && holdsSubquery(x) {
			x.HasSingleRel = false
		}
	case *plan.DeleteFrom:
		if x.RefsSingleRel && holdsSubquery(x) {
			x.RefsSingleRel = false
		}
	}
}

func holdsSubquery(n sql.Node) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		if _, ok := e.(*plan.Subquery); ok {
			found = true
		}
		return !found
	})
	return found
}

// replicaWrites plans a write without foreign key checks or referential
// actions (GMS reads foreign_key_checks while it plans:
// gmsSession.GetSessionVariable) when PostgreSQL's foreign key triggers
// would not fire: in a session whose session_replication_role is replica
// (they are enabled 'O'), or on a table whose DISABLE TRIGGER ALL turned
// them off (catalog/system_triggers.go). DDL keeps them: CREATE TABLE
// and ADD FOREIGN KEY still resolve and validate their keys, TRUNCATE
// still refuses a referenced table. Replica-mode plans are cached apart
// (cacheKeyMemo); switching a table's triggers is DDL, which drops
// cached plans. It returns the restore.
func (s *Session) replicaWrites(stmt sqlparser.Statement) func() {
	var target sqlparser.TableName
	switch st := stmt.(type) {
	case *sqlparser.Insert:
		target = st.Table
	case *sqlparser.Update:
		target = firstTable(st.TableExprs)
	case *sqlparser.Delete:
		target = firstTable(st.TableExprs)
	default:
		return func() {}
	}
	if !s.replicaRole() && !s.fkTriggersOff(target) {
		return func() {}
	}
	prev := s.fkChecksOff
	s.fkChecksOff = true
	return func() { s.fkChecksOff = prev }
}

// firstTable is the table a single-table UPDATE or DELETE writes.
func firstTable(exprs sqlparser.TableExprs) sqlparser.TableName {
	if len(exprs) > 0 {
		if a, ok := exprs[0].(*sqlparser.AliasedTableExpr); ok {
			if t, ok := a.Expr.(sqlparser.TableName); ok {
				return t
			}
		}
	}
	return sqlparser.TableName{}
}

// fkTriggersOff reports whether the table a write names has its foreign
// key triggers disabled (DISABLE TRIGGER ALL).
func (s *Session) fkTriggersOff(t sqlparser.TableName) bool {
	cat := s.catalog()
	if t.Name.IsEmpty() || !cat.AnyFKTriggersDisabled() {
		return false
	}
	tbl, ok := s.table(s.sqlContext(), t.DbQualifier.String(), t.Name.String())
	return ok && cat.FKTriggersDisabled(catalog.QName{Schema: tbl.SchemaName(), Name: tbl.Name()})
}
