package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Materialized views (PostgreSQL docs: CREATE / REFRESH / DROP
// MATERIALIZED VIEW) are tables filled by their query, which the catalog
// keeps for REFRESH. Their rows are read, indexed and dropped as a
// table's.

// Matview records (or, with Drop, forgets) a materialized view's query.
type Matview struct {
	Name  catalog.QName
	Query string
	Drop  bool
}

func (*Matview) command()        {}
func (*Matview) catalogCommand() {}

// createMatview is CREATE MATERIALIZED VIEW ... AS query [WITH [NO] DATA]:
// CREATE TABLE AS, and the query recorded.
func (t *Translator) createMatview(s *pg.CreateTableAsStmt) (Result, error) {
	res, err := t.createTableAs(&pg.CreateTableAsStmt{Query: s.Query, Into: s.Into, Objtype: pg.ObjectType_OBJECT_TABLE, IfNotExists: s.IfNotExists})
	if err != nil {
		return res, err
	}
	if c, ok := res.Cmd.(*TableDDL); ok && c.Kind == "noop" {
		return Result{Cmd: c, Tag: "CREATE MATERIALIZED VIEW"}, nil // with createTableAs's notice
	}
	query, err := pgtree.DeparseCastSafe(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: s.Query}}})
	if err != nil {
		return Result{}, pgerror.New(pgerror.InternalError, "deparse: %v", err)
	}
	res.Catalog = append(res.Catalog, &Matview{Name: rangeQName(s.Into.Rel), Query: query})
	if s.Into.SkipData {
		res.Tag = "CREATE MATERIALIZED VIEW"
	}
	return res, nil
}

// matviewTable resolves a materialized view to its table, failing as
// PostgreSQL does for a missing relation or another kind.
func (t *Translator) matviewTable(rv *pg.RangeVar) (*TableInfo, string) {
	ti := t.lookup(rv, false)
	r := t.reader()
	if r == nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "materialized views need the catalog"))
	}
	query, ok := r.Current().Matview(catalog.QName{Schema: ti.Schema, Name: ti.Name})
	if !ok {
		// PostgreSQL's REFRESH of another relation kind is 0A000
		fail(pgerror.New(pgerror.FeatureNotSupported, "%q is not a materialized view", ti.Name))
	}
	return ti, query
}

// refreshMatview is REFRESH MATERIALIZED VIEW [CONCURRENTLY] name [WITH
// [NO] DATA]: the rows replaced by the query's, in the statement's
// transaction (CONCURRENTLY only changes what concurrent readers wait
// for, which an embedded engine's statements never do).
func (t *Translator) refreshMatview(s *pg.RefreshMatViewStmt) (Result, error) {
	ti, query := t.matviewTable(s.Relation)
	if s.Concurrent && s.SkipData {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "%s and %s options cannot be used together", "CONCURRENTLY", "WITH NO DATA")
	}
	tree, err := pgtree.Parse(query)
	if err != nil || len(tree.Stmts) != 1 || tree.Stmts[0].Stmt.GetSelectStmt() == nil {
		return Result{}, pgerror.New(pgerror.InternalError, "materialized view %q has no valid query", ti.Name)
	}
	return Result{Cmd: &TableDDL{Kind: "refresh_matview", Schema: ti.Schema, Table: ti.Name,
		Query: t.selectStmt(tree.Stmts[0].Stmt.GetSelectStmt()), NoData: s.SkipData}, Tag: "REFRESH MATERIALIZED VIEW"}, nil
}

// dropMatview is DROP MATERIALIZED VIEW: DROP TABLE of each (after
// checking it is a materialized view), and the queries forgotten.
func (t *Translator) dropMatview(s *pg.DropStmt) (Result, bool) {
	r := t.reader()
	cp := &pg.DropStmt{RemoveType: pg.ObjectType_OBJECT_TABLE, Behavior: s.Behavior, MissingOk: s.MissingOk, Concurrent: s.Concurrent}
	var forget []CatalogCommand
	for _, o := range s.Objects {
		q := listQName(o.GetList().Items)
		rv := &pg.RangeVar{Schemaname: q.Schema, Relname: q.Name}
		ti := t.lookup(rv, true)
		if ti == nil {
			if !s.MissingOk {
				fail(pgerror.New(pgerror.UndefinedTable, "materialized view %q does not exist", q.Name))
			}
			cp.Objects = append(cp.Objects, o) // DROP TABLE IF EXISTS skips it, DropTableDeps gives the notice
			continue
		}
		tq := catalog.QName{Schema: ti.Schema, Name: ti.Name}
		if _, ok := r.Current().Matview(tq); !ok {
			fail(pgerror.New(pgerror.WrongObjectType, "%q is not a materialized view", ti.Name).
				WithHint("Use DROP TABLE to remove a table."))
		}
		cp.Objects = append(cp.Objects, o)
		forget = append(forget, &Matview{Name: tq, Drop: true})
	}
	res, ok := t.catalogDrop(cp)
	for _, c := range res.Catalog {
		if d, isDeps := c.(*DropTableDeps); isDeps {
			d.Word = "materialized view"
		}
	}
	res.Catalog = append(res.Catalog, forget...)
	res.Tag = "DROP MATERIALIZED VIEW"
	return res, ok
}
