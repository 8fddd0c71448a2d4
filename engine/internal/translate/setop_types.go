package translate

import (
	"github.com/tinybase/tinybase/internal/pgtree"
	"math"
	"strconv"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// unifySetOpTypes casts the columns of a set operation's SELECT lists to
// their common type (PostgreSQL docs 10.5) wherever the translator can
// tell every side's type: table columns, constants and casts. GMS takes a
// set operation's column types from its left side when it binds the
// statement, so an expression over a derived table's column was typed
// from the left side (integer in `SELECT total + 1 FROM (SELECT int_col
// UNION ALL SELECT bigint_col) s`, which overflowed), before the
// analyzer's setOpTypes rule settled the column on its common type
// (bigint). With the cast in the SELECT lists both sides already agree.
// Columns whose types are not all known, or have no common type (an
// error the analyzer rule reports), are left to that rule. s is not
// modified; the result shares its unchanged parts.
func (t *Translator) unifySetOpTypes(s *pg.SelectStmt) *pg.SelectStmt {
	width := -1
	ok := true
	walkSetOpLeaves(s, func(leaf *pg.SelectStmt) {
		if len(leaf.ValuesLists) > 0 || leaf.WithClause != nil || targetsHaveStar(leaf.TargetList) ||
			(width >= 0 && len(leaf.TargetList) != width) {
			ok = false
		}
		width = len(leaf.TargetList)
	})
	if !ok || width <= 0 {
		return s
	}
	ctes := map[string]*rowSource{}
	for k, v := range t.q.ctes {
		ctes[k] = v
	}
	t.addCTEs(s.WithClause, ctes)
	targets := map[*pg.SelectStmt][]*types.Type{}
	walkSetOpLeaves(s, func(leaf *pg.SelectStmt) {
		from := t.fromSources(leaf.FromClause, ctes)
		ts := make([]*types.Type, width)
		for i, item := range leaf.TargetList {
			ts[i] = t.staticType(item.GetResTarget().GetVal(), from)
		}
		targets[leaf] = ts
	})
	casts := make([]*types.Type, width)
	any := false
	for i := range casts {
		common, known := setOpColumnType(s, targets, i)
		if !known || common == nil || !builtinType(common) {
			continue
		}
		same := true
		for _, ts := range targets {
			if ts[i].OID != common.OID || ts[i].Mod != common.Mod {
				same = false
			}
		}
		if !same {
			casts[i], any = common, true
		}
	}
	if !any {
		return s
	}
	return castSetOpLeaves(s, targets, casts)
}

// builtinType reports whether typ is a built-in type a cast can name as
// pg_catalog.<name> (not a domain, enum or composite type).
func builtinType(typ *types.Type) bool {
	b, ok := types.ByName(typ.Name)
	return ok && b != nil && b.OID == typ.OID
}

// walkSetOpLeaves calls f on each SELECT of a set operation, left to right.
func walkSetOpLeaves(s *pg.SelectStmt, f func(*pg.SelectStmt)) {
	if s.Op == pg.SetOperation_SETOP_NONE {
		f(s)
		return
	}
	walkSetOpLeaves(s.Larg, f)
	walkSetOpLeaves(s.Rarg, f)
}

// setOpColumnType resolves column i of a set operation as PostgreSQL
// does, pairwise from the innermost operations out. known is false when
// some side's type is unknown to the translator; common is nil when the
// sides cannot be matched.
func setOpColumnType(s *pg.SelectStmt, targets map[*pg.SelectStmt][]*types.Type, i int) (common *types.Type, known bool) {
	if s.Op == pg.SetOperation_SETOP_NONE {
		t := targets[s][i]
		return t, t != nil
	}
	l, lok := setOpColumnType(s.Larg, targets, i)
	r, rok := setOpColumnType(s.Rarg, targets, i)
	if !lok || !rok || l == nil || r == nil {
		return nil, lok && rok
	}
	return SelectCommonType(l, r), true
}

// castSetOpLeaves copies the set operation with column i of every SELECT
// whose type differs cast to casts[i] (nil: left alone), keeping the
// column's name.
func castSetOpLeaves(s *pg.SelectStmt, targets map[*pg.SelectStmt][]*types.Type, casts []*types.Type) *pg.SelectStmt {
	var leaves []*pg.SelectStmt
	walkSetOpLeaves(s, func(leaf *pg.SelectStmt) { leaves = append(leaves, leaf) })
	out := pgtree.Clone(s)
	k := 0
	walkSetOpLeaves(out, func(c *pg.SelectStmt) {
		have := targets[leaves[k]]
		k++
		for i, typ := range casts {
			if typ == nil || (have[i].OID == typ.OID && have[i].Mod == typ.Mod) {
				continue
			}
			rt := c.TargetList[i].GetResTarget()
			name := rt.Name
			if name == "" {
				name = columnName(rt.Val)
			}
			cast := &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: rt.Val, Location: -1, TypeName: &pg.TypeName{
				Names:    []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode(typ.Name)},
				Typemod:  -1,
				Location: -1,
			}}}}
			c.TargetList[i] = &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: name, Val: cast, Location: rt.Location}}}
		}
	})
	return out
}

// staticType is the type of a SELECT-list expression when the translator
// can tell it without GMS: a column of a table among the FROM items, a
// constant, a cast, or a built-in binary operator over such operands
// (`id + 0`), resolved as expr.NewBinOp resolves it. nil otherwise.
func (t *Translator) staticType(n *pg.Node, from []namedSource) (typ *types.Type) {
	if n == nil {
		return nil
	}
	switch x := n.Node.(type) {
	case *pg.Node_AConst:
		c := x.AConst
		switch v := c.Val.(type) {
		case *pg.A_Const_Ival:
			return types.Int4
		case *pg.A_Const_Boolval:
			return types.Bool
		case *pg.A_Const_Fval:
			if n, err := strconv.ParseInt(v.Fval.Fval, 10, 64); err == nil {
				if n >= math.MinInt32 && n <= math.MaxInt32 {
					return types.Int4
				}
				return types.Int8
			}
			return types.Numeric
		}
		if c.Isnull || c.GetSval() != nil {
			return types.Unknown
		}
	case *pg.Node_TypeCast:
		defer func() {
			if recover() != nil {
				typ = nil // an unknown type fails where the cast is translated
			}
		}()
		return t.typeName(x.TypeCast.TypeName)
	case *pg.Node_AExpr:
		return t.staticOpType(x.AExpr, from)
	case *pg.Node_ColumnRef:
		f := x.ColumnRef.Fields
		var qual, name string
		switch {
		case len(f) == 1 && f[0].GetString_() != nil:
			name = f[0].GetString_().Sval
		case len(f) == 2 && f[0].GetString_() != nil && f[1].GetString_() != nil:
			qual, name = f[0].GetString_().Sval, f[1].GetString_().Sval
		default:
			return nil
		}
		var found *types.Type
		matches := 0
		for _, ns := range from {
			if qual != "" && ns.alias != qual {
				continue
			}
			if ns.src == nil {
				return nil // unknown columns might hold the name
			}
			for i, c := range ns.src.cols {
				if c != name {
					continue
				}
				matches++
				if ns.src.typ != nil && len(ns.src.typ.Fields) == len(ns.src.cols) {
					found = ns.src.typ.Fields[i].Type
				}
			}
		}
		if matches == 1 {
			return found
		}
	}
	return nil
}

// staticOpType is the result type of a binary operator whose operands
// have static types: NewBinOp resolves it over typed NULL operands, so
// the type is the one the injected expression will have. nil for
// anything else (unary and row operators, schema-qualified names, an
// operator that does not resolve).
func (t *Translator) staticOpType(a *pg.A_Expr, from []namedSource) *types.Type {
	if a.Kind != pg.A_Expr_Kind_AEXPR_OP || len(a.Name) != 1 || a.Lexpr == nil || a.Rexpr == nil {
		return nil
	}
	if _, ok := rowItems(a.Lexpr); ok {
		return nil
	}
	if _, ok := rowItems(a.Rexpr); ok {
		return nil
	}
	lt, rt := t.staticType(a.Lexpr, from), t.staticType(a.Rexpr, from)
	if lt == nil || rt == nil {
		return nil
	}
	e, err := expr.NewBinOp(t.Env, strVal(a.Name[0]), expr.NewLiteral(lt, nil), expr.NewLiteral(rt, nil))
	if err != nil {
		return nil
	}
	return expr.TypeOf(e)
}

// SelectCommonType is parse_coerce.c's select_common_type for two
// inputs: unknown takes the other side's type; otherwise both must be of
// one category, and the right type wins only when the left one is not
// preferred and casts to it implicitly but not back. The typmod survives
// only when both sides share it.
func SelectCommonType(lt, rt *types.Type) *types.Type {
	lb, rb := lt.Base(), rt.Base()
	switch {
	case lb.Kind == types.KindUnknown && rb.Kind == types.KindUnknown:
		return types.Text
	case lb.Kind == types.KindUnknown:
		return rt.WithMod(-1)
	case rb.Kind == types.KindUnknown:
		return lt.WithMod(-1)
	case lt.OID == rt.OID:
		if lt.Mod == rt.Mod {
			return lt
		}
		return lt.WithMod(-1)
	case lb.Category != rb.Category:
		return nil
	}
	out := lt
	if !lb.Preferred && types.CastAllowed(lt, rt, types.CastImplicit) && !types.CastAllowed(rt, lt, types.CastImplicit) {
		out = rt
	}
	if !types.CastAllowed(lt, out, types.CastImplicit) || !types.CastAllowed(rt, out, types.CastImplicit) {
		return nil
	}
	return out.WithMod(-1)
}
