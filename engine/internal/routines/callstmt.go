package routines

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// CALL (docs: SQL Commands, CALL) runs as one atomic statement in the
// session's pipeline; a procedure with output parameters returns one row
// of them, built here.

// OutputArgs are the output parameters of the procedure a CALL runs
// (none for a nil fn).
func OutputArgs(fn *catalog.Function) []catalog.Arg {
	if fn == nil {
		return nil
	}
	return fn.OutputArgs()
}

// OutputValues is the row CALL returns from the procedure's result v: the
// fields of the record for several output parameters, else v itself.
func OutputValues(outs []catalog.Arg, v any) []any {
	if rec, ok := v.(*types.RecordVal); ok && len(outs) > 1 {
		return rec.Vals
	}
	return []any{v}
}
