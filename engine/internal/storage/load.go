package storage

import (
	"fmt"
	"iter"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
)

// A restart's big tables are loaded after the engine opens (issue 18's
// ready-in-200-ms target): the first statements, which seldom touch them,
// need not wait for their trees. Their versions in the committed state are
// filled in place while a loadGate is open; every access to their rows
// from another transaction (a read through Table.current, a write, a
// clone for a write, an image for a checkpoint) waits for the gate first,
// so no statement sees a partly loaded table, and a failed load is that
// access's error.

// loadGate is a table version's pending load.
type loadGate struct {
	done     chan struct{} // closed when the load has ended
	finished atomic.Bool   // done is closed: the common case needs no channel
	err      error         // the load's error, set before finished
}

// ready waits until td's rows are all there and returns the load's error.
func (td *tableData) ready() error {
	g := td.pending
	if g == nil {
		return nil
	}
	if !g.finished.Load() {
		<-g.done
	}
	return g.err
}

// readyFor is ready for t's access to td: a version t may write is t's own
// (the transaction that defers a load writes it before committing).
func (td *tableData) readyFor(t *Txn) error {
	if td.writableBy(t) {
		return nil
	}
	return td.ready()
}

// DeferLoad empties table schema.name in t, as LoadRows does, and returns
// the function that fills it: called once, after t has committed (from any
// goroutine), with the rows LoadRows would have been given and the
// function that ends their producer and returns its error (a producer
// that failed stops yielding: the load fails with its error). Until load
// returns, other transactions' accesses to the table's rows wait for it,
// then fail with its error if it failed; nil rows fail it (t did not
// commit). ok is false (nothing done) for a
// table that must be loaded by LoadRows: one without a primary key, or
// with an index whose key or predicate is an expression (evaluating it
// needs a statement's context, which a load after the commit lacks).
func (t *Txn) DeferLoad(ctx *sql.Context, schema, name string) (load func(rows iter.Seq[[]sql.Row], done func() error) error, ok bool, err error) {
	defer guard(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	cur, found := t.root.table(schema, name)
	if !found {
		return nil, false, fmt.Errorf("storage: loading rows: table %s.%s does not exist", schema, name)
	}
	if !loadableLater(cur.def) {
		return nil, false, nil
	}
	td, err := t.recovering(schema, name, "loading rows")
	if err != nil {
		return nil, false, err
	}
	defer func() { t.quiet = false }()
	if !loadableLater(td.def) { // the resolved definition
		return nil, false, nil
	}
	td.truncate(true)
	t.xidLocked() // the rows' xmin: assigned now, read by the load after the commit
	g := &loadGate{done: make(chan struct{})}
	td.pending = g
	load = func(rows iter.Seq[[]sql.Row], done func() error) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("storage: loading rows into %s.%s: %v", schema, name, r)
			}
			if derr := done(); derr != nil {
				err = derr // the cause: the load saw the rows stop
			}
			g.err = err
			g.finished.Store(true)
			close(g.done)
		}()
		if rows == nil {
			return fmt.Errorf("storage: loading rows into %s.%s: abandoned", schema, name)
		}
		if err := td.loadBulk(ctx, rows, true); err != nil {
			return fmt.Errorf("storage: loading rows into %s.%s: %w", schema, name, err)
		}
		return nil
	}
	return load, true, nil
}

// loadableLater reports whether a table of definition d can be loaded
// after its transaction commits (DeferLoad).
func loadableLater(d *tableDef) bool {
	if d.keyless() {
		return false
	}
	for _, ix := range d.indexes {
		if ix.key != nil || ix.where != nil || len(ix.keyText) > 0 || ix.whereText != "" {
			return false
		}
	}
	return true
}
