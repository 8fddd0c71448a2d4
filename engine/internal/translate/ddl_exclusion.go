package translate

import (
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ExclusionDef is an EXCLUDE table constraint (PostgreSQL docs: CREATE
// TABLE, EXCLUDE): an index of Method on Columns whose rows no two may
// match on every column by its operator (Ops, as written). The engine
// makes the index, then checks rows against each other with the
// operators (ddl/exclusion.go).
type ExclusionDef struct {
	Name    string
	Method  string
	Columns []string
	// Exprs and Source are the key parts when one is an expression (a
	// plain column part is a column reference), Columns then empty.
	Exprs       []sqlparser.Expr
	Source      []string
	Ops         []string
	Opclass     []string
	Where       sqlparser.Expr
	WhereSource string
	// Include are the INCLUDE columns, kept in the index, not compared
	Include []string
	// Drop: ALTER TABLE DROP CONSTRAINT Name, whose index goes with
	// the statement; the catalog forgets its operators
	Drop bool
}

// exclusionDef translates an EXCLUDE constraint of a table with columns
// has (nil: not known yet, CREATE TABLE checks the columns itself).
func (t *Translator) exclusionDef(c *pg.Constraint, cn *constraintNames, has func(string) bool) *ExclusionDef {
	def := &ExclusionDef{Name: c.Conname, Method: c.AccessMethod}
	if def.Method == "" {
		def.Method = "btree"
	}
	for _, n := range c.Including {
		// INCLUDE columns ride along in the constraint's index
		// (docs: CREATE TABLE, "INCLUDE")
		name := n.GetString_().GetSval()
		if has != nil && !has(name) {
			fail(pgerror.New(pgerror.UndefinedColumn, "column %q named in key does not exist", name))
		}
		def.Include = append(def.Include, name)
	}
	if c.Deferrable || c.Initdeferred {
		fail(pgerror.New(pgerror.FeatureNotSupported, "DEFERRABLE exclusion constraints are not supported yet"))
	}
	anyExpr := false
	var nameParts []string
	for _, p := range c.Exclusions {
		pair := p.GetList().GetItems()
		if len(pair) != 2 {
			fail(pgerror.New(pgerror.SyntaxError, "malformed EXCLUDE element"))
		}
		el := pair[0].GetIndexElem()
		if el == nil {
			fail(pgerror.New(pgerror.SyntaxError, "malformed EXCLUDE element"))
		}
		if el.Ordering != pg.SortByDir_SORTBY_DEFAULT || el.NullsOrdering != pg.SortByNulls_SORTBY_NULLS_DEFAULT {
			fail(pgerror.New(pgerror.FeatureNotSupported, "EXCLUDE with ordering options is not supported yet"))
		}
		if el.Name == "" {
			anyExpr = true
			def.Exprs = append(def.Exprs, t.scalar(el.Expr))
			def.Source = append(def.Source, exprSQL(el.Expr))
			nameParts = append(nameParts, indexColname(el.Expr))
		} else {
			if has != nil && !has(el.Name) {
				fail(pgerror.New(pgerror.UndefinedColumn, "column %q named in key does not exist", el.Name))
			}
			def.Columns = append(def.Columns, el.Name)
			def.Exprs = append(def.Exprs, &sqlparser.ColName{Name: sqlparser.NewColIdent(el.Name)})
			def.Source = append(def.Source, exprSQL(&pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{
				Fields: []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: el.Name}}}}}}}))
			nameParts = append(nameParts, el.Name)
		}
		def.Opclass = append(def.Opclass, indexOpclass(el))
		def.Ops = append(def.Ops, strings.Join(names(pair[1].GetList().GetItems()), "."))
	}
	if anyExpr {
		def.Columns = nil
	} else {
		def.Exprs, def.Source = nil, nil
	}
	if c.WhereClause != nil {
		def.Where = t.indexPredicate(c.WhereClause)
		def.WhereSource = exprSQL(c.WhereClause)
	}
	if def.Name == "" {
		nameParts = append(nameParts, def.Include...) // ChooseIndexColumnNames counts them
		def.Name = cn.choose(nameParts, "excl")
	} else {
		cn.take(def.Name)
	}
	return def
}

// withExclusions makes res (CREATE or ALTER TABLE of table) add defs
// once it has run.
func withExclusions(res Result, schema, table string, defs []*ExclusionDef) Result {
	if len(defs) == 0 {
		return res
	}
	if td, ok := res.Cmd.(*TableDDL); ok && td.Kind == "sequence" {
		td.Exclusions = append(td.Exclusions, defs...)
		return res
	}
	td := &TableDDL{Kind: "sequence", Schema: schema, Table: table, Exclusions: defs}
	if old, ok := res.Cmd.(*TableDDL); ok && old.Kind == "noop" {
		res.Cmd = nil
	}
	if res.Stmt != nil {
		td.Stmts = []sqlparser.Statement{res.Stmt}
	} else if res.Cmd != nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "EXCLUDE together with these ALTER TABLE actions is not supported yet"))
	}
	res.Stmt, res.Cmd = nil, td
	return res
}
