package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// UserAggregate is a resolved call of a CREATE AGGREGATE aggregate (docs
// 38.12, User-Defined Aggregates): its transition and final functions
// as expressions over a row holding the state followed by the call's
// arguments (AggSlot), so a built-in support function and a user routine
// run alike.
type UserAggregate struct {
	Result *types.Type
	// Init is the initial state (INITCOND read as the state type),
	// HasInit false when there is none.
	Init    any
	HasInit bool
	// Strict is the transition function's strictness: rows with a NULL
	// argument are skipped, and without INITCOND the first row's value
	// becomes the state.
	Strict bool
	Trans  sql.Expression
	// Final is nil without FINALFUNC (the state is the result);
	// FinalStrict skips it for a NULL state.
	Final       sql.Expression
	FinalStrict bool
}

// UserAggResolver resolves a call's aggregate among user aggregates for
// the argument types; nil with no error means none fits and the built-in
// aggregate of the name (if any) applies.
type UserAggResolver func(args []sql.Expression, ats []*types.Type) (*UserAggregate, []sql.Expression, error)

// AggSlot reads entry Index of the row a user aggregate's support
// function is evaluated over: 0 the state, then the arguments.
type AggSlot struct {
	base
	Index int
}

// NewAggSlot builds slot i of type t.
func NewAggSlot(i int, t *types.Type) *AggSlot {
	s := &AggSlot{Index: i}
	s.typ = t
	return s
}

func (s *AggSlot) Eval(_ *sql.Context, row sql.Row) (any, error) {
	if s.Index < len(row) {
		return row[s.Index], nil
	}
	return nil, nil
}
func (s *AggSlot) Children() []sql.Expression                             { return nil }
func (s *AggSlot) WithChildren(...sql.Expression) (sql.Expression, error) { return s, nil }
func (s *AggSlot) String() string                                         { return "$agg" + itoa(s.Index) }

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// userAggState runs a user aggregate over one group (advance_transition_function
// and finalize_aggregate's rules).
type userAggState struct {
	u     *UserAggregate
	state any
	// noValue: no INITCOND and no row stepped yet
	noValue bool
}

func newUserAggState(u *UserAggregate) *userAggState {
	return &userAggState{u: u, state: u.Init, noValue: !u.HasInit}
}

func (s *userAggState) step([]any) error { return nil } // stepCtx does the work

func (s *userAggState) final() (any, error) { return nil, nil }

func (s *userAggState) stepCtx(ctx *sql.Context, vals []any) error {
	if s.u.Strict {
		// NULL arguments were skipped by the buffer (aggDef.strict)
		if s.noValue {
			// the first row's value is the state (the transition type
			// is the input type: CREATE AGGREGATE checked)
			if len(vals) > 0 {
				s.state = vals[0]
			}
			s.noValue = false
			return nil
		}
		if s.state == nil {
			return nil
		}
	}
	row := make(sql.Row, 1+len(vals))
	row[0] = s.state
	copy(row[1:], vals)
	v, err := s.u.Trans.Eval(ctx, row)
	if err != nil {
		return err
	}
	s.state, s.noValue = v, false
	return nil
}

func (s *userAggState) finalCtx(ctx *sql.Context) (any, error) {
	if s.u.Final == nil {
		return s.state, nil
	}
	if s.u.FinalStrict && s.state == nil {
		return nil, nil
	}
	return s.u.Final.Eval(ctx, sql.Row{s.state})
}

// ctxState is an aggregate state whose steps run SQL (a user aggregate's
// support functions), so they need the statement's context.
type ctxState interface {
	stepCtx(ctx *sql.Context, vals []any) error
	finalCtx(ctx *sql.Context) (any, error)
}
