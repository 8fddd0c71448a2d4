package session

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/hypo"
)

// HypoIndexes is the session's hypothetical indexes (the hypopg
// extension): they live as long as the session, outside the catalog and
// the transaction.
func (s *Session) HypoIndexes() *hypo.Set { return &s.hypo }

// withHypothetical is gctx carrying the hypothetical indexes a plain
// EXPLAIN plans with, as hypopg adds them to the planner's view of their
// tables for EXPLAIN without ANALYZE only: the B-tree ones over plain
// columns and without a predicate (the kind the access paths use), less
// the hidden ones; hidden real indexes are left out of the plan.
func (s *Session) withHypothetical(gctx *sql.Context) *sql.Context {
	if s.hypo.Empty() {
		return gctx
	}
	var out []gmsadapter.HypotheticalIndex
	for _, ix := range s.hypo.List() {
		if ix.AM != "btree" || !ix.Plain() || s.hypo.IsHidden(ix.OID) {
			continue
		}
		cols := make([]string, len(ix.Keys))
		for i, k := range ix.Keys {
			cols[i] = k.Column
		}
		out = append(out, gmsadapter.HypotheticalIndex{Name: ix.Name, Schema: ix.Schema, Table: ix.Table, Columns: cols, Unique: ix.Unique})
	}
	for _, r := range s.hypo.HiddenReal() {
		out = append(out, gmsadapter.HypotheticalIndex{Name: r.Name, Schema: r.Schema, Table: r.Table, Hide: true})
	}
	return gmsadapter.WithHypothetical(gctx, out)
}
