package routines

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// codeStatementTooComplex is SQLSTATE 54001 (stack depth limit exceeded).
const codeStatementTooComplex = "54001"

// maxCallDepth bounds nested routine calls: PostgreSQL's max_stack_depth
// (2MB) allows a few hundred levels of SQL function recursion.
const maxCallDepth = 200

// Call runs a routine through its language handler: call depth,
// cancellation and the routine's SET options are handled here. tg is set
// when the routine runs as a trigger.
func Call(ctx *sql.Context, h Host, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	if err := ctx.Err(); err != nil {
		return routine.Result{}, cancelError(err)
	}
	lh, err := handler(h, fn.Language)
	if err != nil {
		return routine.Result{}, err
	}
	if lh == nil {
		return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported, "language %q is not supported yet", fn.Language)
	}
	st := h.RoutineState()
	if st.depth >= maxCallDepth {
		return routine.Result{}, pgerror.New(codeStatementTooComplex, "stack depth limit exceeded").
			WithHint(`Increase the configuration parameter "max_stack_depth" (currently 2048kB), after ensuring the platform's stack depth limit is adequate.`)
	}
	st.depth++
	defer func() { st.depth-- }()
	oids := regclassArgs(h, fn, args)
	restore, err := applyConfig(h, fn)
	if err != nil {
		return routine.Result{}, err
	}
	defer restore()
	if oids != nil {
		args = renameRegclassArgs(h, args, oids)
	}
	c := st.callAt(st.depth)
	*c = call{Caller: Caller{h: h, gctx: ctx}, lh: lh, fn: fn, args: args, tg: tg}
	err = h.RunAs(fn, c)
	res := c.res
	*c = call{} // keep no arguments or results alive
	return res, err
}

// callAt is the call value of the running call at nesting depth d (1 for
// the outermost): kept by the session and reused, since a call's body
// returns before another call at its depth starts.
func (st *State) callAt(d int) *call {
	for len(st.calls) < d {
		st.calls = append(st.calls, new(call))
	}
	return st.calls[d-1]
}

// A Body is a routine's body, run by Host.RunAs. (An interface rather
// than a func, so that a call allocates nothing beyond its call value.)
type Body interface {
	Run() error
}

// call is one call of a routine: the Caller its body sees, and its result.
type call struct {
	Caller
	lh   routine.Handler
	fn   *catalog.Function
	args []any
	tg   *routine.TriggerData
	res  routine.Result
}

// Run implements Body.
func (c *call) Run() error {
	var err error
	c.res, err = c.lh.Call(c.gctx, &c.Caller, c.fn, c.args, c.tg)
	return err
}

// CallScalar runs a user function called in an expression.
func CallScalar(ctx *sql.Context, h Host, fn *catalog.Function, args []any) (any, error) {
	res, err := Call(ctx, h, fn, args, nil)
	if err != nil {
		return nil, err
	}
	if res.Null {
		return nil, nil
	}
	return res.Value, nil
}

// CallRows runs a user function in FROM and returns its rows, each as
// wide as its result columns.
func CallRows(ctx *sql.Context, h Host, fn *catalog.Function, args []any) ([][]any, error) {
	res, err := Call(ctx, h, fn, args, nil)
	if err != nil {
		return nil, err
	}
	width := len((&translate.RoutineRows{RoutineCall: translate.RoutineCall{Fn: fn}}).RowColumns())
	if fn.ReturnsSet {
		out := make([][]any, len(res.Rows))
		for i, r := range res.Rows {
			out[i] = spreadRow(r, width)
		}
		return out, nil
	}
	if res.Null {
		return [][]any{make([]any, width)}, nil
	}
	return [][]any{spreadRow([]any{res.Value}, width)}, nil
}

// spreadRow turns a one-value row holding a composite into its fields
// when the result has several columns.
func spreadRow(r []any, width int) []any {
	if len(r) == 1 && width != 1 {
		if rec, ok := r[0].(*types.RecordVal); ok {
			return rec.Vals
		}
		if r[0] == nil {
			return make([]any, width)
		}
	}
	return r
}

// applyConfig applies a routine's SET clauses (proconfig) for the
// duration of a call and returns the function restoring the old values.
func applyConfig(h Host, fn *catalog.Function) (func(), error) {
	if len(fn.Config) == 0 {
		return func() {}, nil
	}
	type saved struct {
		name, val string
		had       bool
	}
	var olds []saved
	for _, c := range fn.Config {
		name, val, _ := strings.Cut(c, "=")
		old, had := h.SetLocalSetting(name, val, true)
		olds = append(olds, saved{name, old, had})
	}
	return func() {
		for i := len(olds) - 1; i >= 0; i-- {
			h.SetLocalSetting(olds[i].name, olds[i].val, olds[i].had)
		}
	}, nil
}

// regclassArgs are the OIDs of a routine's regclass arguments, read with
// the caller's search path, when the routine sets its own (nil
// otherwise). The engine keeps a regclass as the name its output
// prints, which depends on the search path, while PostgreSQL keeps the
// OID: format('%s', $1) in a function with an empty search_path prints
// public.t for the caller's t.
func regclassArgs(h Host, fn *catalog.Function, args []any) map[int]uint32 {
	if !setsSearchPath(fn) {
		return nil
	}
	env := h.TypesEnv()
	if env == nil || env.Relations == nil {
		return nil
	}
	var oids map[int]uint32
	i := 0
	for _, a := range fn.Args {
		if !a.Mode.IsInput() {
			continue
		}
		if i < len(args) && a.Type != nil && a.Type.Base().Kind == types.KindRegclass {
			if name, ok := args[i].(string); ok {
				if oid, err := env.Relations.RelationOID(name); err == nil && oid != 0 {
					if oids == nil {
						oids = map[int]uint32{}
					}
					oids[i] = oid
				}
			}
		}
		i++
	}
	return oids
}

// renameRegclassArgs is args with the regclass arguments of oids printed
// as the routine's search path prints them.
func renameRegclassArgs(h Host, args []any, oids map[int]uint32) []any {
	env := h.TypesEnv()
	out := append([]any(nil), args...)
	for i, oid := range oids {
		out[i] = env.Relations.RelationName(oid)
	}
	return out
}

func setsSearchPath(fn *catalog.Function) bool {
	for _, c := range fn.Config {
		if name, _, _ := strings.Cut(c, "="); strings.EqualFold(strings.TrimSpace(name), "search_path") {
			return true
		}
	}
	return false
}

func cancelError(err error) error {
	if err == context.DeadlineExceeded {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to statement timeout")
	}
	return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
}
