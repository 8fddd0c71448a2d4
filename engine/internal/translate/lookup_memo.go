package translate

import pg "github.com/pganalyze/pg_query_go/v5"

// tableLookup is one memoized answer of ColumnLookup.LookupColumns (a
// statement names few tables: a list beats a map).
type tableLookup struct {
	schema, name string
	info         *TableInfo
	ok           bool
}

// ColumnLookup is what a TableLookup may also offer: a table's
// description without its indexes and constraints (TableInfo's Schema,
// Name, Columns and PrimaryKey only), which is all queries read.
type ColumnLookup interface {
	LookupColumns(schema, name string) (info *TableInfo, ok bool)
}

// lookupColumns describes a table a query reads (its Schema, Name,
// Columns and PrimaryKey), asked once per name for the statement: a
// SELECT reads each FROM table's description more than once (column-case
// checks, whole-row references, GROUP BY checks). A Translator translates
// one statement against one catalog state, so the answers cannot change
// while it lives. The callers only read the TableInfo.
func (t *Translator) lookupColumns(schema, name string) (*TableInfo, bool) {
	for _, l := range t.lookups {
		if l.schema == schema && l.name == name {
			return l.info, l.ok
		}
	}
	var info *TableInfo
	var ok bool
	if cl, isCL := t.Tables.(ColumnLookup); isCL {
		info, ok = cl.LookupColumns(schema, name)
	} else {
		info, ok = t.Tables.LookupTable(schema, name)
	}
	t.lookups = append(t.lookups, tableLookup{schema, name, info, ok})
	return info, ok
}

// catalogTable is the CatalogReader's Table, asked once per name for the
// statement (view expansion and whole-row sources both ask, for each
// search-path schema).
func (t *Translator) catalogTable(r CatalogReader, schema, name string) (string, []string, bool) {
	for _, l := range t.relations {
		if l.schema == schema && l.name == name {
			return l.found, l.cols, l.ok
		}
	}
	found, cols, ok := r.Table(schema, name)
	t.relations = append(t.relations, relationLookup{schema, name, found, cols, ok})
	return found, cols, ok
}

// relationLookup is one memoized answer of CatalogReader.Table: for
// schema.name, the schema found, the columns and whether it exists.
type relationLookup struct {
	schema, name, found string
	cols                []string
	ok                  bool
}

// noFuncCall reports whether n certainly holds no function call outside
// subqueries, looking only through the node kinds a plain select list is
// made of; false means "maybe" (a call, a subquery or another kind of
// node), for which callers walk the tree in full.
func noFuncCall(n *pg.Node) bool {
	if n == nil {
		return true
	}
	switch x := n.Node.(type) {
	case *pg.Node_ColumnRef, *pg.Node_AConst, *pg.Node_ParamRef, *pg.Node_AStar, *pg.Node_String_:
		return true
	case *pg.Node_ResTarget:
		return len(x.ResTarget.Indirection) == 0 && noFuncCall(x.ResTarget.Val)
	case *pg.Node_TypeCast:
		return noFuncCall(x.TypeCast.Arg)
	case *pg.Node_AExpr:
		return noFuncCall(x.AExpr.Lexpr) && noFuncCall(x.AExpr.Rexpr)
	case *pg.Node_BoolExpr:
		for _, a := range x.BoolExpr.Args {
			if !noFuncCall(a) {
				return false
			}
		}
		return true
	case *pg.Node_NullTest:
		return noFuncCall(x.NullTest.Arg)
	}
	return false
}
