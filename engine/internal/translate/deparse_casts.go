package translate

import (
	"fmt"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// libpg_query's deparser prints a cast as X::T without parentheses around
// X unless X is an operator expression, so `(ts AT TIME ZONE 'UTC')::date`
// came back as `ts AT TIME ZONE 'UTC'::date`, which casts 'UTC' instead.
// Expressions kept as text (partition keys, index keys, CHECKs) are read
// again from that text, so such casts are printed as CAST(X AS T).

// deparseCastSafe prints expression n with deparse, every cast of an
// argument the deparser would not parenthesize written as CAST(X AS T).
func deparseCastSafe(n *pg.Node, deparse func(*pg.Node) string) string {
	if !hasNode(n, func(m any) bool { tc, ok := m.(*pg.TypeCast); return ok && pgtree.CastArgNeedsParens(tc.Arg) }) {
		return deparse(n)
	}
	c := pgtree.Clone(n)
	var subs []string
	pgtree.Walk(c, func(m any) bool {
		nd, ok := m.(*pg.Node)
		if !ok {
			return true
		}
		tc := nd.GetTypeCast()
		if tc == nil || !pgtree.CastArgNeedsParens(tc.Arg) {
			return true
		}
		hole := fmt.Sprintf("tinybase_cast_hole_%d", len(subs))
		typ := deparse(&pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: columnRefNode(hole), TypeName: tc.TypeName, Location: -1}}})
		typ, ok = strings.CutPrefix(typ, hole+"::")
		if !ok {
			return true
		}
		subs = append(subs, "CAST("+deparseCastSafe(tc.Arg, deparse)+" AS "+typ+")")
		nd.Node = columnRefNode(hole).Node
		return true
	})
	out := deparse(c)
	for i := len(subs) - 1; i >= 0; i-- {
		out = strings.Replace(out, fmt.Sprintf("tinybase_cast_hole_%d", i), subs[i], 1)
	}
	return out
}

func columnRefNode(name string) *pg.Node {
	return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode(name)}, Location: -1}}}
}
