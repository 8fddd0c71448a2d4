package session

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addCastFuncs registers the functions PostgreSQL's built-in casts call
// (pg_cast.castfunc: int8(integer), text(boolean), …) under their pg_proc
// names, so that they are called by name as in PostgreSQL and pg_proc
// lists them. Each converts as the cast does. A name and argument type
// another file already registers keeps that implementation.
func addCastFuncs(r *expr.Registry) {
	for _, c := range pgcatalog.BuiltinCastFuncs() {
		from, ok1 := types.ByOID(c.Source)
		to, ok2 := types.ByOID(c.Target)
		if !ok1 || !ok2 || hasOverload(r, c.Name, from) {
			continue
		}
		r.Add(c.Name, expr.FuncImpl{Args: []*types.Type{from}, Result: expr.Fixed(to),
			Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
				return types.Cast(a[0], from, to, true, env)
			}})
	}
}

func hasOverload(r *expr.Registry, name string, arg *types.Type) bool {
	for _, f := range r.Overloads(name) {
		if len(f.Args) == 1 && f.Args[0] != nil && f.Args[0].OID == arg.OID {
			return true
		}
	}
	return false
}
