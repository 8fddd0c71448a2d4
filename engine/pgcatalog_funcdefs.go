package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/catalog"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/types"
)

// pg_get_function_arguments, pg_get_function_identity_arguments and
// pg_get_function_result print a user routine's signature as psql's \df,
// drizzle and postgres-meta read it. Defaults print as written in CREATE
// FUNCTION (PostgreSQL prints them deparsed, with explicit casts).
func init() {
	byOID := func(f func(fn *catalog.Function) string) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := sessionOf(ctx)
			if err != nil {
				return nil, err
			}
			fn, ok := s.catalog().FunctionByOID(a[0].(uint32))
			if !ok {
				return nil, nil
			}
			return f(fn), nil
		}
	}
	oidArg := []*types.Type{types.Oid}
	expr.AddFunc("pg_get_function_arguments", expr.FuncImpl{Args: oidArg, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: byOID(func(fn *catalog.Function) string { return functionArguments(fn, true) })})
	expr.AddFunc("pg_get_function_identity_arguments", expr.FuncImpl{Args: oidArg, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: byOID(func(fn *catalog.Function) string { return functionArguments(fn, false) })})
	expr.AddFunc("pg_get_function_result", expr.FuncImpl{Args: oidArg, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: byOID(functionResult)})
}

var argModeWords = map[catalog.ArgMode]string{catalog.ModeOut: "OUT ", catalog.ModeInOut: "INOUT ", catalog.ModeVariadic: "VARIADIC "}

// functionArguments lists the arguments except TABLE columns (those are
// part of the result), with defaults when withDefaults.
func functionArguments(fn *catalog.Function, withDefaults bool) string {
	var parts []string
	for _, a := range fn.Args {
		if a.Mode == catalog.ModeTable {
			continue
		}
		p := argModeWords[a.Mode]
		if a.Name != "" {
			p += a.Name + " "
		}
		p += a.Type.FormatType()
		if withDefaults && a.Default != "" {
			p += " DEFAULT " + a.Default
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func functionResult(fn *catalog.Function) string {
	if fn.Kind == catalog.KindProcedure {
		return ""
	}
	var cols []string
	for _, a := range fn.Args {
		if a.Mode == catalog.ModeTable {
			cols = append(cols, a.Name+" "+a.Type.FormatType())
		}
	}
	if len(cols) > 0 {
		return "TABLE(" + strings.Join(cols, ", ") + ")"
	}
	name := "void"
	if fn.Result != nil {
		name = fn.Result.FormatType()
	}
	if fn.ReturnsSet {
		return "SETOF " + name
	}
	return name
}
