package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// indirection translates subscripts (a[1], a[1:2], j['k']); field
// selection from composite values is not supported yet.
func (t *Translator) indirection(a *pg.A_Indirection) sqlparser.Expr {
	cur := t.scalar(a.Arg)
	var children []sqlparser.Expr
	var parts []expr.SubscriptPart
	flush := func() {
		if len(parts) == 0 {
			return
		}
		ch := append([]sqlparser.Expr{cur}, children...)
		ps := parts
		cur = t.inject("subscript", -1, ch, func(c []sql.Expression) (sql.Expression, error) {
			return expr.NewSubscript(t.Env, c, ps)
		})
		children, parts = nil, nil
	}
	for _, ind := range a.Indirection {
		idx := ind.GetAIndices()
		if idx == nil {
			flush()
			if ind.GetAStar() != nil {
				failAt(-1, pgerror.FeatureNotSupported, "row expansion (.*) is not supported yet")
			}
			cur = t.fieldSelect(cur, ind.GetString_().Sval)
			continue
		}
		p := expr.SubscriptPart{Slice: idx.IsSlice, Lo: -1, Hi: -1}
		add := func(n *pg.Node) int {
			children = append(children, t.scalar(n))
			return len(children) // child 0 is the value
		}
		if idx.IsSlice {
			if idx.Lidx != nil {
				p.Lo = add(idx.Lidx)
			}
			if idx.Uidx != nil {
				p.Hi = add(idx.Uidx)
			}
		} else {
			p.Lo = add(idx.Uidx)
		}
		parts = append(parts, p)
	}
	flush()
	return cur
}

// rowExpansion expands (value).* in a SELECT list into one column per
// field of the value's composite type, (value).field AS field, as
// PostgreSQL's parser does (ExpandRowReference; the value is evaluated
// once per field there too). It handles values whose type the translator
// knows before GMS binds the statement: a cast to a composite type and
// json[b]_populate_record(NULL::type, ...). nil for anything else, which
// indirection reports as not supported.
func (t *Translator) rowExpansion(n *pg.Node) sqlparser.SelectExprs {
	ai := n.GetAIndirection()
	if ai == nil || len(ai.Indirection) == 0 || ai.Indirection[len(ai.Indirection)-1].GetAStar() == nil {
		return nil
	}
	prefix := ai.Arg
	if len(ai.Indirection) > 1 {
		prefix = &pg.Node{Node: &pg.Node_AIndirection{AIndirection: &pg.A_Indirection{Arg: ai.Arg, Indirection: ai.Indirection[:len(ai.Indirection)-1]}}}
	}
	var tc *pg.TypeCast
	switch x := prefix.Node.(type) {
	case *pg.Node_TypeCast:
		tc = x.TypeCast
	case *pg.Node_FuncCall:
		parts := names(x.FuncCall.Funcname)
		switch parts[len(parts)-1] {
		case "jsonb_populate_record", "json_populate_record":
			if len(parts) == 1 || parts[0] == "pg_catalog" {
				if len(x.FuncCall.Args) == 2 {
					tc = x.FuncCall.Args[0].GetTypeCast()
				}
			}
		}
	}
	if tc == nil {
		return nil
	}
	typ := t.compositeTypeName(tc.TypeName) // wholerow.go
	if typ == nil {
		return nil
	}
	out := make(sqlparser.SelectExprs, 0, len(typ.Fields))
	for _, f := range typ.Fields {
		out = append(out, &sqlparser.AliasedExpr{Expr: t.fieldSelect(t.scalar(prefix), f.Name), As: sqlparser.NewColIdent(f.Name)})
	}
	return out
}
