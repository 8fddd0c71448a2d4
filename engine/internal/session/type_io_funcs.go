package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addTypeIOFuncs registers the built-in types' input and output
// functions pg_type.typinput / typoutput name (docs 38.13): int4in(cstring)
// parses as a cast from text does, int4out(integer) prints as a cast to
// text does, int4send(integer) returns the binary form the wire protocol
// sends; an input of a type with typmods takes the type's OID and the
// typmod as PostgreSQL's does (varcharin('abc', 1043, 6) fails as
// varchar(2) input does, VARHDRSZ counted). Functions already registered keep their
// implementation (textin).
func addTypeIOFuncs(r *expr.Registry) {
	for _, t := range types.Builtins {
		in, out, send, withMod, ok := pgcatalog.BuiltinTypeIOFuncs(t.OID)
		if !ok || t.Kind == types.KindArray {
			continue
		}
		t := t
		if in != "" && !r.Has(in) {
			impl := expr.FuncImpl{Args: []*types.Type{types.Cstring}, Result: expr.Fixed(t), Volatile: true,
				Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
					return types.Input(t, a[0].(string), env)
				}}
			if withMod {
				impl.Args = []*types.Type{types.Cstring, types.Oid, types.Int4}
				impl.Fn = func(_ *sql.Context, env *types.Env, a []any) (any, error) {
					mt := t.WithMod(a[2].(int32))
					v, err := types.Input(mt, a[0].(string), env)
					if err != nil {
						return nil, err
					}
					return types.ApplyMod(v, mt, false) // input, not an explicit cast: too long fails

				}
			}
			r.Add(in, impl)
		}
		if out != "" && !r.Has(out) {
			r.Add(out, expr.FuncImpl{Args: []*types.Type{t}, Result: expr.Fixed(types.Cstring), Volatile: true,
				Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
					return types.Output(t, a[0], env), nil
				}})
		}
		if send != "" && !r.Has(send) {
			r.Add(send, expr.FuncImpl{Args: []*types.Type{t}, Result: expr.Fixed(types.Bytea), Volatile: true,
				Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
					var c types.BinaryCodec
					return c.AppendSend(nil, t.OID, a[0], types.Output(t, a[0], env))
				}})
		}
	}
}
