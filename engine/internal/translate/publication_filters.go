package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// publicationTableOpts reads a FOR TABLE member's column list and row
// filter (PostgreSQL docs: CREATE PUBLICATION), checking the filter as
// PostgreSQL's transformPubWhereClauses and check_simple_rowfilter_expr
// do; the column list is checked against the table when the statement
// runs (ddl).
func (t *Translator) publicationTableOpts(op string, pt *pg.PublicationTable) catalog.PublicationTableOpts {
	var o catalog.PublicationTableOpts
	if op == "drop" {
		if pt.WhereClause != nil {
			failAt(-1, pgerror.SyntaxError, "cannot use a WHERE clause when removing a table from a publication")
		}
		if len(pt.Columns) > 0 {
			failAt(-1, pgerror.SyntaxError, "column list must not be specified in ALTER PUBLICATION ... DROP")
		}
	}
	for _, c := range pt.Columns {
		o.Columns = append(o.Columns, strVal(c))
	}
	if pt.WhereClause != nil {
		if ti := t.lookup(pt.Relation, true); ti != nil {
			t.checkRowFilter(ti, pt.WhereClause)
		}
		o.Where = deparseExpr(pt.WhereClause)
	}
	return o
}

// checkRowFilter checks a publication WHERE expression over table ti:
// first as parse analysis does (columns exist, no aggregates, boolean),
// then PostgreSQL's rule that a row filter holds only columns,
// constants, built-in operators and types, and immutable built-in
// functions (0A000).
func (t *Translator) checkRowFilter(ti *TableInfo, n *pg.Node) {
	pgtree.Walk(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.ColumnRef:
			if s := x.Fields[len(x.Fields)-1].GetString_(); s != nil {
				if _, ok := ti.Column(s.Sval); !ok && !systemColumns[s.Sval] {
					failAt(x.Location, pgerror.UndefinedColumn, "column %q does not exist", s.Sval)
				}
			}
		case *pg.FuncCall:
			if x.Over == nil && t.isAggregateName(names(x.Funcname)) {
				failAt(x.Location, pgerror.GroupingError, "aggregate functions are not allowed in WHERE")
			}
		}
		return true
	})
	if typ := t.filterType(ti, n); typ != nil && typ.Base().Kind != types.KindBool {
		failAt(exprLocation(n), pgerror.DatatypeMismatch, "argument of PUBLICATION WHERE must be type boolean, not type %s", typ.FormatType())
	}
	invalid := func(loc int32, detail string) {
		e := pgerror.New(pgerror.FeatureNotSupported, "invalid publication WHERE expression").WithDetail("%s", detail)
		if loc >= 0 {
			e.Position = int(loc) + 1
		}
		panic(e)
	}
	const onlySimple = "Only columns, constants, built-in operators, built-in data types, built-in collations, and immutable built-in functions are allowed."
	pgtree.Walk(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.ColumnRef:
			if s := x.Fields[len(x.Fields)-1].GetString_(); s != nil && systemColumns[s.Sval] {
				if _, own := ti.Column(s.Sval); !own {
					invalid(x.Location, "System columns are not allowed.")
				}
			}
		case *pg.SubLink:
			invalid(x.Location, onlySimple)
		case *pg.SQLValueFunction:
			invalid(x.Location, "User-defined or built-in mutable functions are not allowed.")
		case *pg.FuncCall:
			parts := names(x.Funcname)
			_, user := t.userFunctions(parts)
			foreign := len(parts) > 1 && !strings.EqualFold(parts[0], "pg_catalog")
			if user || foreign || t.mutable(&pg.Node{Node: &pg.Node_FuncCall{FuncCall: x}}) {
				invalid(x.Location, "User-defined or built-in mutable functions are not allowed.")
			}
		}
		return true
	})
}

// filterType is the type of a row filter when its form tells it without
// analysis (a column, a constant, a cast), nil otherwise.
func (t *Translator) filterType(ti *TableInfo, n *pg.Node) *types.Type {
	switch x := n.Node.(type) {
	case *pg.Node_ColumnRef:
		if s := x.ColumnRef.Fields[len(x.ColumnRef.Fields)-1].GetString_(); s != nil {
			if c, ok := ti.Column(s.Sval); ok {
				return c.Type
			}
		}
	case *pg.Node_AConst:
		switch x.AConst.Val.(type) {
		case *pg.A_Const_Ival:
			return types.Int4
		case *pg.A_Const_Fval:
			return types.Numeric
		}
	case *pg.Node_TypeCast:
		return t.typeName(x.TypeCast.TypeName)
	}
	return nil
}
