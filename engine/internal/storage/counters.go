package storage

import (
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
)

// Cumulative statistics (PostgreSQL docs 28.2.2; pg_stat_user_tables and
// pg_stat_user_indexes): the scans of each table and index and the rows
// they read, and the rows inserted, updated and deleted. Unlike rows,
// these are not transactional: a scan or a write counts when it happens,
// whether its transaction commits or not, as PostgreSQL's counters do.
// So one set is shared by every version of a table, from its creation, or
// the store's opening, on.

// tableCounts are one table's counters.
type tableCounts struct {
	seqScan, seqTupRead, idxScan, idxTupFetch atomic.Int64
	ins, upd, del                             atomic.Int64

	indexes sync.Map // index name → *indexCounts; read without a lock by every lookup
}

// indexCounts are one index's: scans, and the entries they read.
type indexCounts struct {
	scans, read atomic.Int64
}

// index returns the counters of the named index, made on first use.
func (c *tableCounts) index(name string) *indexCounts {
	if ic, ok := c.indexes.Load(name); ok {
		return ic.(*indexCounts)
	}
	ic, _ := c.indexes.LoadOrStore(name, &indexCounts{})
	return ic.(*indexCounts)
}

// scanStarted counts a scan of the named index (the primary key's under
// pkIndexID; "": the heap) and returns the counters of the entries it
// reads (tally).
func (td *tableData) scanStarted(index string) [2]*atomic.Int64 {
	c := td.counts
	if index == "" {
		c.seqScan.Add(1)
		return [2]*atomic.Int64{&c.seqTupRead}
	}
	if index == pkIndexID {
		index = td.def.pkName
	}
	ic := c.index(index)
	c.idxScan.Add(1)
	ic.scans.Add(1)
	return [2]*atomic.Int64{&c.idxTupFetch, &ic.read}
}

// countLookup counts a lookup of index that found n rows at once. In
// BySeq order it stands for the sequential scan PostgreSQL would make,
// which reads every row, and is counted as one.
func (td *tableData) countLookup(index string, order RowOrder, n int) {
	if order == BySeq {
		tally(td.scanStarted(""), td.rowCount())
		return
	}
	tally(td.scanStarted(index), n)
}

// tally adds n entries read to a scan's counters.
func tally(to [2]*atomic.Int64, n int) {
	for _, c := range to {
		if c != nil {
			c.Add(int64(n))
		}
	}
}

// modified counts a row change, in the rows modified since ANALYZE
// (autoanalyze.go) and in counter c, unless the write is no row change (a
// table rewrite, recovery: Txn.quiet).
func (td *tableData) modified(c *atomic.Int64) {
	td.mods++
	if !td.owner.quiet {
		c.Add(1)
	}
}

// CountRows is RowCount for a count(*) of the whole table, which stands for
// the sequential scan PostgreSQL makes: it is counted as one.
func (h *Table) CountRows(ctx *sql.Context) (uint64, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return 0, err
	}
	defer t.mu.Unlock()
	n := td.rowCount()
	tally(td.scanStarted(""), n)
	return uint64(n), nil
}

// TableCounts is a table's counters as pg_stat_user_tables shows them.
type TableCounts struct {
	SeqScan, SeqTupRead, IdxScan, IdxTupFetch int64
	Inserted, Updated, Deleted                int64
	// Indexes are each index's scans and entries read, by index name;
	// an index never scanned is missing.
	Indexes map[string]IndexCounts
}

// IndexCounts is an index's counters as pg_stat_user_indexes shows them.
type IndexCounts struct{ Scans, Read int64 }

// Counts returns the table's counters.
func (h *Table) Counts(ctx *sql.Context) (TableCounts, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return TableCounts{}, err
	}
	c := td.counts
	t.mu.Unlock()
	out := TableCounts{SeqScan: c.seqScan.Load(), SeqTupRead: c.seqTupRead.Load(), IdxScan: c.idxScan.Load(),
		IdxTupFetch: c.idxTupFetch.Load(), Inserted: c.ins.Load(), Updated: c.upd.Load(), Deleted: c.del.Load()}
	c.indexes.Range(func(name, v any) bool {
		if out.Indexes == nil {
			out.Indexes = map[string]IndexCounts{}
		}
		ic := v.(*indexCounts)
		out.Indexes[name.(string)] = IndexCounts{Scans: ic.scans.Load(), Read: ic.read.Load()}
		return true
	})
	return out, nil
}
