package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AggCarrier is the function name the translator gives every PostgreSQL
// aggregate and window call. GMS's planner recognises aggregates and window
// functions only by a fixed list of MySQL names; "first" is on both lists,
// and FunctionProvider's "first" builds the tinybase implementation the
// AggSpec in the first argument names.
const AggCarrier = "first"

// FrameBound is one end of a window frame (PostgreSQL docs 4.2.8).
type FrameBound uint8

const (
	BoundUnboundedPreceding FrameBound = iota
	BoundPreceding
	BoundCurrentRow
	BoundFollowing
	BoundUnboundedFollowing
)

// FrameSpec is a window frame clause. Without one, PostgreSQL frames RANGE
// BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (peers included).
type FrameSpec struct {
	Rows   bool // ROWS rather than RANGE
	Groups bool // GROUPS: offsets count peer groups
	// Exclude is the EXCLUDE option: 0 (NO OTHERS), 'c' (CURRENT ROW),
	// 'g' (GROUP) or 't' (TIES).
	Exclude    byte
	Start, End FrameBound
	// StartOff and EndOff index the offset expressions among the call's
	// arguments, -1 when the bound has none.
	StartOff, EndOff int
}

// AggSpec describes one aggregate or window function call as written: the
// translator builds it, and the arguments after it are, in order, the
// direct arguments, the FILTER condition and the ORDER BY keys, then the
// frame offsets.
type AggSpec struct {
	base
	Name     string
	Star     bool
	Distinct bool
	NArgs    int
	Filter   bool
	Order    []SortKey
	// WithinGroup marks an ordered-set aggregate: its state steps over
	// the direct arguments followed by the ORDER BY key.
	WithinGroup bool
	Window      bool
	Frame       *FrameSpec
	// Desc is the call as PostgreSQL would print it; GMS merges calls
	// with equal strings.
	Desc string
	// Level is the depth of the query level the call belongs to (1 at
	// the top). GMS looks a call's string up in enclosing scopes too, so
	// the string carries the level below the top: a subquery's count(*)
	// is not the outer query's.
	Level int
	// User resolves the call among user-defined aggregates of the name
	// (CREATE AGGREGATE), before the built-in one.
	User UserAggResolver
}

// SortKey is the direction of one ORDER BY key inside an aggregate call.
type SortKey struct {
	Desc, NullsFirst bool
}

// NewAggSpec builds the spec literal.
func NewAggSpec(s AggSpec) *AggSpec {
	s.typ = types.Unknown
	return &s
}

func (s *AggSpec) Eval(*sql.Context, sql.Row) (any, error)                { return nil, nil }
func (s *AggSpec) Children() []sql.Expression                             { return nil }
func (s *AggSpec) WithChildren(...sql.Expression) (sql.Expression, error) { return s, nil }
func (s *AggSpec) String() string                                         { return "'" + s.Desc + "'" }

// FunctionProvider supplies the functions GMS's planner looks up by name
// that tinybase implements itself: the aggregate carrier.
type FunctionProvider struct{}

// Function implements sql.FunctionProvider.
func (FunctionProvider) Function(_ *sql.Context, name string) (sql.Function, bool) {
	if strings.EqualFold(name, AggCarrier) {
		return sql.FunctionN{Name: AggCarrier, Fn: newAggregateCall}, true
	}
	return nil, false
}

func newAggregateCall(args ...sql.Expression) (sql.Expression, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("expr: %s without a spec", AggCarrier)
	}
	spec, ok := args[0].(*AggSpec)
	if !ok {
		return nil, pgerror.New(pgerror.UndefinedFunction, "function first() does not exist")
	}
	return NewAggregate(spec, args[1:])
}
