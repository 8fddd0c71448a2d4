package dml

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// Transition tables (docs: CREATE TRIGGER, REFERENCING; 39.1): an AFTER
// trigger declared with REFERENCING OLD TABLE AS o / NEW TABLE AS n sees
// every row its statement deleted / inserted or updated as the relations
// o and n, by unqualified name, while it runs.
//
// The write's triggerIter gathers the rows in the firing set (old and new
// as stored, after BEFORE triggers); the AFTER firings run once the
// statement finished, so they see all of them. While a firing's function
// runs, the session lists its relations (routineState.transition) and
// storage resolves those names first (storage.EphemeralTables, which the
// session implements with EphemeralTable); the table
// reads its rows from the session when scanned, so a body statement
// prepared once reads each firing's rows.

// TransitionRel is one visible transition table.
type TransitionRel struct {
	name string
	sch  sql.Schema
	rows [][]any
}

// gather records one written row for the transition tables.
func (fs *firingSet) gather(oldVals, newVals []any) {
	if oldVals != nil {
		fs.oldRows = append(fs.oldRows, oldVals)
	}
	if newVals != nil {
		fs.newRows = append(fs.newRows, newVals)
	}
}

// callTrigger runs one queued AFTER firing with its transition tables
// visible.
func callTrigger(h Host, ctx *sql.Context, fs *firingSet, tg *catalog.Trigger, newVals, oldVals []any) (any, error) {
	if tg.OldTable != "" || tg.NewTable != "" {
		rels := h.TransitionTables()
		n := len(*rels)
		if tg.OldTable != "" {
			*rels = append(*rels, TransitionRel{name: tg.OldTable, sch: fs.sch, rows: fs.oldRows})
		}
		if tg.NewTable != "" {
			*rels = append(*rels, TransitionRel{name: tg.NewTable, sch: fs.sch, rows: fs.newRows})
		}
		defer func() { *rels = (*rels)[:n] }()
	}
	return h.CallTriggerFunction(ctx, fs.fns[tg.Function], fs.data(tg, newVals, oldVals))
}

// EphemeralTable is the transition table visible under name, for the
// session's storage.EphemeralTables.
func EphemeralTable(h Host, name string) (sql.Table, bool) {
	rels := *h.TransitionTables()
	for i := len(rels) - 1; i >= 0; i-- {
		r := rels[i]
		if r.name != name {
			continue
		}
		sch := make(sql.Schema, len(r.sch))
		for j, c := range r.sch {
			sch[j] = &sql.Column{Name: c.Name, Type: c.Type, Nullable: true, Source: name}
		}
		return &transitionTable{name: name, sch: sch}, true
	}
	return nil, false
}

// transitionTable is a transition table as GMS sees it: read-only, its
// rows read from the session when scanned.
type transitionTable struct {
	name string
	sch  sql.Schema
}

var _ sql.Table = (*transitionTable)(nil)

func (t *transitionTable) Name() string               { return t.name }
func (t *transitionTable) String() string             { return t.name }
func (t *transitionTable) Schema() sql.Schema         { return t.sch }
func (t *transitionTable) Collation() sql.CollationID { return sql.Collation_Default }

// Partitions implements sql.Table: one partition.
func (t *transitionTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return &onePartition{}, nil
}

// PartitionRows implements sql.Table.
func (t *transitionTable) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	h, ok := hostOf(ctx)
	if !ok {
		return sql.RowsToRowIter(), nil
	}
	rels := *h.TransitionTables()
	for i := len(rels) - 1; i >= 0; i-- {
		if r := rels[i]; r.name == t.name {
			out := make([]sql.Row, len(r.rows))
			for j, row := range r.rows {
				out[j] = sql.NewRow(row...)
			}
			return sql.RowsToRowIter(out...), nil
		}
	}
	return sql.RowsToRowIter(), nil
}

type wholePartition struct{}

func (wholePartition) Key() []byte { return []byte("all") }

type onePartition struct{ done bool }

func (p *onePartition) Next(*sql.Context) (sql.Partition, error) {
	if p.done {
		return nil, io.EOF
	}
	p.done = true
	return wholePartition{}, nil
}

func (p *onePartition) Close(*sql.Context) error { return nil }
