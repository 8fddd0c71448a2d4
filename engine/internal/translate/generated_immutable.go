package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// stableFuncs are built-ins that are not volatile but not immutable
// either (pg_proc.provolatile 's'), or that touch sequences.
var stableFuncs = map[string]bool{
	"now": true, "statement_timestamp": true, "transaction_timestamp": true,
	"nextval": true, "currval": true, "lastval": true, "setval": true,
	"to_char": true, "to_date": true, "current_setting": true, "timeofday": true,
	"clock_timestamp": true, "current_schema": true, "current_schemas": true,
	"has_table_privilege": true, "has_schema_privilege": true, "format": true,
}

// checkImmutable rejects a generation expression that calls a function
// that is not immutable (CREATE TABLE docs: "The generation expression can
// only use immutable functions"). current_date and friends are stable.
func (t *Translator) checkImmutable(n *pg.Node) {
	if t.mutable(n) {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "generation expression is not immutable"))
	}
}

// checkIndexImmutable rejects an index key expression or predicate of
// table ti that calls a function that is not immutable (PostgreSQL's
// CheckMutability: 42P17), casts included.
func (t *Translator) checkIndexImmutable(n *pg.Node, ti *TableInfo, what string) {
	if t.mutable(n) || t.mutableCasts(n, ti) {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "functions in index %s must be marked IMMUTABLE", what))
	}
}

// mutable reports whether n calls a function that is not immutable: a
// SQL-value function (current_date, current_user), a built-in that is
// stable or volatile, or a user function not declared IMMUTABLE.
func (t *Translator) mutable(n *pg.Node) bool {
	return t.mutableIn(n, nil)
}

// mutableIn is mutable, with the user functions whose bodies it is
// already inside: a recursive SQL function is judged by its declared
// volatility when it meets itself again.
func (t *Translator) mutableIn(n *pg.Node, inside map[*catalog.Function]bool) bool {
	return hasNode(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.SQLValueFunction:
			return true
		case *pg.FuncCall:
			parts := names(x.Funcname)
			name := parts[len(parts)-1]
			if fs, ok := t.userFunctions(parts); ok {
				for _, f := range fs {
					if f.Volatility == catalog.Immutable {
						return false
					}
					if body, ok := InlinableBody(f); ok && !inside[f] {
						// PostgreSQL inlines a SQL function whose body is
						// one expression before it checks, so the body's
						// calls count, not the declared volatility
						if inside == nil {
							inside = map[*catalog.Function]bool{}
						}
						inside[f] = true
						defer delete(inside, f)
						return t.mutableIn(body, inside)
					}
				}
				return true
			}
			if len(parts) > 1 && !strings.EqualFold(parts[0], "pg_catalog") {
				return false // a schema's own function, not the built-in of that name
			}
			lower := strings.ToLower(name)
			if stableFuncs[lower] {
				return true
			}
			for _, f := range expr.Builtins().Overloads(lower) {
				if f.Volatile {
					return true
				}
			}
		}
		return false
	})
}

// userFunctions finds the user functions a call may name: in its schema,
// or in the first schema of the search path that has one of that name.
func (t *Translator) userFunctions(parts []string) ([]*catalog.Function, bool) {
	r := t.reader()
	if r == nil {
		return nil, false
	}
	cat := r.Current()
	name := parts[len(parts)-1]
	if len(parts) > 1 {
		fs := cat.Functions(catalog.QName{Schema: parts[len(parts)-2], Name: name})
		return fs, len(fs) > 0
	}
	for _, sc := range r.SearchPath() {
		if sc == "pg_catalog" {
			continue
		}
		if fs := cat.Functions(catalog.QName{Schema: sc, Name: name}); len(fs) > 0 {
			return fs, true
		}
	}
	return nil, false
}

// InlinableBody is the expression a LANGUAGE sql function's body
// SELECTs, when the body is just that (SELECT expr, no FROM): what
// PostgreSQL's inline_function substitutes for a call.
func InlinableBody(f *catalog.Function) (*pg.Node, bool) {
	if f.Language != "sql" || f.ReturnsSet || f.SecurityDefiner || len(f.Config) > 0 {
		return nil, false
	}
	tree, err := pgtree.Parse(f.Body)
	if err != nil || len(tree.Stmts) != 1 {
		return nil, false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.FromClause) > 0 || sel.WhereClause != nil || len(sel.TargetList) != 1 ||
		sel.GroupClause != nil || sel.HavingClause != nil || sel.LimitCount != nil || sel.WithClause != nil || sel.Op != pg.SetOperation_SETOP_NONE {
		return nil, false
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Val == nil {
		return nil, false
	}
	return rt.Val, true
}

// mutableCasts reports whether n casts or passes a column of ti in a way
// that depends on the session (TimeZone, DateStyle): the casts between
// timestamptz and the other date/time types, text I/O of date/time
// values, and date_trunc / date_part / extract / age of a timestamptz —
// all STABLE in pg_proc. Only columns' types are known here; a cast of a
// computed value is not judged.
func (t *Translator) mutableCasts(n *pg.Node, ti *TableInfo) bool {
	colType := func(a *pg.Node) *types.Type {
		if tc := a.GetTypeCast(); tc != nil {
			return t.typeName(tc.TypeName)
		}
		cr := a.GetColumnRef()
		if cr == nil || len(cr.Fields) == 0 {
			return nil
		}
		s := cr.Fields[len(cr.Fields)-1].GetString_()
		if s == nil {
			return nil
		}
		c, ok := ti.Column(s.Sval)
		if !ok {
			return nil
		}
		return c.Type
	}
	return hasNode(n, func(m any) bool {
		switch x := m.(type) {
		case *pg.TypeCast:
			if wholeRowOf(x.Arg, ti) {
				return true // record_out and record_in are STABLE
			}
			from := colType(x.Arg)
			if from == nil {
				return false
			}
			return stableCast(from.Base().Kind, t.typeName(x.TypeName).Base().Kind)
		case *pg.FuncCall:
			parts := names(x.Funcname)
			switch strings.ToLower(parts[len(parts)-1]) {
			case "date_trunc", "date_part", "extract":
				fn := strings.ToLower(parts[len(parts)-1])
				for _, a := range x.Args[1:] {
					at := colType(a)
					if at == nil {
						continue
					}
					// there is no date_trunc(text, date): a date becomes
					// timestamptz, the preferred type of its category
					if k := at.Base().Kind; k == types.KindTimestamptz || fn == "date_trunc" && k == types.KindDate {
						return true
					}
				}
			case "age":
				if len(x.Args) == 1 {
					return true
				}
			}
		}
		return false
	})
}

// wholeRowOf reports whether n names ti's whole row: the table's name
// where no column has it.
func wholeRowOf(n *pg.Node, ti *TableInfo) bool {
	alias, _, ok := wholeRowAlias(n)
	if !ok || ti == nil || alias != ti.Name {
		return false
	}
	_, isColumn := ti.Column(alias)
	return !isColumn
}

// stableCast reports whether PostgreSQL's cast from one kind to another
// is STABLE: pg_cast's timestamptz conversions, and the I/O conversions
// through date_in/out, timestamp(tz)_in/out, time_in and interval_in/out.
func stableCast(from, to types.Kind) bool {
	if from == to {
		return false
	}
	textual := func(k types.Kind) bool { return k == types.KindText || k == types.KindVarchar || k == types.KindBpchar }
	switch {
	case from == types.KindTimestamptz && (to == types.KindDate || to == types.KindTime || to == types.KindTimestamp):
		return true
	case to == types.KindTimestamptz && (from == types.KindDate || from == types.KindTimestamp):
		return true
	case textual(to):
		return from == types.KindDate || from == types.KindTimestamp || from == types.KindTimestamptz || from == types.KindInterval
	case textual(from):
		return to == types.KindDate || to == types.KindTimestamp || to == types.KindTimestamptz || to == types.KindTime || to == types.KindInterval
	}
	return false
}
