package pgcatalog

import (
	"github.com/tinybase/tinybase/internal/pgtree"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Stored expressions as PostgreSQL prints them (pg_get_expr,
// pg_get_constraintdef, pg_policies, information_schema's
// generation_expression). PostgreSQL stores a CHECK, policy or generated
// expression analyzed — operators and functions resolved, implicit
// coercions made explicit nodes — and ruleutils.c prints that tree back:
// `score > 0` on a numeric column is `(score > (0)::numeric)`. tinybase
// keeps the source text, so deparse analyzes it again against the
// table's columns (types and operator/function resolution from
// engine/internal/expr, as the translator resolves them) into a small tree of
// ruleutils' node kinds, and prints that with ruleutils' rules
// (deparse_print.go). Expressions outside the supported subset (sublinks
// other than a FROM-less scalar SELECT, CASE, IN lists, ...) report
// ok=false and callers show the stored text.

// deparseScope is what a stored expression's names resolve against.
type deparseScope struct {
	cols    map[string]*types.Type
	catalog *catalog.Catalog
	path    []string // search path, pg_catalog first
	// refName is how a sub-select qualifies this scope's columns: the
	// relation's alias, or its name.
	refName string
	outer   *deparseScope
	state   *State
	// domain, in a domain constraint's scope, is the type VALUE has.
	domain *types.Type
	// relSchema is the relation's schema, where a default's sequence
	// name resolves when the search path does not find it
	relSchema string
	// vd is set in a view's query (viewquery.go): sub-selects, aggregates
	// and windows are analyzed as whole queries there
	vd *viewDeparse
	// order is the relation's columns in order, for `*`
	order []string
	// written is the name the query qualifies the columns with when
	// refName was made unique (set_rtable_names' items_1)
	written string
}

// newDeparseScope is the scope of relation rel with the given columns.
func (s *State) newDeparseScope(rel string, cols sql.Schema) *deparseScope {
	sc := &deparseScope{cols: map[string]*types.Type{}, catalog: s.Catalog, path: append([]string{"pg_catalog"}, s.SearchPath...), refName: rel, state: s}
	for _, c := range cols {
		if t, ok := c.Type.(*types.Type); ok {
			sc.cols[c.Name] = t
			sc.order = append(sc.order, c.Name)
		}
	}
	if _, ok := sc.cols["tableoid"]; !ok && len(cols) > 0 {
		// the system column policies and checks may read (not in `*`)
		sc.cols["tableoid"] = types.Oid
	}
	return sc
}

// DeparseStored prints a stored expression's source text as PostgreSQL
// prints its analyzed form over relation rel with columns cols; ok is
// false when the text uses something deparse does not model.
func (s *State) DeparseStored(text, rel string, cols sql.Schema, pretty bool) (out string, ok bool) {
	defer func() {
		// resolution over placeholders is engine/internal/expr's code path for
		// real expressions; should it trip on one, show the stored text
		if recover() != nil {
			out, ok = "", false
		}
	}()
	n, err := s.parseExpr(text)
	if err != nil {
		return "", false
	}
	sc := s.newDeparseScope(rel, cols)
	d, ok := sc.analyze(n)
	if !ok {
		return "", false
	}
	return printExprIn(s, d, pretty), true
}

// triggerWhen is a trigger's WHEN condition as pg_get_triggerdef prints
// it: analyzed over the OLD and NEW rows of its table, their columns
// qualified (new.o = ('a'::regclass)::oid), or the stored text when
// deparse does not model it.
func (s *State) triggerWhen(tg *catalog.Trigger, pretty bool) (out string) {
	defer func() {
		if recover() != nil {
			out = tg.When
		}
	}()
	t, ok, err := s.DB.Table(s.Ctx, tg.Table.Schema, tg.Table.Name)
	if err != nil || !ok {
		return tg.When
	}
	n, err := s.parseExpr(tg.When)
	if err != nil {
		return tg.When
	}
	sc := s.newDeparseScope("new", t.Schema())
	sc.outer = s.newDeparseScope("old", t.Schema())
	d, ok := sc.analyze(n)
	if !ok {
		return tg.When
	}
	p := &printer{pretty: pretty, varPrefix: true, state: s}
	p.expr(d, false)
	return p.b.String()
}

// DeparseDomainCheck prints a domain CHECK constraint's source text as
// PostgreSQL prints its analyzed form, VALUE being of the domain's base
// type.
func (s *State) DeparseDomainCheck(text string, base *types.Type, pretty bool) (out string, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = "", false
		}
	}()
	n, err := s.parseExpr(text)
	if err != nil {
		return "", false
	}
	sc := s.newDeparseScope("", nil)
	sc.domain = base
	d, ok := sc.analyze(n)
	if !ok {
		return "", false
	}
	return printExprIn(s, d, pretty), true
}

func parseStoredExpr(text string) (*pg.Node, error) {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		return nil, err
	}
	if len(tree.Stmts) != 1 {
		return nil, errNotOneExpr
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 || len(sel.FromClause) > 0 || sel.WhereClause != nil {
		return nil, errNotOneExpr
	}
	return sel.TargetList[0].GetResTarget().GetVal(), nil
}

type deparseError string

func (e deparseError) Error() string { return string(e) }

const errNotOneExpr = deparseError("pgcatalog: not one expression")

// The analyzed node kinds, after ruleutils' (primnodes.h) names.
type (
	dnode interface{ dtype() *types.Type }
	// dVar is a column; qual names its relation inside a sub-select.
	dVar struct {
		// name is "" for the whole row of relation qual
		name, qual string
		t          *types.Type
		keyword    bool // VALUE in a domain constraint, printed as is
	}
	// dConst is a constant; unknown-typed until coerced.
	dConst struct {
		t    *types.Type
		val  any // nil for NULL
		text string
	}
	// dCoerce is a type coercion: a cast function, RelabelType or
	// CoerceViaIO, implicit or written.
	dCoerce struct {
		arg      dnode
		t        *types.Type
		explicit bool
	}
	// dOp is an operator; l is nil for a prefix operator.
	dOp struct {
		op   string
		l, r dnode
		t    *types.Type
	}
	// dBool is AND / OR (two or more args) or NOT (one).
	dBool struct {
		kind pg.BoolExprType
		args []dnode
	}
	// dNullTest is IS [NOT] NULL.
	dNullTest struct {
		arg dnode
		not bool
	}
	// dFunc is a function call; name is printed as is.
	dFunc struct {
		name string
		args []dnode
		t    *types.Type
		// trim is BOTH, LEADING or TRAILING for btrim / ltrim / rtrim,
		// atTimeZone for timezone written as AT TIME ZONE
		// written TRIM(... FROM ...), which prints so again
		trim string
	}
	// dSQLFunc is an SQL value function (CURRENT_USER, CURRENT_DATE).
	dSQLFunc struct {
		keyword string
		t       *types.Type
	}
	// dArray is ARRAY[...] of one element type.
	dArray struct {
		elems []dnode
		t     *types.Type
	}
	// dScalarArrayOp is `l op ANY (r)` / `l op ALL (r)`.
	dScalarArrayOp struct {
		op    string
		useOr bool
		l, r  dnode
	}
	// dCase is a searched CASE; results has one more entry than conds,
	// the ELSE.
	dCase struct {
		arg            dnode // CASE arg WHEN ...; conds are then the values
		conds, results []dnode
		t              *types.Type
	}
	// dCoalesce is COALESCE(...).
	dCoalesce struct {
		args []dnode
		t    *types.Type
	}
	// dSubLink is a scalar sub-SELECT (EXISTS when exists is set) of one
	// expression over at most one table.
	dSubLink struct {
		target dnode
		name   string
		exists bool
		in     dnode  // x of `x IN (SELECT ...)`
		from   string // the FROM item as printed, "" for none
		where  dnode
	}
)

func (n *dVar) dtype() *types.Type      { return n.t }
func (n *dConst) dtype() *types.Type    { return n.t }
func (n *dCoerce) dtype() *types.Type   { return n.t }
func (n *dOp) dtype() *types.Type       { return n.t }
func (n *dBool) dtype() *types.Type     { return types.Bool }
func (n *dNullTest) dtype() *types.Type { return types.Bool }
func (n *dFunc) dtype() *types.Type     { return n.t }
func (n *dSQLFunc) dtype() *types.Type  { return n.t }
func (n *dSubLink) dtype() *types.Type {
	if n.exists || n.in != nil {
		return types.Bool
	}
	return n.target.dtype()
}
func (n *dArray) dtype() *types.Type { return n.t }
func (n *dScalarArrayOp) dtype() *types.Type {
	return types.Bool
}
func (n *dCoalesce) dtype() *types.Type { return n.t }
func (n *dCase) dtype() *types.Type     { return n.t }

// analyze resolves a raw expression as PostgreSQL's transformExpr would.
func (sc *deparseScope) analyze(n *pg.Node) (dnode, bool) {
	switch x := n.GetNode().(type) {
	case *pg.Node_ColumnRef:
		return sc.columnRef(x.ColumnRef)
	case *pg.Node_AConst:
		return constOf(x.AConst)
	case *pg.Node_TypeCast:
		return sc.typeCast(x.TypeCast)
	case *pg.Node_AExpr:
		return sc.aExpr(x.AExpr)
	case *pg.Node_BoolExpr:
		b := &dBool{kind: x.BoolExpr.Boolop}
		for _, a := range x.BoolExpr.Args {
			d, ok := sc.analyze(a)
			if !ok || d.dtype().Base().Kind != types.KindBool {
				return nil, false
			}
			b.args = append(b.args, d)
		}
		return b, true
	case *pg.Node_NullTest:
		d, ok := sc.analyze(x.NullTest.Arg)
		if !ok || d.dtype().Base().Kind == types.KindRecord {
			return nil, false
		}
		return &dNullTest{arg: d, not: x.NullTest.Nulltesttype == pg.NullTestType_IS_NOT_NULL}, true
	case *pg.Node_FuncCall:
		return sc.funcCall(x.FuncCall)
	case *pg.Node_SqlvalueFunction:
		return sqlValueFunction(x.SqlvalueFunction)
	case *pg.Node_SubLink:
		return sc.subLink(x.SubLink)
	case *pg.Node_CoalesceExpr:
		return sc.coalesce(x.CoalesceExpr)
	case *pg.Node_CaseExpr:
		return sc.caseExpr(x.CaseExpr)
	case *pg.Node_AArrayExpr:
		return sc.arrayExpr(x.AArrayExpr)
	case *pg.Node_BooleanTest:
		d, ok := sc.analyze(x.BooleanTest.Arg)
		if !ok {
			return nil, false
		}
		if d, ok = sc.coerce(d, types.Bool, types.CastImplicit); !ok {
			return nil, false
		}
		word := map[pg.BoolTestType]string{pg.BoolTestType_IS_TRUE: " IS TRUE", pg.BoolTestType_IS_NOT_TRUE: " IS NOT TRUE",
			pg.BoolTestType_IS_FALSE: " IS FALSE", pg.BoolTestType_IS_NOT_FALSE: " IS NOT FALSE",
			pg.BoolTestType_IS_UNKNOWN: " IS UNKNOWN", pg.BoolTestType_IS_NOT_UNKNOWN: " IS NOT UNKNOWN"}[x.BooleanTest.Booltesttype]
		if word == "" {
			return nil, false
		}
		return &dBoolTest{arg: d, word: word}, true
	}
	return nil, false
}

// dBoolTest is IS [NOT] TRUE / FALSE / UNKNOWN.
type dBoolTest struct {
	arg  dnode
	word string
}

func (n *dBoolTest) dtype() *types.Type { return types.Bool }

// arrayExpr is ARRAY[...] over its elements' common type.
func (sc *deparseScope) arrayExpr(a *pg.A_ArrayExpr) (dnode, bool) {
	var elems []dnode
	for _, e := range a.Elements {
		d, ok := sc.analyze(e)
		if !ok || d.dtype().IsArray() {
			return nil, false
		}
		elems = append(elems, d)
	}
	if len(elems) == 0 {
		return nil, false
	}
	common, ok := commonType(elems)
	if !ok || types.ArrayOf(common) == nil {
		return nil, false
	}
	arr := &dArray{t: types.ArrayOf(common)}
	for _, d := range elems {
		c, ok := sc.coerce(d, common, types.CastImplicit)
		if !ok {
			return nil, false
		}
		arr.elems = append(arr.elems, c)
	}
	return arr, true
}

// operands analyzes a binary expression's two sides.
func (sc *deparseScope) operands(a *pg.A_Expr) (l, r dnode, ok bool) {
	if l, ok = sc.analyze(a.Lexpr); !ok {
		return nil, nil, false
	}
	if r, ok = sc.analyze(a.Rexpr); !ok {
		return nil, nil, false
	}
	return l, r, true
}

// anyAll is `x op ANY (array)` / `x op ALL (array)` over an ARRAY[...].
func (sc *deparseScope) anyAll(a *pg.A_Expr) (dnode, bool) {
	if len(a.Name) != 1 || a.Name[0].GetString_() == nil {
		return nil, false
	}
	l, r, ok := sc.operands(a)
	if !ok {
		return nil, false
	}
	arr, ok := r.(*dArray)
	if !ok {
		return nil, false
	}
	return sc.scalarArrayOp(a.Name[0].GetString_().Sval, a.Kind == pg.A_Expr_Kind_AEXPR_OP_ANY, l, arr)
}

// columnRef resolves `col` or `rel.col`, innermost scope first.
func (sc *deparseScope) columnRef(c *pg.ColumnRef) (dnode, bool) {
	var parts []string
	for _, f := range c.Fields {
		s := f.GetString_()
		if s == nil {
			return nil, false
		}
		parts = append(parts, s.Sval)
	}
	if len(parts) == 0 || len(parts) > 2 {
		return nil, false
	}
	name := parts[len(parts)-1]
	if sc.domain != nil && len(parts) == 1 && name == "value" {
		return &dVar{name: "VALUE", t: sc.domain, keyword: true}, true
	}
	for s := sc; s != nil; s = s.outer {
		if written := s.refName; len(parts) == 2 {
			if s.written != "" {
				written = s.written
			}
			if parts[0] != written {
				continue
			}
		}
		if t, ok := s.cols[name]; ok {
			return &dVar{name: name, t: t, qual: s.refName}, true
		}
		if len(parts) == 2 {
			return nil, false
		}
	}
	if len(parts) == 1 && name == sc.refName && sc.relSchema != "" && sc.vd == nil {
		// the relation's name as a value: its whole row (an index key
		// code(t) calling a function of the row type), printed t.*
		fields := make([]types.Field, 0, len(sc.order))
		for _, c := range sc.order {
			fields = append(fields, types.Field{Name: c, Type: sc.cols[c]})
		}
		return &dVar{qual: sc.refName, t: types.RowType(sc.relSchema, sc.refName, fields)}, true
	}
	return nil, false
}

// constOf types a literal as PostgreSQL's make_const does: an integer
// that fits is int4, else int8, else numeric; a decimal is numeric; a
// string is unknown until context decides.
func constOf(c *pg.A_Const) (dnode, bool) {
	if c.Isnull {
		return &dConst{t: types.Unknown}, true
	}
	switch v := c.GetVal().(type) {
	case *pg.A_Const_Ival:
		return &dConst{t: types.Int4, val: v.Ival.Ival, text: strconv.Itoa(int(v.Ival.Ival))}, true
	case *pg.A_Const_Fval:
		s := v.Fval.Fval
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return &dConst{t: types.Int8, val: i, text: s}, true
		}
		num, err := types.Input(types.Numeric, s, nil)
		if err != nil {
			return nil, false
		}
		return &dConst{t: types.Numeric, val: num, text: types.Output(types.Numeric, num, nil)}, true
	case *pg.A_Const_Sval:
		return &dConst{t: types.Unknown, val: v.Sval.Sval, text: v.Sval.Sval}, true
	case *pg.A_Const_Boolval:
		return &dConst{t: types.Bool, val: v.Boolval.Boolval, text: strconv.FormatBool(v.Boolval.Boolval)}, true
	}
	return nil, false
}

func sqlValueFunction(f *pg.SQLValueFunction) (dnode, bool) {
	if f.Typmod != -1 {
		return nil, false
	}
	switch f.Op {
	case pg.SQLValueFunctionOp_SVFOP_CURRENT_DATE:
		return &dSQLFunc{"CURRENT_DATE", types.Date}, true
	case pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP:
		return &dSQLFunc{"CURRENT_TIMESTAMP", types.Timestamptz}, true
	case pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP:
		return &dSQLFunc{"LOCALTIMESTAMP", types.Timestamp}, true
	case pg.SQLValueFunctionOp_SVFOP_CURRENT_ROLE:
		return &dSQLFunc{"CURRENT_ROLE", types.Name}, true
	case pg.SQLValueFunctionOp_SVFOP_CURRENT_USER:
		return &dSQLFunc{"CURRENT_USER", types.Name}, true
	case pg.SQLValueFunctionOp_SVFOP_USER:
		return &dSQLFunc{"USER", types.Name}, true
	case pg.SQLValueFunctionOp_SVFOP_SESSION_USER:
		return &dSQLFunc{"SESSION_USER", types.Name}, true
	}
	return nil, false
}

// typeCast is `arg::type`: a string constant becomes a constant of the
// type; anything else an explicit coercion.
func (sc *deparseScope) typeCast(tc *pg.TypeCast) (dnode, bool) {
	to, ok := sc.typeName(tc.TypeName)
	if !ok {
		return nil, false
	}
	if a := tc.Arg.GetAArrayExpr(); a != nil && len(a.Elements) > 0 && to.Kind == types.KindArray && to.Elem != nil {
		// ARRAY[...]::t[] casts each element to t instead
		// (transformArrayExpr with the cast's type)
		arr := &dArray{t: to}
		for _, e := range a.Elements {
			d, ok := sc.analyze(e)
			if !ok || d.dtype().IsArray() {
				return nil, false
			}
			c, ok := sc.coerce(d, to.Elem, types.CastExplicit)
			if !ok {
				return nil, false
			}
			arr.elems = append(arr.elems, c)
		}
		return arr, true
	}
	if c := tc.Arg.GetAConst(); c != nil && c.GetSval() != nil && to.Kind == types.KindRegclass && to.Domain == nil {
		// a regclass constant holds the relation's OID and prints as
		// regclass output does, whatever name it was written with
		if shown, ok := sc.regclassName(c.GetSval().Sval); ok {
			return &dConst{t: types.Regclass, val: shown, text: shown}, true
		}
	}
	if c := tc.Arg.GetAConst(); c != nil && c.GetSval() != nil && to.Kind == types.KindRegtype && to.Domain == nil {
		// a regtype constant of a user type prints as regtype output does
		if shown, ok := sc.regtypeName(c.GetSval().Sval); ok {
			return &dConst{t: types.Regtype, val: shown, text: shown}, true
		}
	}
	arg, ok := sc.analyze(tc.Arg)
	if !ok {
		return nil, false
	}
	return sc.coerce(arg, to, types.CastExplicit)
}

// regtypeName resolves a user type named in a regtype constant and
// returns it as regtype output prints it: bare when the search path
// finds it by that name, qualified otherwise.
func (sc *deparseScope) regtypeName(text string) (string, bool) {
	names, ok := translate.RegtypeNames(text)
	if !ok {
		return "", false
	}
	t, ok := sc.userType(names)
	if !ok {
		return "", false
	}
	shown := QuoteIdent(t.Schema) + "." + QuoteIdent(t.Name)
	for _, p := range sc.path {
		if d, ok := sc.catalog.Type(catalog.QName{Schema: p, Name: t.Name}); ok {
			if d.Type.OID == t.OID {
				shown = QuoteIdent(t.Name)
			}
			break
		}
	}
	if strings.HasSuffix(strings.TrimSpace(text), "[]") {
		shown += "[]"
	}
	return shown, true
}

// regclassName resolves a relation named as regclass input reads it and
// returns it as regclass output prints it: bare when the search path
// finds it first by that name, qualified otherwise.
func (sc *deparseScope) regclassName(text string) (string, bool) {
	if sc.state == nil {
		return "", false
	}
	parts, ok := types.SplitIdentifierString(text, '.')
	if !ok || len(parts) == 0 || len(parts) > 2 {
		return "", false
	}
	name := parts[len(parts)-1]
	search := sc.path
	switch {
	case len(parts) == 2:
		search = parts[:1]
	case sc.relSchema != "":
		search = append(append([]string(nil), sc.path...), sc.relSchema)
	}
	for _, s := range search {
		if !sc.state.RelOIDIn(s, name) {
			continue
		}
		for _, p := range sc.path {
			if sc.state.RelOIDIn(p, name) {
				if p == s {
					return QuoteIdent(name), true // found first by its bare name
				}
				break
			}
		}
		return QuoteIdent(s) + "." + QuoteIdent(name), true
	}
	return "", false
}

// typeName resolves a built-in type name with its modifiers.
func (sc *deparseScope) typeName(tn *pg.TypeName) (*types.Type, bool) {
	if tn != nil && len(tn.ArrayBounds) == 1 && !tn.Setof && !tn.PctType {
		// an array of a type: its element type's array
		elem := &pg.TypeName{Names: tn.Names, Typmods: tn.Typmods}
		if et, ok := sc.typeName(elem); ok {
			return types.ArrayOf(et), true
		}
		return nil, false
	}
	if tn == nil || tn.Setof || len(tn.ArrayBounds) > 0 || tn.PctType {
		return nil, false
	}
	var parts []string
	for _, n := range tn.Names {
		s := n.GetString_()
		if s == nil {
			return nil, false
		}
		parts = append(parts, s.Sval)
	}
	if len(parts) == 0 || len(parts) > 2 {
		return nil, false
	}
	name := parts[len(parts)-1]
	if len(parts) == 2 && parts[0] != "pg_catalog" || len(parts) == 1 {
		if ut, ok := sc.userType(parts); ok {
			if len(tn.Typmods) == 0 {
				return ut, true
			}
			// an extension's base type takes its own modifiers
			// (vector(3)); other user types take none
			mods, ok := constTypmods(tn.Typmods)
			if !ok || ut.Kind != types.KindExt {
				return nil, false
			}
			mod, err := ut.Ext.TypmodIn(mods)
			if err != nil {
				return nil, false
			}
			return ut.WithMod(mod), true
		}
		if len(parts) == 2 {
			return nil, false
		}
	}
	t, ok := types.ByName(name)
	if !ok || t.Kind == types.KindUnknown {
		return nil, false
	}
	mods, ok := constTypmods(tn.Typmods)
	if !ok {
		return nil, false
	}
	switch {
	case len(mods) == 0:
		if t.Kind == types.KindBpchar && name != "bpchar" {
			t = t.WithMod(1 + 4) // char without length is char(1)
		}
	case (t.Kind == types.KindVarchar || t.Kind == types.KindBpchar) && len(mods) == 1:
		t = t.WithMod(mods[0] + 4)
	case t.Kind == types.KindNumeric && len(mods) == 1:
		t = t.WithMod(types.NumericMod(mods[0], 0))
	case t.Kind == types.KindNumeric && len(mods) == 2:
		t = t.WithMod(types.NumericMod(mods[0], mods[1]))
	case t.Kind == types.KindBit && len(mods) == 1:
		t = t.WithMod(mods[0])
	default:
		return nil, false
	}
	return t, true
}

// constTypmods are a type name's modifiers when all are integer
// constants.
func constTypmods(typmods []*pg.Node) ([]int32, bool) {
	var mods []int32
	for _, m := range typmods {
		c := m.GetAConst()
		if c == nil || c.GetIval() == nil {
			return nil, false
		}
		mods = append(mods, c.GetIval().Ival)
	}
	return mods, true
}

// coerce converts d to type to in cast context cc, as coerce_type does:
// an unknown constant becomes a constant of the type; a coercion to the
// same type without a new typmod is nothing.
func (sc *deparseScope) coerce(d dnode, to *types.Type, cc types.CastContext) (dnode, bool) {
	ph := &placeholders{}
	e, err := expr.Coerce(nil, ph.of(d), to, cc)
	if err != nil {
		return nil, false
	}
	return ph.back(e, cc == types.CastExplicit)
}

// aExpr resolves an operator (and LIKE / ILIKE, which are operators).
func (sc *deparseScope) aExpr(a *pg.A_Expr) (dnode, bool) {
	switch a.Kind {
	case pg.A_Expr_Kind_AEXPR_OP, pg.A_Expr_Kind_AEXPR_LIKE, pg.A_Expr_Kind_AEXPR_ILIKE:
	case pg.A_Expr_Kind_AEXPR_IN:
		return sc.inList(a)
	case pg.A_Expr_Kind_AEXPR_OP_ANY, pg.A_Expr_Kind_AEXPR_OP_ALL:
		return sc.anyAll(a)
	case pg.A_Expr_Kind_AEXPR_BETWEEN, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN:
		return sc.between(a)
	case pg.A_Expr_Kind_AEXPR_DISTINCT, pg.A_Expr_Kind_AEXPR_NOT_DISTINCT:
		return sc.distinct(a)
	default:
		return nil, false
	}
	if len(a.Name) != 1 || a.Name[0].GetString_() == nil {
		return nil, false
	}
	op := a.Name[0].GetString_().Sval
	r, ok := sc.analyze(a.Rexpr)
	if !ok {
		return nil, false
	}
	if a.Lexpr == nil {
		return sc.prefixOp(op, r)
	}
	l, ok := sc.analyze(a.Lexpr)
	if !ok {
		return nil, false
	}
	return sc.binaryOp(op, l, r)
}

// distinct resolves l IS [NOT] DISTINCT FROM r: PostgreSQL's
// DistinctExpr is the = operator's resolution printed with IS DISTINCT
// FROM, and IS NOT DISTINCT FROM is NOT over it.
func (sc *deparseScope) distinct(a *pg.A_Expr) (dnode, bool) {
	l, r, ok := sc.operands(a)
	if !ok {
		return nil, false
	}
	d, ok := sc.binaryOp("=", l, r)
	op, isOp := d.(*dOp)
	if !ok || !isOp || op.op != "=" {
		return nil, false
	}
	dist := *op
	dist.op = "IS DISTINCT FROM"
	if a.Kind == pg.A_Expr_Kind_AEXPR_NOT_DISTINCT {
		return &dBool{kind: boolNot, args: []dnode{&dist}}, true
	}
	return &dist, true
}

// binaryOp resolves l op r (make_op).
func (sc *deparseScope) binaryOp(op string, l, r dnode) (dnode, bool) {
	if t, ok := crossIntegerOp(op, l.dtype(), r.dtype()); ok {
		return &dOp{op: op, l: l, r: r, t: t}, true
	}
	if crossNameTextOp(op, l.dtype(), r.dtype()) {
		return &dOp{op: op, l: l, r: r, t: types.Bool}, true
	}
	// varchar has no operators of its own: PostgreSQL applies text's
	l, r = varcharAsText(l), varcharAsText(r)
	l, r = regAsOid(l, r), regAsOid(r, l)
	ph := &placeholders{}
	e, err := expr.NewBinOp(nil, op, ph.of(l), ph.of(r))
	if err != nil {
		return nil, false
	}
	if _, folded := e.(*expr.Literal); folded {
		// an operator over constants only folds; PostgreSQL's stored form keeps it
		ph = &placeholders{unfolded: true}
		if e, err = expr.NewBinOp(nil, op, ph.of(l), ph.of(r)); err != nil {
			return nil, false
		}
	}
	b, ok := e.(*expr.BinOp)
	if !ok {
		return nil, false
	}
	ld, ok1 := ph.back(b.Left, false)
	rd, ok2 := ph.back(b.Right, false)
	if !ok1 || !ok2 {
		return nil, false
	}
	return &dOp{op: op, l: ld, r: rd, t: expr.TypeOf(b)}, true
}

// inList is `x [NOT] IN (...)` as transformAExprIn builds it: the items
// without columns, when more than one, become `x = ANY (ARRAY[...])`
// (`<> ALL` for NOT IN) over their common type with x; every other item
// is its own comparison, OR-ed (AND-ed) on.
func (sc *deparseScope) inList(a *pg.A_Expr) (dnode, bool) {
	if len(a.Name) != 1 || a.Name[0].GetString_() == nil {
		return nil, false
	}
	op := a.Name[0].GetString_().Sval // "=" or "<>"
	list := a.Rexpr.GetList()
	if list == nil {
		return nil, false
	}
	l, ok := sc.analyze(a.Lexpr)
	if !ok {
		return nil, false
	}
	var vars, nonvars []dnode
	for _, it := range list.Items {
		d, ok := sc.analyze(it)
		if !ok {
			return nil, false
		}
		if hasVar(d) {
			vars = append(vars, d)
		} else {
			nonvars = append(nonvars, d)
		}
	}
	var result dnode
	rest := append(nonvars, vars...)
	if len(nonvars) > 1 {
		common, ok := commonType(append([]dnode{l}, nonvars...))
		if !ok || common.Kind == types.KindRecord || types.ArrayOf(common) == nil {
			return nil, false
		}
		arr := &dArray{t: types.ArrayOf(common)}
		for _, d := range nonvars {
			c, ok := sc.coerce(d, common, types.CastImplicit)
			if !ok {
				return nil, false
			}
			arr.elems = append(arr.elems, c)
		}
		sa, ok := sc.scalarArrayOp(op, op == "=", l, arr)
		if !ok {
			return nil, false
		}
		result, rest = sa, vars
	}
	kind := boolOr
	if op == "<>" {
		kind = boolAnd
	}
	for _, d := range rest {
		cmp, ok := sc.binaryOp(op, l, d)
		if !ok {
			return nil, false
		}
		if result == nil {
			result = cmp
		} else {
			result = &dBool{kind: kind, args: []dnode{result, cmp}}
		}
	}
	return result, result != nil
}

// scalarArrayOp is `l op ANY|ALL (arr)` (make_scalar_array_op): the
// operator resolved on l and the element type, l and the array coerced
// to its inputs.
func (sc *deparseScope) scalarArrayOp(op string, useOr bool, l dnode, arr *dArray) (dnode, bool) {
	elem := &dVar{t: arr.t.Elem} // stands for an element in resolution
	d, ok := sc.binaryOp(op, l, elem)
	if !ok {
		return nil, false
	}
	o, ok := d.(*dOp)
	if !ok || o.t.Kind != types.KindBool {
		return nil, false
	}
	var rhs dnode = arr
	switch r := o.r.(type) {
	case *dVar:
		if r != elem {
			return nil, false
		}
	case *dCoerce:
		if r.arg != elem || types.ArrayOf(r.t) == nil {
			return nil, false
		}
		rhs = &dCoerce{arg: arr, t: types.ArrayOf(r.t)}
	default:
		return nil, false
	}
	return &dScalarArrayOp{op: op, useOr: useOr, l: o.l, r: rhs}, true
}

// between is `x [NOT] BETWEEN a AND b`: `x >= a AND x <= b`, or
// `x < a OR x > b`.
func (sc *deparseScope) between(a *pg.A_Expr) (dnode, bool) {
	list := a.Rexpr.GetList()
	if list == nil || len(list.Items) != 2 {
		return nil, false
	}
	x, ok := sc.analyze(a.Lexpr)
	if !ok {
		return nil, false
	}
	lo, ok1 := sc.analyze(list.Items[0])
	hi, ok2 := sc.analyze(list.Items[1])
	if !ok1 || !ok2 {
		return nil, false
	}
	ops, kind := [2]string{">=", "<="}, boolAnd
	if a.Kind == pg.A_Expr_Kind_AEXPR_NOT_BETWEEN {
		ops, kind = [2]string{"<", ">"}, boolOr
	}
	c1, ok1 := sc.binaryOp(ops[0], x, lo)
	c2, ok2 := sc.binaryOp(ops[1], x, hi)
	if !ok1 || !ok2 {
		return nil, false
	}
	return &dBool{kind: kind, args: []dnode{c1, c2}}, true
}

// caseExpr is a searched CASE (transformCaseExpr): conditions are
// boolean, results coerced to their common type, and a missing ELSE is
// ELSE NULL of that type.
func (sc *deparseScope) caseExpr(c *pg.CaseExpr) (dnode, bool) {
	out := &dCase{}
	if c.Arg != nil {
		// CASE x WHEN v: each WHEN is `x = v`, of which v prints
		arg, ok := sc.analyze(c.Arg)
		if !ok {
			return nil, false
		}
		out.arg = arg
	}
	var results []dnode
	for _, w := range c.Args {
		cw := w.GetCaseWhen()
		if cw == nil {
			return nil, false
		}
		cond, ok := sc.analyze(cw.Expr)
		if ok && out.arg != nil {
			cmp, isOp := sc.binaryOp("=", out.arg, cond)
			o, _ := cmp.(*dOp)
			if !isOp || o == nil || o.t.Kind != types.KindBool {
				return nil, false
			}
			cond = o.r
		} else if !ok || cond.dtype().Base().Kind != types.KindBool {
			return nil, false
		}
		res, ok := sc.analyze(cw.Result)
		if !ok {
			return nil, false
		}
		out.conds = append(out.conds, cond)
		results = append(results, res)
	}
	var def dnode = &dConst{t: types.Unknown}
	if c.Defresult != nil {
		d, ok := sc.analyze(c.Defresult)
		if !ok {
			return nil, false
		}
		def = d
	}
	common, ok := commonType(append(append([]dnode(nil), results...), def))
	if !ok {
		return nil, false
	}
	for _, r := range append(results, def) {
		cr, ok := sc.coerce(r, common, types.CastImplicit)
		if !ok {
			return nil, false
		}
		out.results = append(out.results, cr)
	}
	out.t = common
	return out, true
}

// coalesce is COALESCE(...) over its arguments' common type.
func (sc *deparseScope) coalesce(c *pg.CoalesceExpr) (dnode, bool) {
	var args []dnode
	for _, a := range c.Args {
		d, ok := sc.analyze(a)
		if !ok {
			return nil, false
		}
		args = append(args, d)
	}
	common, ok := commonType(args)
	if !ok {
		return nil, false
	}
	out := &dCoalesce{t: common}
	for _, d := range args {
		cd, ok := sc.coerce(d, common, types.CastImplicit)
		if !ok {
			return nil, false
		}
		out.args = append(out.args, cd)
	}
	return out, true
}

// commonType is select_common_type: the first known type, replaced by a
// later one of the same category it casts to implicitly but not back;
// all unknown is text.
func commonType(ds []dnode) (*types.Type, bool) {
	var common *types.Type
	for _, d := range ds {
		t := d.dtype()
		if t.Kind == types.KindUnknown {
			continue
		}
		if common == nil {
			common = t
			continue
		}
		if t.OID == common.OID {
			continue
		}
		if t.Category != common.Category {
			return nil, false
		}
		if types.CastAllowed(common, t, types.CastImplicit) && !types.CastAllowed(t, common, types.CastImplicit) {
			common = t
		}
	}
	if common == nil {
		return types.Text, true
	}
	return common.WithMod(-1), true
}

// hasVar reports whether d reads a column.
func hasVar(d dnode) bool {
	switch n := d.(type) {
	case *dVar:
		return true
	case *dCoerce:
		return hasVar(n.arg)
	case *dOp:
		return n.l != nil && hasVar(n.l) || hasVar(n.r)
	case *dBool:
		for _, a := range n.args {
			if hasVar(a) {
				return true
			}
		}
	case *dNullTest:
		return hasVar(n.arg)
	case *dFunc:
		for _, a := range n.args {
			if hasVar(a) {
				return true
			}
		}
	case *dCoalesce:
		for _, a := range n.args {
			if hasVar(a) {
				return true
			}
		}
	case *dCase:
		if n.arg != nil && hasVar(n.arg) {
			return true
		}
		for _, a := range append(append([]dnode(nil), n.conds...), n.results...) {
			if hasVar(a) {
				return true
			}
		}
	case *dAgg, *dQSub:
		return true // a sub-select or aggregate is never folded into an array
	case *dBoolTest:
		return hasVar(n.arg)
	case *dArray:
		for _, a := range n.elems {
			if hasVar(a) {
				return true
			}
		}
	}
	return false
}

// crossIntegerOp resolves the comparison and arithmetic operators
// PostgreSQL has for every pair of int2, int4 and int8 operands
// (int48pl, int84lt, ...), which need no coercion of either side.
func crossIntegerOp(op string, l, r *types.Type) (*types.Type, bool) {
	rank := func(t *types.Type) int {
		switch t.Kind {
		case types.KindInt2:
			return 1
		case types.KindInt4:
			return 2
		case types.KindInt8:
			return 3
		}
		return 0
	}
	lr, rr := rank(l), rank(r)
	if lr == 0 || rr == 0 || lr == rr || l.Domain != nil || r.Domain != nil {
		return nil, false
	}
	switch op {
	case "=", "<>", "<", ">", "<=", ">=":
		return types.Bool, true
	case "+", "-", "*", "/":
		if lr > rr {
			return l, true
		}
		return r, true
	}
	return nil, false
}

// crossNameTextOp reports the comparisons PostgreSQL has between name
// and text (texteqname, namelttext, ...), which need no coercion.
func crossNameTextOp(op string, l, r *types.Type) bool {
	switch op {
	case "=", "<>", "<", ">", "<=", ">=":
	default:
		return false
	}
	if l.Domain != nil || r.Domain != nil {
		return false
	}
	return l.Kind == types.KindName && r.Kind == types.KindText || l.Kind == types.KindText && r.Kind == types.KindName
}

// varcharAsText wraps a varchar operand in its implicit coercion to text.
func varcharAsText(d dnode) dnode {
	if t := d.dtype(); t.Kind == types.KindVarchar && t.Domain == nil {
		return &dCoerce{arg: d, t: types.Text}
	}
	return d
}

// regAsOid is d, a regclass or regtype operand of an operator whose
// other operand is one too or an oid, relabeled as the oid PostgreSQL's
// operator takes (those types have no operators of their own); the
// relabel prints, ('t'::regclass)::oid.
func regAsOid(d, other dnode) dnode {
	reg := func(t *types.Type) bool {
		return t.Domain == nil && (t.Kind == types.KindRegclass || t.Kind == types.KindRegtype)
	}
	if ot := other.dtype(); reg(d.dtype()) && (reg(ot) || ot.Kind == types.KindOid) {
		return &dCoerce{arg: d, t: types.Oid}
	}
	return d
}

// prefixOp is a prefix operator on r: a minus on a constant is folded
// into it, as the grammar does; other prefix operators are not modelled.
func (sc *deparseScope) prefixOp(op string, r dnode) (dnode, bool) {
	if op == "+" {
		if c, ok := r.(*dConst); ok && c.val != nil && c.t.Kind != types.KindUnknown {
			return c, true
		}
	}
	return nil, false
}

// funcCall resolves a call of a built-in function, or of a catalog
// function whose parameters are exactly the argument types.
func (sc *deparseScope) funcCall(f *pg.FuncCall) (dnode, bool) {
	trim := ""
	if f.Funcformat == pg.CoercionForm_COERCE_SQL_SYNTAX && len(f.Funcname) == 2 {
		trim = map[string]string{"btrim": "BOTH", "ltrim": "LEADING", "rtrim": "TRAILING", "timezone": atTimeZone}[f.Funcname[1].GetString_().GetSval()]
	}
	if sc.vd != nil && f.Funcformat == pg.CoercionForm_COERCE_EXPLICIT_CALL {
		last := f.Funcname[len(f.Funcname)-1].GetString_().GetSval()
		qual := ""
		if len(f.Funcname) == 2 {
			qual = f.Funcname[0].GetString_().GetSval()
		}
		if (qual == "" || qual == "pg_catalog") && len(f.Funcname) <= 2 && isAggregateName(last, f.Over != nil) {
			return sc.aggOrWindow(f, last)
		}
	}
	if f.AggStar || f.AggDistinct || f.FuncVariadic || f.Over != nil || f.AggFilter != nil || len(f.AggOrder) > 0 ||
		f.Funcformat != pg.CoercionForm_COERCE_EXPLICIT_CALL && trim == "" {
		return nil, false
	}
	var parts []string
	for _, n := range f.Funcname {
		s := n.GetString_()
		if s == nil {
			return nil, false
		}
		parts = append(parts, s.Sval)
	}
	if len(parts) == 0 || len(parts) > 2 {
		return nil, false
	}
	if d, ok := sc.sequenceCall(parts, f.Args); ok {
		return d, true
	}
	var args []dnode
	for _, a := range f.Args {
		if a.GetNamedArgExpr() != nil {
			return nil, false
		}
		d, ok := sc.analyze(a)
		if !ok {
			return nil, false
		}
		args = append(args, d)
	}
	name := parts[len(parts)-1]
	schema := ""
	if len(parts) == 2 {
		schema = parts[0]
	}
	if fn, ok := sc.userFunction(schema, name, args); ok {
		return fn, true
	}
	if schema != "" && schema != "pg_catalog" || sc.catalog.HasFunctionsNamed(name) {
		return nil, false
	}
	ph := &placeholders{}
	es := make([]sql.Expression, len(args))
	for i, a := range args {
		es[i] = ph.of(a)
	}
	e, err := expr.NewFuncCall(nil, name, es)
	if err != nil {
		return nil, false
	}
	if _, folded := e.(*expr.Literal); folded {
		// a call over constants only folds; PostgreSQL's stored form keeps it
		ph = &placeholders{unfolded: true}
		for i, a := range args {
			es[i] = ph.of(a)
		}
		if e, err = expr.NewFuncCall(nil, name, es); err != nil {
			return nil, false
		}
	}
	fc, ok := e.(*expr.FuncCall)
	if !ok || fc.Keyword != "" {
		return nil, false
	}
	out := &dFunc{name: name, t: expr.TypeOf(fc), trim: trim}
	for i, a := range fc.Args {
		if len(fc.Args) == len(args) && fc.AnyArg(i) {
			if c, ok := args[i].(*dConst); ok && c.t.Kind == types.KindUnknown {
				out.args = append(out.args, c)
				continue
			}
		}
		d, ok := ph.back(a, false)
		if !ok {
			return nil, false
		}
		out.args = append(out.args, d)
	}
	return out, true
}

// userFunction finds a catalog function by name through the search path
// whose input parameters are exactly args' types, and names it as
// PostgreSQL's generate_function_name does: qualified unless the search
// path finds it by its bare name.
func (sc *deparseScope) userFunction(schema, name string, args []dnode) (dnode, bool) {
	search := sc.path
	if schema != "" {
		search = []string{schema}
	}
	for _, s := range search {
		for _, f := range sc.catalog.Functions(catalog.QName{Schema: s, Name: name}) {
			in := f.InputArgs()
			if f.ReturnsSet || f.Result == nil || len(in) != len(args) {
				continue
			}
			same := true
			declared := make([]*types.Type, len(in))
			actual := make([]*types.Type, len(in))
			for i, a := range in {
				declared[i], actual[i] = a.Type, args[i].dtype()
				if a.Type == nil || a.Type.OID != actual[i].OID && !a.Type.IsPolymorphic() {
					same = false
				}
			}
			if !same {
				continue
			}
			result := f.Result
			if f.IsPolymorphic() {
				// the call's actual types decide a polymorphic result
				if !expr.MatchPolymorphic(declared, actual) {
					continue
				}
				b, err := expr.ResolvePolymorphic(declared, actual)
				if err != nil || b.SubstAll(result) != nil {
					continue
				}
				result = b.Subst(result)
			}
			shown := QuoteIdent(f.Name)
			if !sc.visibleFunction(f) {
				shown = QuoteIdent(f.Schema) + "." + shown
			}
			return &dFunc{name: shown, args: args, t: result}, true
		}
	}
	return nil, false
}

// visibleFunction reports whether the search path finds f first by its
// bare name.
func (sc *deparseScope) visibleFunction(f *catalog.Function) bool {
	for _, s := range sc.path {
		if s == f.Schema {
			return true
		}
		if len(sc.catalog.Functions(catalog.QName{Schema: s, Name: f.Name})) > 0 {
			return false
		}
	}
	return false
}

// subLink is `(SELECT expr [AS name] [FROM table [alias]] [WHERE
// cond])` or EXISTS of it: the sub-queries Supabase policies use
// ((SELECT auth.uid()), membership checks).
func (sc *deparseScope) subLink(s *pg.SubLink) (dnode, bool) {
	if sc.vd != nil {
		return sc.querySubLink(s)
	}
	switch s.SubLinkType {
	case pg.SubLinkType_EXPR_SUBLINK, pg.SubLinkType_EXISTS_SUBLINK:
	case pg.SubLinkType_ANY_SUBLINK:
		// x IN (SELECT ...): = ANY, printed as IN
		if len(s.OperName) > 0 || s.Testexpr == nil {
			return nil, false
		}
	default:
		return nil, false
	}
	sel := s.Subselect.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 || len(sel.FromClause) > 1 ||
		len(sel.DistinctClause) > 0 || len(sel.GroupClause) > 0 || sel.HavingClause != nil || len(sel.SortClause) > 0 ||
		sel.LimitCount != nil || sel.LimitOffset != nil || sel.WithClause != nil || sel.Op != pg.SetOperation_SETOP_NONE ||
		len(sel.ValuesLists) > 0 || sel.IntoClause != nil || len(sel.LockingClause) > 0 || len(sel.WindowClause) > 0 {
		return nil, false
	}
	inner := &deparseScope{catalog: sc.catalog, path: sc.path, outer: sc, state: sc.state}
	out := &dSubLink{exists: s.SubLinkType == pg.SubLinkType_EXISTS_SUBLINK}
	if len(sel.FromClause) == 1 {
		from, ok := inner.fromTable(sel.FromClause[0].GetRangeVar())
		if !ok {
			return nil, false
		}
		out.from = from
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Val.GetColumnRef() != nil && rt.Val.GetColumnRef().Fields[len(rt.Val.GetColumnRef().Fields)-1].GetAStar() != nil {
		return nil, false
	}
	d, ok := inner.analyze(rt.Val)
	if !ok {
		return nil, false
	}
	out.target = d
	out.name = rt.Name
	if out.name == "" {
		out.name = figureColname(rt.Val)
	}
	if sel.WhereClause != nil {
		w, ok := inner.analyze(sel.WhereClause)
		if !ok || w.dtype().Base().Kind != types.KindBool {
			return nil, false
		}
		out.where = w
	}
	if s.SubLinkType == pg.SubLinkType_ANY_SUBLINK {
		lhs, ok := sc.analyze(s.Testexpr)
		if !ok {
			return nil, false
		}
		// the operator applies to x and the sub-select's column; only
		// x's coercion shows
		col := &dVar{t: out.target.dtype()}
		cmp, ok := sc.binaryOp("=", lhs, col)
		if !ok {
			return nil, false
		}
		o, ok := cmp.(*dOp)
		if !ok || o.t.Kind != types.KindBool {
			return nil, false
		}
		out.in = o.l
	}
	return out, true
}

// fromTable makes a FROM table this scope's relation and returns the
// item as get_from_clause_item prints it: the name, qualified unless the
// search path finds it, then the alias.
func (sc *deparseScope) fromTable(rv *pg.RangeVar) (string, bool) {
	if rv == nil || sc.state == nil || sc.state.DB == nil || rv.Catalogname != "" || !rv.Inh ||
		rv.Alias != nil && len(rv.Alias.Colnames) > 0 {
		return "", false
	}
	schemas := sc.path[1:]
	if rv.Schemaname != "" {
		schemas = []string{rv.Schemaname}
	}
	st := sc.state
	for _, schema := range schemas {
		t, ok, err := st.DB.Table(st.Ctx, schema, rv.Relname)
		if err != nil {
			return "", false
		}
		if !ok {
			continue
		}
		sc.cols = map[string]*types.Type{}
		for _, c := range t.Schema() {
			ct, ok := c.Type.(*types.Type)
			if !ok {
				return "", false
			}
			sc.cols[c.Name] = ct
		}
		shown := QuoteIdent(rv.Relname)
		if !st.tableVisibleAs(schema, rv.Relname) {
			shown = QuoteIdent(schema) + "." + shown
		}
		sc.refName = rv.Relname
		if rv.Alias != nil {
			sc.refName = rv.Alias.Aliasname
			shown += " " + QuoteIdent(rv.Alias.Aliasname)
		}
		return shown, true
	}
	return "", false
}

// tableVisibleAs reports whether the search path finds schema.name by
// its bare name.
func (s *State) tableVisibleAs(schema, name string) bool {
	for _, sc := range append([]string{"pg_catalog"}, s.SearchPath...) {
		if sc == schema {
			return true
		}
		if s.RelOIDIn(sc, name) {
			return false
		}
	}
	return false
}

// figureColname is the name PostgreSQL gives an unnamed select-list
// expression (FigureColname).
func figureColname(n *pg.Node) string {
	if name, strength := figureColnameStrength(n); strength > 0 {
		return name
	}
	return "?column?"
}

// figureColnameStrength is the parser's FigureColnameInternal: a name
// for expression n and how sure it is of it — 2 for a column's, a
// function's or a construct's own name, 1 for a cast's type name or
// "case", which a sure name inside wins over, 0 for none.
func figureColnameStrength(n *pg.Node) (string, int) {
	switch x := n.GetNode().(type) {
	case *pg.Node_ColumnRef:
		if s := x.ColumnRef.Fields[len(x.ColumnRef.Fields)-1].GetString_(); s != nil {
			return s.Sval, 2
		}
	case *pg.Node_AIndirection:
		// the last field name, subscripts and * aside
		name := ""
		for _, i := range x.AIndirection.Indirection {
			if s := i.GetString_(); s != nil {
				name = s.Sval
			}
		}
		if name != "" {
			return name, 2
		}
		return figureColnameStrength(x.AIndirection.Arg)
	case *pg.Node_FuncCall:
		if s := x.FuncCall.Funcname[len(x.FuncCall.Funcname)-1].GetString_(); s != nil {
			return s.Sval, 2
		}
	case *pg.Node_AExpr:
		if x.AExpr.Kind == pg.A_Expr_Kind_AEXPR_NULLIF {
			return "nullif", 2
		}
	case *pg.Node_TypeCast:
		name, strength := figureColnameStrength(x.TypeCast.Arg)
		if strength <= 1 {
			if nm := x.TypeCast.TypeName.GetNames(); len(nm) > 0 {
				if s := nm[len(nm)-1].GetString_(); s != nil {
					return s.Sval, 1
				}
			}
		}
		return name, strength
	case *pg.Node_CollateClause:
		return figureColnameStrength(x.CollateClause.Arg)
	case *pg.Node_GroupingFunc:
		return "grouping", 2
	case *pg.Node_SubLink:
		switch x.SubLink.SubLinkType {
		case pg.SubLinkType_EXISTS_SUBLINK:
			return "exists", 2
		case pg.SubLinkType_ARRAY_SUBLINK:
			return "array", 2
		case pg.SubLinkType_EXPR_SUBLINK:
			if sel := x.SubLink.Subselect.GetSelectStmt(); sel != nil && len(sel.TargetList) == 1 {
				rt := sel.TargetList[0].GetResTarget()
				if rt.Name != "" {
					return rt.Name, 2
				}
				return figureColname(rt.Val), 2
			}
		}
	case *pg.Node_CaseExpr:
		name, strength := "", 0
		if x.CaseExpr.Defresult != nil {
			name, strength = figureColnameStrength(x.CaseExpr.Defresult)
		}
		if strength <= 1 {
			return "case", 1
		}
		return name, strength
	case *pg.Node_AArrayExpr:
		return "array", 2
	case *pg.Node_RowExpr:
		return "row", 2
	case *pg.Node_CoalesceExpr:
		return "coalesce", 2
	case *pg.Node_MinMaxExpr:
		if x.MinMaxExpr.Op == pg.MinMaxOp_IS_LEAST {
			return "least", 2
		}
		return "greatest", 2
	case *pg.Node_SqlvalueFunction:
		// CURRENT_TIME(3) is named as CURRENT_TIME
		op := strings.TrimSuffix(strings.TrimPrefix(x.SqlvalueFunction.Op.String(), "SVFOP_"), "_N")
		return strings.ToLower(op), 2
	}
	return "", 0
}

// placeholders stand in for analyzed nodes while engine/internal/expr resolves an
// operator, function or cast over them, and map its result back.
type placeholders struct {
	nodes []dnode
	exprs []sql.Expression
	// unfolded makes unknown constants placeholders too, so a call over
	// constants only resolves without being folded to its value
	unfolded bool
}

// placeholder is an analyzed node seen as an expression of its type.
type placeholder struct {
	t *types.Type
}

func (p *placeholder) Resolved() bool                                         { return true }
func (p *placeholder) String() string                                         { return "$deparse" }
func (p *placeholder) Type() sql.Type                                         { return p.t }
func (p *placeholder) IsNullable() bool                                       { return true }
func (p *placeholder) Eval(*sql.Context, sql.Row) (any, error)                { return nil, nil }
func (p *placeholder) Children() []sql.Expression                             { return nil }
func (p *placeholder) WithChildren(...sql.Expression) (sql.Expression, error) { return p, nil }

// of is the expression standing for d: an unknown constant is a literal
// (so it takes the type context gives it), anything else a placeholder
// that resolution can only wrap in casts.
func (ph *placeholders) of(d dnode) sql.Expression {
	var e sql.Expression
	if c, ok := d.(*dConst); ok && c.t.Kind == types.KindUnknown && !ph.unfolded {
		e = expr.NewLiteral(types.Unknown, c.val)
	} else {
		e = &placeholder{t: d.dtype()}
	}
	ph.nodes = append(ph.nodes, d)
	ph.exprs = append(ph.exprs, e)
	return e
}

// back maps a resolved expression over placeholders to analyzed nodes.
func (ph *placeholders) back(e sql.Expression, explicit bool) (dnode, bool) {
	for i, x := range ph.exprs {
		if x == e {
			return ph.nodes[i], true
		}
	}
	switch x := e.(type) {
	case *expr.Literal:
		// an unknown constant coerced: a constant of the new type
		t := expr.TypeOf(x)
		if x.Value == nil {
			return &dConst{t: t}, true
		}
		return &dConst{t: t, val: x.Value, text: types.Output(t, x.Value, nil)}, true
	case *expr.Cast:
		if x.TextCat {
			return ph.back(x.Child, false) // converted inside the operator
		}
		arg, ok := ph.back(x.Child, false)
		if !ok {
			return nil, false
		}
		if c, ok := arg.(*dConst); ok && c.t.Kind == types.KindUnknown && c.val != nil {
			// an unknown constant (unfolded) takes the type as a literal does
			t := expr.TypeOf(x)
			v, err := types.Input(t, c.text, nil)
			if err != nil {
				return nil, false
			}
			return &dConst{t: t, val: v, text: types.Output(t, v, nil)}, true
		}
		return &dCoerce{arg: arg, t: expr.TypeOf(x), explicit: x.Explicit || explicit}, true
	}
	return nil, false
}

// PrettyExpr is pg_get_expr(text, relid, true): a stored expression's
// text (pg_attrdef.adbin, pg_policy.polqual, which hold the non-pretty
// form) printed pretty, or unchanged when deparse does not model it.
func (s *State) PrettyExpr(text string, relOID uint32) (string, error) {
	rel, ok, err := s.RelationByOID(relOID)
	if err != nil || !ok || rel.Kind != 'r' {
		return text, err
	}
	t, ok, err := s.DB.Table(s.Ctx, rel.Schema, rel.Name)
	if err != nil || !ok {
		return text, err
	}
	if d, ok := s.DeparseStored(text, rel.Name, t.Schema(), true); ok {
		return d, nil
	}
	return text, nil
}

// sequenceCall is nextval / currval / setval of a sequence named by a
// string literal: PostgreSQL stores the name as a regclass constant, which
// prints schema-qualified unless the search path finds the sequence by
// its bare name.
func (sc *deparseScope) sequenceCall(parts []string, rawArgs []*pg.Node) (dnode, bool) {
	name := parts[len(parts)-1]
	if len(parts) == 2 && parts[0] != "pg_catalog" || len(rawArgs) == 0 {
		return nil, false
	}
	switch name {
	case "nextval", "currval", "setval":
	default:
		return nil, false
	}
	arg := rawArgs[0]
	if tc := arg.GetTypeCast(); tc != nil {
		// 'name'::text or 'name'::regclass, as the engine stored it
		arg = tc.Arg
	}
	c := arg.GetAConst()
	if c == nil || c.GetSval() == nil {
		return nil, false
	}
	shown, ok := sc.sequenceName(c.GetSval().Sval)
	if !ok {
		return nil, false
	}
	args := []dnode{&dConst{t: types.Regclass, val: shown, text: shown}}
	for _, a := range rawArgs[1:] {
		d, ok := sc.analyze(a)
		if !ok {
			return nil, false
		}
		args = append(args, d)
	}
	return &dFunc{name: name, args: args, t: types.Int8}, true
}

// sequenceName resolves a sequence name written as text and returns it
// as regclass output prints it.
func (sc *deparseScope) sequenceName(text string) (string, bool) {
	schema, name, qualified := strings.Cut(text, ".")
	if !qualified {
		schema, name = "", text
	}
	search := sc.path
	switch {
	case qualified:
		search = []string{schema}
	case sc.relSchema != "":
		search = append(append([]string(nil), sc.path...), sc.relSchema)
	}
	for _, s := range search {
		if _, ok := sc.catalog.Sequence(catalog.QName{Schema: s, Name: name}); !ok {
			continue
		}
		for _, p := range sc.path {
			if _, ok := sc.catalog.Sequence(catalog.QName{Schema: p, Name: name}); ok {
				if p == s {
					return QuoteIdent(name), true // found first by its bare name
				}
				break
			}
		}
		return QuoteIdent(s) + "." + QuoteIdent(name), true
	}
	return "", false
}

// userType resolves a user type (enum, domain, composite) by its
// possibly qualified name: through the search path, then the relation's
// schema (where it resolved when the expression was stored, which pg_dump's
// empty search path does not reach).
func (sc *deparseScope) userType(parts []string) (*types.Type, bool) {
	name := parts[len(parts)-1]
	// a bare name is last looked for in public: stored texts name the
	// types of other schemas qualified (types.Type.FormatType)
	search := append(append([]string(nil), sc.path...), sc.relSchema, "public")
	if len(parts) == 2 {
		search = parts[:1]
	}
	for _, s := range search {
		if s == "" || s == "pg_catalog" {
			continue
		}
		if d, ok := sc.catalog.Type(catalog.QName{Schema: s, Name: name}); ok {
			return d.Type, true
		}
	}
	return nil, false
}

// DeparseDefault is DeparseStored for a column default of table
// schema.rel: a sequence the default names by its bare name resolves in
// the table's schema too.
func (s *State) DeparseDefault(text, schema, rel string, cols sql.Schema) (out string, ok bool) {
	return s.DeparseStoredIn(text, schema, rel, cols, false)
}

// DeparseStoredIn is DeparseStored over table schema.rel: names the
// search path does not find resolve in the table's schema.
func (s *State) DeparseStoredIn(text, schema, rel string, cols sql.Schema, pretty bool) (out string, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = "", false
		}
	}()
	n, err := s.parseExpr(text)
	if err != nil {
		return "", false
	}
	sc := s.newDeparseScope(rel, cols)
	sc.relSchema = schema
	d, ok := sc.analyze(n)
	if !ok {
		return "", false
	}
	return printExprIn(s, d, pretty), true
}

// DeparseArgDefault prints a routine parameter's DEFAULT as
// pg_get_function_arguments does: the expression coerced to the
// parameter's type (`'ROW'` of a text parameter is 'ROW'::text); ok is
// false outside what deparse models.
func (s *State) DeparseArgDefault(text string, t *types.Type) (out string, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = "", false
		}
	}()
	n, err := s.parseExpr(text)
	if err != nil || t == nil {
		return "", false
	}
	sc := s.newDeparseScope("", nil)
	d, ok := sc.analyze(n)
	if !ok {
		return "", false
	}
	if d, ok = sc.coerce(d, t, types.CastImplicit); !ok {
		return "", false
	}
	return printExprIn(s, d, false), true
}
