package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pg_get_function_sqlbody(oid), which psql's \df+ prints as
// COALESCE(pg_get_function_sqlbody(p.oid), p.prosrc): NULL for routines
// whose body is a string (AS $$ ... $$, every built-in), as in
// PostgreSQL. An SQL-standard body (RETURN expr, BEGIN ATOMIC) is printed
// by ruleutils.c from its analyzed tree; tinybase keeps neither that tree
// nor which of the two forms was written, so it reports 0A000 for those
// rather than print a body PostgreSQL would not.
func addFunctionSQLBodyFuncs(r *expr.Registry) {
	r.Add("pg_get_function_sqlbody", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			// built-ins and unknown OIDs: NULL
			if fn, ok := s.Catalog().FunctionByOID(a[0].(uint32)); ok && fn.SQLBody {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "pg_get_function_sqlbody is not supported yet for SQL-standard function bodies (function %s)", fn.Name)
			}
			return nil, nil
		}})
}
