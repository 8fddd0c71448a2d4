package extensions

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Func is the Go implementation of an extension's C-language function:
// it is called as a language handler is (routine.Handler.Call), with the
// catalog function the script declared (its signature, defaults,
// strictness and volatility come from the script), the input arguments
// in tinybase's Go representation (nil is NULL; a STRICT function is not
// called with a NULL), and tg when it runs as a trigger.
type Func func(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error)

// Scalar adapts a function of its arguments to a Func; a nil result is
// NULL.
func Scalar(f func(args []any) (any, error)) Func {
	return func(_ context.Context, _ routine.Caller, _ *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
		v, err := f(args)
		if err != nil {
			return routine.Result{}, err
		}
		return routine.Result{Value: v, Null: v == nil}, nil
	}
}

// ScalarC is Scalar for functions that read the session (settings,
// time zone, SQL).
func ScalarC(f func(ctx context.Context, c routine.Caller, args []any) (any, error)) Func {
	return func(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
		v, err := f(ctx, c, args)
		if err != nil {
			return routine.Result{}, err
		}
		return routine.Result{Value: v, Null: v == nil}, nil
	}
}

// Rows adapts a set-returning function; each row is one []any as wide as
// the function's result columns (one value for SETOF scalar).
func Rows(f func(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any) ([][]any, error)) Func {
	return func(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
		rows, err := f(ctx, c, fn, args)
		if err != nil {
			return routine.Result{}, err
		}
		return routine.Result{Rows: rows}, nil
	}
}

// indexSupport stands for an operator class's support function (GiST's
// compress or penalty, GIN's extractValue...): such a function takes
// internal arguments, which no SQL expression can produce (NULL::internal
// fails too), so a call is unreachable from SQL; tinybase's indexes do
// not call them either.
var indexSupport = Scalar(func([]any) (any, error) {
	return nil, pgerror.New(pgerror.FeatureNotSupported, "index support functions are not callable in tinybase")
})
