package translate

import pg "github.com/pganalyze/pg_query_go/v5"

// tableLookup is one memoized answer of TableLookup.LookupTable.
type tableLookup struct {
	info *TableInfo
	ok   bool
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
	key := [2]string{schema, name}
	if l, ok := t.lookups[key]; ok {
		return l.info, l.ok
	}
	var info *TableInfo
	var ok bool
	if cl, isCL := t.Tables.(ColumnLookup); isCL {
		info, ok = cl.LookupColumns(schema, name)
	} else {
		info, ok = t.Tables.LookupTable(schema, name)
	}
	if t.lookups == nil {
		t.lookups = map[[2]string]tableLookup{}
	}
	t.lookups[key] = tableLookup{info, ok}
	return info, ok
}

// catalogTable is the CatalogReader's Table, asked once per name for the
// statement (view expansion and whole-row sources both ask, for each
// search-path schema).
func (t *Translator) catalogTable(r CatalogReader, schema, name string) (string, []string, bool) {
	key := [2]string{schema, name}
	if l, ok := t.relations[key]; ok {
		return l.schema, l.cols, l.ok
	}
	sc, cols, ok := r.Table(schema, name)
	if t.relations == nil {
		t.relations = map[[2]string]relationLookup{}
	}
	t.relations[key] = relationLookup{sc, cols, ok}
	return sc, cols, ok
}

// relationLookup is one memoized answer of CatalogReader.Table.
type relationLookup struct {
	schema string
	cols   []string
	ok     bool
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
