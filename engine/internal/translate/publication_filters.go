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
				if _, ok := ti.Column(s.Sval); !ok && !systemColumns[s.Sval] && !(len(x.Fields) == 1 && s.Sval == ti.Name) {
					failAt(x.Location, pgerror.UndefinedColumn, "column %q does not exist", s.Sval)
				}
			}
		case *pg.ParamRef:
			failAt(x.Location, pgerror.UndefinedParameter, "there is no parameter $%d", x.Number)
		case *pg.FuncCall:
			if x.Over != nil {
				failAt(x.Location, pgerror.WindowingError, "window functions are not allowed in WHERE")
			}
			if t.isAggregateName(names(x.Funcname)) {
				failAt(x.Location, pgerror.GroupingError, "aggregate functions are not allowed in WHERE")
			}
		case *pg.A_Expr:
			t.checkFilterLiteral(ti, x)
		}
		return true
	})
	t.collectSRFCalls(n, func(c *pg.Node) {
		failAt(c.GetFuncCall().Location, pgerror.FeatureNotSupported, "set-returning functions are not allowed in WHERE")
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
	const (
		onlySimple = "Only columns, constants, built-in operators, built-in data types, built-in collations, and immutable built-in functions are allowed."
		userOps    = "User-defined operators are not allowed."
		userTypes  = "User-defined types are not allowed."
		userFuncs  = "User-defined or built-in mutable functions are not allowed."
	)
	// PostgreSQL walks the analyzed expression top-down and reports the
	// first node it rejects, at that node's leftmost position.
	pgtree.Walk(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.ColumnRef:
			s := x.Fields[len(x.Fields)-1].GetString_()
			if s == nil {
				invalid(x.Location, userTypes) // t.*: the whole row
			}
			if len(x.Fields) == 1 && s.Sval == ti.Name {
				if _, own := ti.Column(s.Sval); !own {
					invalid(x.Location, userTypes) // the whole row, of the table's row type
				}
			}
			if c, own := ti.Column(s.Sval); own {
				if c.Type != nil && c.Type.OID >= catalog.FirstOID {
					invalid(x.Location, userTypes)
				}
			} else if systemColumns[s.Sval] {
				invalid(x.Location, "System columns are not allowed.")
			}
		case *pg.SubLink:
			invalid(x.Location, onlySimple)
		case *pg.SQLValueFunction:
			invalid(x.Location, onlySimple)
		case *pg.A_Indirection:
			// a subscript or field selection
			invalid(leftmostLocation(x.Arg), onlySimple)
		case *pg.TypeCast:
			if detail := t.rowFilterCast(ti, x); detail != "" {
				invalid(leftmostLocation(&pg.Node{Node: &pg.Node_TypeCast{TypeCast: x}}), detail)
			}
		case *pg.A_Expr:
			if t.rowFilterUserOperator(ti, x) {
				invalid(leftmostLocation(&pg.Node{Node: &pg.Node_AExpr{AExpr: x}}), userOps)
			}
		case *pg.FuncCall:
			parts := names(x.Funcname)
			_, user := t.userFunctions(parts)
			foreign := len(parts) > 1 && !strings.EqualFold(parts[0], "pg_catalog")
			if user || foreign || t.mutable(&pg.Node{Node: &pg.Node_FuncCall{FuncCall: x}}) {
				invalid(x.Location, userFuncs)
			}
		}
		return true
	})
}

// checkFilterLiteral reads a string literal compared with a column as a
// value of the column's type, as parse analysis does, so a malformed one
// fails (22P02) where it stands.
func (t *Translator) checkFilterLiteral(ti *TableInfo, x *pg.A_Expr) {
	if x.Kind != pg.A_Expr_Kind_AEXPR_OP || x.Lexpr == nil || x.Rexpr == nil {
		return
	}
	for _, pair := range [][2]*pg.Node{{x.Lexpr, x.Rexpr}, {x.Rexpr, x.Lexpr}} {
		cr, lit := pair[0].GetColumnRef(), pair[1].GetAConst()
		if cr == nil || lit == nil || lit.GetSval() == nil {
			continue
		}
		s := cr.Fields[len(cr.Fields)-1].GetString_()
		if s == nil {
			continue
		}
		c, ok := ti.Column(s.Sval)
		if !ok || c.Type == nil {
			continue
		}
		switch c.Type.Base().Kind {
		case types.KindText, types.KindVarchar, types.KindBpchar, types.KindName:
			continue
		}
		if _, err := types.Cast(lit.GetSval().Sval, types.Text, c.Type, true, t.Env); err != nil {
			if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.InvalidTextRepresentation {
				pe.Position = int(lit.Location) + 1
				panic(pe)
			}
		}
	}
}

// rowFilterCast is why a row filter may not hold a cast, "" when it may:
// a cast to a user type, or one PostgreSQL makes through text I/O
// (CoerceViaIO), is not a function call; a cast of a string literal is
// a constant.
func (t *Translator) rowFilterCast(ti *TableInfo, x *pg.TypeCast) string {
	to := t.typeName(x.TypeName)
	if to == nil {
		return ""
	}
	if to.OID >= catalog.FirstOID {
		if to.Domain == nil && x.Arg.GetAConst() != nil {
			return "User-defined types are not allowed."
		}
		return "Only columns, constants, built-in operators, built-in data types, built-in collations, and immutable built-in functions are allowed."
	}
	if c := x.Arg.GetAConst(); c != nil && (c.Isnull || c.GetSval() != nil) {
		return ""
	}
	from := t.filterType(ti, x.Arg)
	if from == nil || from.OID >= catalog.FirstOID || from.OID == to.OID {
		return ""
	}
	if viaIOCast(from, to) {
		return "Only columns, constants, built-in operators, built-in data types, built-in collations, and immutable built-in functions are allowed."
	}
	return ""
}

// viaIOCast reports whether PostgreSQL 15 casts from to to through the
// types' text forms (no pg_cast row): to or from a string type, except
// the casts between string types and those pg_cast has a function for.
func viaIOCast(from, to *types.Type) bool {
	str := func(k types.Kind) bool {
		return k == types.KindText || k == types.KindVarchar || k == types.KindBpchar || k == types.KindName || k == types.KindChar
	}
	fk, tk := from.Base().Kind, to.Base().Kind
	if str(fk) == str(tk) {
		return false
	}
	other := fk
	if str(fk) {
		other = tk
	}
	switch other {
	case types.KindXML, types.KindRegclass:
		return false
	case types.KindBool, types.KindInet, types.KindCidr:
		return !str(tk) // bool, inet and cidr have text(...) casts, not the reverse
	}
	return true
}

// rowFilterUserOperator reports whether a row filter's operator is one
// CREATE OPERATOR made (an extension's included): schema-qualified
// outside pg_catalog, or a user operator of that name on the search path
// taking the operands' types.
func (t *Translator) rowFilterUserOperator(ti *TableInfo, x *pg.A_Expr) bool {
	switch x.Kind {
	case pg.A_Expr_Kind_AEXPR_OP, pg.A_Expr_Kind_AEXPR_OP_ANY, pg.A_Expr_Kind_AEXPR_OP_ALL,
		pg.A_Expr_Kind_AEXPR_DISTINCT, pg.A_Expr_Kind_AEXPR_NOT_DISTINCT, pg.A_Expr_Kind_AEXPR_NULLIF:
	default:
		return false
	}
	parts := names(x.Name)
	if len(parts) == 0 {
		return false
	}
	if len(parts) > 1 {
		return !strings.EqualFold(parts[0], "pg_catalog")
	}
	r := t.reader()
	if r == nil || x.Lexpr == nil || x.Rexpr == nil {
		return false
	}
	lt, rt := t.filterType(ti, x.Lexpr), t.filterType(ti, x.Rexpr)
	if x.Kind == pg.A_Expr_Kind_AEXPR_OP_ANY || x.Kind == pg.A_Expr_Kind_AEXPR_OP_ALL {
		rt = nil
		if a := x.Rexpr.GetAArrayExpr(); a != nil && len(a.Elements) > 0 {
			rt = t.filterType(ti, a.Elements[0])
		}
	}
	if lt == nil && rt == nil {
		return false
	}
	path := r.SearchPath()
	for _, o := range r.Current().Operators(parts[0]) {
		if !contains(path, o.Schema) || o.Left == nil || o.Right == nil {
			continue
		}
		if (lt == nil || sameOrUnknown(o.Left, lt)) && (rt == nil || sameOrUnknown(o.Right, rt)) {
			return true
		}
	}
	return false
}

// leftmostLocation is PostgreSQL's exprLocation of an expression: the
// leftmost of its own token and its left operand's.
func leftmostLocation(n *pg.Node) int32 {
	if n == nil {
		return -1
	}
	own := exprLocation(n)
	var left *pg.Node
	switch x := n.Node.(type) {
	case *pg.Node_AExpr:
		left = x.AExpr.Lexpr
	case *pg.Node_TypeCast:
		left = x.TypeCast.Arg
	case *pg.Node_AIndirection:
		return leftmostLocation(x.AIndirection.Arg)
	case *pg.Node_CollateClause:
		own, left = x.CollateClause.Location, x.CollateClause.Arg
	case *pg.Node_NullTest:
		own, left = x.NullTest.Location, x.NullTest.Arg
	case *pg.Node_BooleanTest:
		own, left = x.BooleanTest.Location, x.BooleanTest.Arg
	case *pg.Node_BoolExpr:
		own = x.BoolExpr.Location
		if len(x.BoolExpr.Args) > 0 {
			left = x.BoolExpr.Args[0]
		}
	}
	if l := leftmostLocation(left); l >= 0 && (own < 0 || l < own) {
		return l
	}
	return own
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
