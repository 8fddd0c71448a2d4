package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// ruleJSONBHashKeys makes jsonb join keys hashable. A hash join's lookup
// (plan.HashLookup) keys a Go map by the key's value itself, and a jsonb
// document holds a slice (the map panics: XX000 "hash of unhashable
// type") or an object pointer (equal documents never match). Each jsonb
// key is read through its JSONBKey text instead; the join condition is
// still checked on the rows a key finds.
const ruleJSONBHashKeys analyzer.RuleId = 10033

func jsonbHashKeys(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		hl, ok := n.(*plan.HashLookup)
		if !ok {
			return n, transform.SameTree, nil
		}
		right, sameR := jsonbKeys(hl.RightEntryKey)
		left, sameL := jsonbKeys(hl.LeftProbeKey)
		if sameR && sameL {
			return n, transform.SameTree, nil
		}
		out, err := hl.WithExpressions(right, left)
		return out, transform.NewTree, err
	})
}

// jsonbKeys wraps the jsonb elements of a hash key (a tuple) in jsonbKey.
func jsonbKeys(k sql.Expression) (sql.Expression, bool) {
	t, ok := k.(expression.Tuple)
	if !ok {
		return k, true
	}
	out := make(expression.Tuple, len(t))
	same := true
	for i, e := range t {
		out[i] = e
		if typ, ok := e.Type().(*types.Type); ok && typ.Kind == types.KindJSONB {
			out[i], same = &jsonbKey{expression.UnaryExpression{Child: e}}, false
		}
	}
	return out, same
}

// jsonbKey evaluates a jsonb expression to its JSONBKey text.
type jsonbKey struct{ expression.UnaryExpression }

var _ sql.Expression = (*jsonbKey)(nil)

func (k *jsonbKey) Type() sql.Type   { return gmstypes.LongText }
func (k *jsonbKey) String() string   { return k.Child.String() }
func (k *jsonbKey) IsNullable() bool { return k.Child.IsNullable() }

func (k *jsonbKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := k.Child.Eval(ctx, row)
	if d, ok := v.(types.JSONDoc); ok && err == nil {
		return types.JSONBKey(d.V), nil
	}
	return v, err
}

func (k *jsonbKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(k, len(children), 1)
	}
	return &jsonbKey{expression.UnaryExpression{Child: children[0]}}, nil
}
