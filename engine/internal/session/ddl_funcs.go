package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// addDDLFuncs registers the built-ins migration histories call around
// their DDL: to_regprocedure / to_regproc (IF NOT EXISTS guards on
// routines), pg_trigger_depth (recursion guards in trigger functions) and
// date(timestamp[tz]).
func addDDLFuncs(r *expr.Registry) {
	// regproc / regprocedure input that yields NULL for a missing routine.
	toReg := func(t *types.Type) expr.FuncImpl {
		return expr.FuncImpl{Args: []*types.Type{types.Text}, Result: expr.Fixed(t), Volatile: true,
			Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
				s, err := funcSessionOf(ctx)
				if err != nil {
					return nil, err
				}
				v, err := types.Input(t, a[0].(string), s.TypesEnv())
				if err != nil {
					return nil, nil
				}
				return v, nil
			}}
	}
	r.Add("to_regprocedure", toReg(types.Regprocedure))
	r.Add("to_regproc", toReg(types.Regproc))
	r.Add("to_regrole", toReg(types.Regrole))
	r.Add("to_regtype", toReg(types.Regtype))
	r.Add("to_regnamespace", toReg(types.Regnamespace))
	r.Add("to_regoperator", toReg(types.Regoperator))
	// regoperatorout and textin, which pgTAP's tests use to print an
	// operator: both values are already the text printed.
	identity := func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return a[0], nil }
	r.Add("regoperatorout", expr.FuncImpl{Args: []*types.Type{types.Regoperator}, Result: expr.Fixed(types.Cstring), Fn: identity})
	r.Add("textin", expr.FuncImpl{Args: []*types.Type{types.Cstring}, Result: expr.Fixed(types.Text), Fn: identity})
	addTempFuncs(r) // temp_schema.go
	r.Add("pg_trigger_depth", expr.FuncImpl{Result: expr.Fixed(types.Int4), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			return s.pgTriggerDepth(), nil
		}})
	for _, from := range []*types.Type{types.Timestamptz, types.Timestamp} {
		r.Add("date", expr.FuncImpl{Args: []*types.Type{from}, Result: expr.Fixed(types.Date),
			Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
				return types.Cast(a[0], from, types.Date, true, env)
			}})
	}
}

// pgTriggerDepth is the nesting level of trigger functions running now.
func (s *Session) pgTriggerDepth() int32 { return int32(s.triggerDepth) }
