package gmsadapter

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Hypothetical indexes (the hypopg extension): indexes that exist only in
// one session's memory and only for the planning of a plain EXPLAIN —
// hypopg adds them to the planner's view of a table when the statement is
// an EXPLAIN without ANALYZE, so nothing ever reads them. The session
// hands the ones in force to the access-path rule through the context of
// that EXPLAIN (WithHypothetical); bestScan and fullScanFor consider them
// beside the table's real indexes, and EXPLAIN prints their names.

// HypotheticalIndex is one hypothetical B-tree index over plain columns,
// or, with Hide set, a real index EXPLAIN plans without
// (hypopg_hide_index).
type HypotheticalIndex struct {
	// Name is hypopg's name (<oid>btree_table_col), or the real index's.
	Name          string
	Schema, Table string
	Columns       []string
	Unique        bool
	Hide          bool
}

type hypotheticalKey struct{}

// WithHypothetical returns ctx carrying the hypothetical indexes a plain
// EXPLAIN plans with.
func WithHypothetical(ctx *sql.Context, idx []HypotheticalIndex) *sql.Context {
	if len(idx) == 0 {
		return ctx
	}
	return ctx.WithContext(context.WithValue(ctx.Context, hypotheticalKey{}, idx))
}

// withHypothetical is rt's indexes with the hypothetical ones ctx carries
// for its table added and the hidden ones left out.
func withHypothetical(ctx *sql.Context, rt *plan.ResolvedTable, indexes []sql.Index) []sql.Index {
	idx, _ := ctx.Value(hypotheticalKey{}).([]HypotheticalIndex)
	if len(idx) == 0 {
		return indexes
	}
	t, ok := rt.UnderlyingTable().(interface {
		SchemaName() string
		Name() string
	})
	if !ok {
		return indexes
	}
	hidden := map[string]bool{}
	var added []sql.Index
	for i := range idx {
		if idx[i].Schema != t.SchemaName() || idx[i].Table != t.Name() {
			continue
		}
		if idx[i].Hide {
			hidden[idx[i].Name] = true
			continue
		}
		added = append(added, &hypoIndex{h: &idx[i], db: rt.Database().Name()})
	}
	if len(hidden) == 0 {
		return append(indexes, added...)
	}
	e := &explainer{ctx: ctx}
	out := make([]sql.Index, 0, len(indexes)+len(added))
	for _, ix := range indexes {
		if !hidden[e.indexName(rt.UnderlyingTable(), ix)] {
			out = append(out, ix)
		}
	}
	return append(out, added...)
}

// hypoIndex is a HypotheticalIndex as GMS's index interface, for the
// access-path rule's choice only: no lookup is ever built on it.
type hypoIndex struct {
	h  *HypotheticalIndex
	db string
}

var _ sql.Index = (*hypoIndex)(nil)

func (x *hypoIndex) ID() string       { return x.h.Name }
func (x *hypoIndex) Database() string { return x.db }
func (x *hypoIndex) Table() string    { return x.h.Table }
func (x *hypoIndex) Expressions() []string {
	out := make([]string, len(x.h.Columns))
	for i, c := range x.h.Columns {
		out[i] = x.h.Table + "." + c
	}
	return out
}
func (x *hypoIndex) IsUnique() bool          { return x.h.Unique }
func (x *hypoIndex) IsSpatial() bool         { return false }
func (x *hypoIndex) IsFullText() bool        { return false }
func (x *hypoIndex) IsVector() bool          { return false }
func (x *hypoIndex) Comment() string         { return "" }
func (x *hypoIndex) IndexType() string       { return "BTREE" }
func (x *hypoIndex) IsGenerated() bool       { return false }
func (x *hypoIndex) PrefixLengths() []uint16 { return nil }
func (x *hypoIndex) ColumnExpressionTypes() []sql.ColumnExpressionType {
	return nil
}
func (x *hypoIndex) CanSupport(*sql.Context, ...sql.Range) bool { return false }
func (x *hypoIndex) CanSupportOrderBy(sql.Expression) bool      { return false }

// hypoName is a hypothetical index's name as EXPLAIN prints it: quoted,
// as PostgreSQL quotes an identifier with `<` and `>`; ok is false for a
// real index.
func hypoName(ix sql.Index) (string, bool) {
	x, ok := ix.(*hypoIndex)
	if !ok {
		return "", false
	}
	return `"` + strings.ReplaceAll(x.h.Name, `"`, `""`) + `"`, true
}

// unquoteName undoes hypoName for JSON's "Index Name", which PostgreSQL
// gives unquoted.
func unquoteName(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
	}
	return s
}

// unhideAll applies unhide when this EXPLAIN hides indexes.
func (p *pathPlanner) unhideAll(n sql.Node) (sql.Node, transform.TreeIdentity) {
	if idx, _ := p.ctx.Value(hypotheticalKey{}).([]HypotheticalIndex); len(idx) == 0 {
		return n, transform.SameTree
	}
	out, same, err := transform.NodeWithOpaque(n, p.unhide)
	if err != nil {
		return n, transform.SameTree
	}
	return out, same
}

// unhide turns a constant lookup GMS made on an index hidden from this
// EXPLAIN back into a filter over the table, which the access paths then
// plan with the indexes left.
func (p *pathPlanner) unhide(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ita, ok := n.(*plan.IndexedTableAccess)
	if !ok || !ita.IsStatic() || !hiddenIndex(p.ctx, ita) {
		return n, transform.SameTree, nil
	}
	rt, _, conds := p.staticConds(ita)
	if rt == nil || len(conds) == 0 {
		return n, transform.SameTree, nil
	}
	schema := rt.Schema()
	parts := make([]sql.Expression, len(conds))
	for i, c := range conds {
		parts[i] = staticExpr(c, schema)
	}
	return plan.NewFilter(expression.JoinAnd(parts...), rt), transform.NewTree, nil
}

// hiddenIndex reports whether a GMS lookup reads an index hidden from
// this EXPLAIN.
func hiddenIndex(ctx *sql.Context, ita *plan.IndexedTableAccess) bool {
	idx, _ := ctx.Value(hypotheticalKey{}).([]HypotheticalIndex)
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if len(idx) == 0 || !ok {
		return false
	}
	t, ok := rt.UnderlyingTable().(interface {
		SchemaName() string
		Name() string
	})
	if !ok {
		return false
	}
	name := (&explainer{ctx: ctx}).indexName(rt.UnderlyingTable(), ita.Index())
	for _, h := range idx {
		if h.Hide && h.Schema == t.SchemaName() && h.Table == t.Name() && h.Name == name {
			return true
		}
	}
	return false
}
