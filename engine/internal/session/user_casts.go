package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// sessionCasts gives conversions the casts CREATE CAST made in the
// session's current catalog (types.Env.Casts).
type sessionCasts struct{ s *Session }

var _ types.UserCasts = sessionCasts{}

// UserCast finds the user cast from source to target.
func (c sessionCasts) UserCast(source, target uint32) (types.UserCast, bool) {
	cat := c.s.catalog()
	if len(cat.Casts()) == 0 {
		return types.UserCast{}, false
	}
	k, ok := cat.Cast(source, target)
	if !ok {
		return types.UserCast{}, false
	}
	uc := types.UserCast{Context: types.CastContextOf(k.Context), Method: k.Method, Func: k.Func}
	if k.Method == 'f' {
		if fn, ok := cat.FunctionByOID(k.Func); ok {
			uc.FuncArgs, uc.Strict = len(fn.InputTypes()), fn.Strict
		}
	}
	return uc, true
}

var _ expr.CastFunctionRunner = (*gmsSession)(nil)

// CallFunctionOID runs the function of a user cast (expr.UserCast).
func (g *gmsSession) CallFunctionOID(ctx *sql.Context, oid uint32, args []any) (any, error) {
	fn, ok := g.s.CurrentRoutine(oid)
	if !ok {
		return nil, pgerror.New(pgerror.UndefinedFunction, "cache lookup failed for function %d", oid)
	}
	return g.s.CallRoutine(ctx, fn, args)
}
