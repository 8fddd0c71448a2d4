package session

import (
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// addDDLFuncs registers the built-ins migration histories call around
// their DDL: to_regprocedure / to_regproc (IF NOT EXISTS guards on
// routines), pg_trigger_depth (recursion guards in trigger functions) and
// date(timestamp[tz]).
func addDDLFuncs(r *expr.Registry) {
	r.Add("to_regprocedure", toReg(types.Regprocedure, pgerror.UndefinedFunction))
	r.Add("to_regproc", toReg(types.Regproc, pgerror.UndefinedFunction, pgerror.AmbiguousFunction, pgerror.InvalidSchemaName))
	r.Add("to_regrole", toReg(types.Regrole, pgerror.UndefinedObject))
	r.Add("to_regtype", toReg(types.Regtype, pgerror.UndefinedObject, pgerror.InvalidSchemaName))
	r.Add("to_regnamespace", toReg(types.Regnamespace, pgerror.InvalidSchemaName))
	r.Add("to_regoperator", toReg(types.Regoperator, pgerror.UndefinedFunction))
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

// toReg is reg* input that yields NULL for a missing object (the codes in
// missing) and fails as the input function does otherwise: in
// PostgreSQL 15 bad syntax fails, and so does a missing argument type
// of to_regprocedure and to_regoperator, which parse it strictly (a
// migration guarding a GRANT on a routine whose type it dropped).
func toReg(t *types.Type, missing ...string) expr.FuncImpl {
	return expr.FuncImpl{Args: []*types.Type{types.Text}, Result: expr.Fixed(t), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			if (t == types.Regproc || t == types.Regprocedure) && routineSchemaMissing(s.TypesEnv(), a[0].(string)) {
				return nil, nil // the lookup finds no candidate; an argument type's schema still fails
			}
			v, err := types.Input(t, a[0].(string), s.TypesEnv())
			if pe, ok := pgerror.As(err); ok && slices.Contains(missing, pe.Code) {
				return nil, nil
			}
			return v, err
		}}
}

// routineSchemaMissing reports whether a regproc or regprocedure text
// names its routine in a schema that does not exist.
func routineSchemaMissing(env *types.Env, spec string) bool {
	name, _, _ := strings.Cut(spec, "(")
	parts := types.SplitQualifiedName(name)
	o, ok := env.Relations.(types.ObjectResolver)
	if len(parts) != 2 || !ok {
		return false
	}
	_, err := o.NamespaceOID(parts[0])
	return err != nil
}
