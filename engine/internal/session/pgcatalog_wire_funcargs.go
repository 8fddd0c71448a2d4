package session

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pg_get_function_arguments, pg_get_function_identity_arguments and
// pg_get_function_result, which psql's \df prints. Built-in functions
// print as PostgreSQL recorded them (pgcatalog/builtin_procs.go).
func addFunctionArgsFuncs(r *expr.Registry) {
	byOID := func(f func(fn *catalog.Function) any, builtin func(p *pgcatalog.BuiltinProc) any) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			fn, ok := s.Catalog().FunctionByOID(a[0].(uint32))
			if !ok {
				if p, ok := pgcatalog.BuiltinByOID(a[0].(uint32)); ok {
					return builtin(p), nil
				}
				return nil, nil
			}
			return f(fn), nil
		}
	}
	add := func(name string, f func(fn *catalog.Function) any, builtin func(p *pgcatalog.BuiltinProc) any) {
		r.Add(name, expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true, Fn: byOID(f, builtin)})
	}
	r.Add("pg_get_function_arguments", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			fn, ok := s.Catalog().FunctionByOID(a[0].(uint32))
			if !ok {
				return byOID(nil, func(p *pgcatalog.BuiltinProc) any { return p.Arguments })(ctx, env, a)
			}
			st, err := s.catalogState(ctx)
			if err != nil {
				return nil, err
			}
			return functionArgs(fn, st), nil
		}})
	add("pg_get_function_identity_arguments", func(fn *catalog.Function) any { return functionArgs(fn, nil) },
		func(p *pgcatalog.BuiltinProc) any { return p.IdentityArguments })
	add("pg_get_function_result", func(fn *catalog.Function) any {
		if fn.Kind == catalog.KindProcedure {
			return nil
		}
		var table []string
		for _, a := range fn.Args {
			if a.Mode == catalog.ModeTable {
				table = append(table, argName(a.Name)+a.Type.FormatTypeNoMod())
			}
		}
		if len(table) > 0 {
			return "TABLE(" + strings.Join(table, ", ") + ")"
		}
		res := "void"
		if fn.Result != nil {
			res = fn.Result.FormatTypeNoMod()
		}
		if fn.ReturnsSet {
			res = "SETOF " + res
		}
		return res
	}, func(p *pgcatalog.BuiltinProc) any { return p.Result })
}

// functionArgs formats a routine's arguments as PostgreSQL's
// pg_get_function_arguments (with defaults, deparsed under st) or
// pg_get_function_identity_arguments (st nil) do (OUT arguments included
// in both, as in PostgreSQL 15).
func functionArgs(fn *catalog.Function, st *pgcatalog.State) string {
	var parts []string
	for _, a := range fn.Args {
		var mode string
		switch a.Mode {
		case catalog.ModeTable:
			continue
		case catalog.ModeIn:
			if fn.Kind == catalog.KindProcedure {
				mode = "IN " // PostgreSQL marks every mode of a procedure's arguments
			}
		case catalog.ModeOut:
			mode = "OUT "
		case catalog.ModeInOut:
			mode = "INOUT "
		case catalog.ModeVariadic:
			mode = "VARIADIC "
		}
		p := mode + argName(a.Name) + a.Type.FormatTypeNoMod()
		if st != nil && a.Default != "" {
			def, ok := st.DeparseArgDefault(a.Default, a.Type)
			if !ok {
				def = a.Default
			}
			if a.Type.OID == types.Any.OID && strings.HasSuffix(def, `::"any"`) {
				// a literal passed to "any" keeps its unknown type
				// (drop_chunks(..., older_than "any" DEFAULT NULL::unknown))
				def = strings.TrimSuffix(def, `::"any"`) + "::unknown"
			}
			p += " DEFAULT " + def
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func argName(name string) string {
	if name == "" {
		return ""
	}
	// quote_identifier's quoting: reserved words too ("offset" bigint)
	return pgcatalog.QuoteIdent(name) + " "
}
