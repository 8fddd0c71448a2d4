package translate

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// indirection translates subscripts (a[1], a[1:2], j['k']); field
// selection from composite values is not supported yet.
func (t *Translator) indirection(a *pg.A_Indirection) sqlparser.Expr {
	cur := t.scalar(a.Arg)
	var children []sqlparser.Expr
	var locs []int32 // the children's parse locations
	var parts []expr.SubscriptPart
	flush := func() {
		if len(parts) == 0 {
			return
		}
		ch := append([]sqlparser.Expr{cur}, children...)
		ps, ls := parts, locs
		cur = t.inject(fmt.Sprint("subscript ", ps), -1, ch, func(c []sql.Expression) (sql.Expression, error) {
			if expr.TypeOf(c[0]).Base().Kind == types.KindJSONB {
				// each subscript's type error points at it
				for i := 1; i < len(c); i++ {
					if expr.TypeOf(c[i]).Kind == types.KindUnknown {
						continue
					}
					e, err := expr.JSONBSubscript(t.Env, c[i])
					if err != nil {
						return nil, withPosition(err, ls[i-1])
					}
					c[i] = e
				}
			}
			return expr.NewSubscript(t.Env, c, ps)
		})
		children, locs, parts = nil, nil, nil
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
			locs = append(locs, exprLocation(n))
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
	var fields []types.Field
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
		case "unnest":
			if len(x.FuncCall.Args) == 1 && (len(parts) == 1 || parts[0] == "pg_catalog") {
				fields = t.arrayElemFields(x.FuncCall.Args[0])
			}
		default:
			fields = t.userResultFields(parts)
		}
	}
	if tc != nil {
		if typ := t.compositeTypeName(tc.TypeName); typ != nil { // wholerow.go
			fields = typ.Fields
		}
	}
	if fields == nil {
		return nil
	}
	out := make(sqlparser.SelectExprs, 0, len(fields))
	for _, f := range fields {
		out = append(out, &sqlparser.AliasedExpr{Expr: t.fieldSelect(t.scalar(prefix), f.Name), As: sqlparser.NewColIdent(f.Name)})
	}
	return out
}

// userResultFields are the result columns of the user functions a call
// may name, when every candidate returns the same composite row (a
// composite type, a table's row type or OUT parameters); nil otherwise,
// and for names pg_catalog resolves first.
func (t *Translator) userResultFields(parts []string) []types.Field {
	if len(parts) == 1 && expr.Builtins().Has(strings.ToLower(parts[0])) {
		return nil
	}
	cands := t.userCandidates(parts)
	var fields []types.Field
	for i, fn := range cands {
		var fs []types.Field
		if outs := fn.OutputArgs(); len(outs) > 1 {
			for _, a := range outs {
				fs = append(fs, types.Field{Name: a.Name, Type: a.Type})
			}
		} else if fn.Result != nil && fn.Result.Base().IsComposite() {
			fs = fn.Result.Base().Fields
		}
		if fs == nil || (i > 0 && !sameFields(fs, fields)) {
			return nil
		}
		fields = fs
	}
	return fields
}

func sameFields(a, b []types.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Type.OID != b[i].Type.OID {
			return false
		}
	}
	return true
}

// arrayElemFields are the fields of an array's composite element type
// when the translator can see it: ARRAY[row(...)::t, ...] or a cast to
// t[].
func (t *Translator) arrayElemFields(n *pg.Node) []types.Field {
	if tn := t.arrayElemTypeName(n); tn != nil {
		return t.compositeTypeName(tn).Fields
	}
	return nil
}

// arrayElemTypeName names the composite element type of an array the
// translator can see, or is nil.
func (t *Translator) arrayElemTypeName(n *pg.Node) *pg.TypeName {
	if ae := n.GetAArrayExpr(); ae != nil && len(ae.Elements) > 0 {
		if tc := ae.Elements[0].GetTypeCast(); tc != nil && t.compositeTypeName(tc.TypeName) != nil {
			return tc.TypeName
		}
		return nil
	}
	if tc := n.GetTypeCast(); tc != nil && len(tc.TypeName.ArrayBounds) == 1 {
		elem := &pg.TypeName{Names: tc.TypeName.Names, Typmods: tc.TypeName.Typmods, Location: -1}
		if t.compositeTypeName(elem) != nil {
			return elem
		}
	}
	return nil
}
