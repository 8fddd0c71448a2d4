package translate

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func (t *Translator) funcCall(f *pg.FuncCall) sqlparser.Expr {
	parts := names(f.Funcname)
	name := strings.ToLower(parts[len(parts)-1])
	if len(parts) == 2 && parts[0] != "pg_catalog" {
		name = parts[0] + "." + name
	}
	if aggregateNames[name] || windowNames[name] || len(t.userAggregates(parts)) > 0 {
		return t.aggregateCall(name, f)
	}
	if f.Over != nil {
		failAt(f.Location, pgerror.WrongObjectType, "OVER specified, but %s is not a window function nor an aggregate function", name)
	}
	if f.AggStar {
		failAt(f.Location, pgerror.WrongObjectType, "%s(*) specified, but %s is not an aggregate function", name, name)
	}
	if f.AggDistinct || f.AggFilter != nil || len(f.AggOrder) > 0 {
		failAt(f.Location, pgerror.WrongObjectType, "DISTINCT, ORDER BY or FILTER specified, but %s is not an aggregate function", name)
	}
	if cands := t.userCandidates(parts); len(cands) > 0 {
		builtin := ""
		if expr.Builtins().Has(name) {
			builtin = name
		}
		return t.userFuncCall(strings.Join(parts, "."), builtin, f, cands, nil)
	}
	t.checkCallSchema(parts, name, f.Location)
	if (name == "to_json" || name == "to_jsonb") && len(f.Args) == 1 && t.isRecordRow(f.Args[0]) {
		name = "$record_" + name
	}
	args, ok := t.funcArgs(name, f)
	if !ok {
		return t.undefinedCall(name, f)
	}
	text := name
	if f.FuncVariadic {
		text += " variadic"
	}
	return t.inject(text, f.Location, args, func(c []sql.Expression) (sql.Expression, error) {
		if f.FuncVariadic {
			return expr.NewVariadicFuncCall(t.Env, name, c)
		}
		return expr.NewFuncCall(t.Env, name, c)
	})
}

// typeName resolves a TypeName node to a type with its typmod.
func (t *Translator) typeName(tn *pg.TypeName) *types.Type {
	parts := names(tn.Names)
	schema := ""
	name := parts[len(parts)-1]
	if len(parts) > 1 {
		schema = parts[len(parts)-2]
	}
	var typ *types.Type
	if schema == "" || schema == "pg_catalog" {
		typ, _ = types.ByName(name)
		if p, ok := types.PseudoByName(name); ok && typ == nil && name != "unknown" {
			// void, record and cstring have values (NULL::void, 'x'::cstring,
			// row(1, 2)::record); the others' input functions always fail
			if p.TakesNoInput() {
				failAt(tn.Location, pgerror.FeatureNotSupported, "cannot accept a value of type %s", p.FormatType())
			}
			typ = p
		}
	}
	if typ == nil && t.Catalog != nil {
		if ct, ok := t.Catalog.LookupType(map[bool]string{true: "", false: schema}[schema == "pg_catalog"], name); ok {
			typ = ct
		}
	}
	if typ == nil {
		typ = t.tableRowType(schema, name) // catalog_composite.go
	}
	if typ == nil && schema != "" && schema != "pg_catalog" && schema != "information_schema" {
		// PostgreSQL looks the schema up first (returns setof s.t, s missing)
		if sl, ok := t.Tables.(SchemaLookup); ok && !sl.HasSchema(schema) {
			failAt(tn.Location, pgerror.InvalidSchemaName, "schema %q does not exist", schema)
		}
	}
	if typ == nil {
		failAt(tn.Location, pgerror.UndefinedObject, "type \"%s\" does not exist", strings.Join(parts[len(parts)-1:], "."))
	}
	mods := make([]int32, 0, len(tn.Typmods))
	for _, m := range tn.Typmods {
		if c := m.GetAConst(); c != nil {
			mods = append(mods, c.GetIval().GetIval())
		}
	}
	switch typ.Kind {
	case types.KindVarchar, types.KindBpchar:
		if len(mods) == 1 {
			typ = typ.WithMod(mods[0] + 4)
		} else if typ.Kind == types.KindBpchar && name != "bpchar" {
			typ = typ.WithMod(1 + 4) // char without length is char(1)
		}
	case types.KindNumeric:
		switch len(mods) {
		case 1:
			typ = typ.WithMod(types.NumericMod(mods[0], 0))
		case 2:
			typ = typ.WithMod(types.NumericMod(mods[0], mods[1]))
		}
	case types.KindTimestamp, types.KindTimestamptz, types.KindTime, types.KindTimeTZ:
		if len(mods) == 1 {
			typ = typ.WithMod(mods[0])
		}
	case types.KindInterval:
		// the grammar hands over the fields as a mask, then the precision
		if len(mods) > 0 {
			typ = typ.WithMod(types.IntervalMod(mods))
		}
	case types.KindExt:
		if tm, ok := typ.Ext.(types.ExtTypmodText); ok && len(tn.Typmods) > 0 {
			m, err := tm.TypmodInText(typmodWords(tn.Typmods)) // geometry(Point,4326)
			if err != nil {
				failAt(tn.Location, err.(*pgerror.Error).Code, "%s", err.(*pgerror.Error).Message)
			}
			typ = typ.WithMod(m)
		} else if len(mods) > 0 {
			m, err := typ.Ext.TypmodIn(mods) // types/ext.go
			if err != nil {
				failAt(tn.Location, err.(*pgerror.Error).Code, "%s", err.(*pgerror.Error).Message)
			}
			typ = typ.WithMod(m)
		}
	case types.KindBit:
		if len(mods) == 1 {
			typ = typ.WithMod(mods[0])
		} else if typ.OID == types.Bit.OID && name == "bit" {
			typ = typ.WithMod(1) // bit without length is bit(1)
		}
	}
	if name == "float" && len(mods) == 1 && mods[0] <= 24 {
		typ = types.Float4
	}
	if len(tn.ArrayBounds) > 0 {
		mod := typ.Mod
		at := types.ArrayOf(typ)
		if at == nil {
			failAt(tn.Location, pgerror.UndefinedObject, "type \"%s[]\" does not exist", name)
		}
		typ = at.WithMod(mod)
	}
	return typ
}

// typmodWords spells a type name's modifiers as PostgreSQL hands them to
// a typmodin function (cstring[]): numbers, strings and bare words.
func typmodWords(mods []*pg.Node) []string {
	out := make([]string, 0, len(mods))
	for _, m := range mods {
		switch {
		case m.GetAConst() != nil:
			c := m.GetAConst()
			switch {
			case c.GetSval() != nil:
				out = append(out, c.GetSval().GetSval())
			case c.GetFval() != nil:
				out = append(out, c.GetFval().GetFval())
			default:
				out = append(out, strconv.Itoa(int(c.GetIval().GetIval())))
			}
		case m.GetColumnRef() != nil && len(m.GetColumnRef().GetFields()) == 1:
			out = append(out, m.GetColumnRef().GetFields()[0].GetString_().GetSval())
		default:
			out = append(out, "")
		}
	}
	return out
}
