package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// A filter over a shared sequential scan (an aggregate's input, a top-N
// sort's, the inner side of a hashed IN or EXISTS) tests every row of the
// table: at 100k rows GMS's FilterIter — an iterator call per row, the
// condition's Eval reading its parameter from the context and the session's
// environment for each row — cost as much as the scan itself. Where the
// condition compiles to a row test (expr.ScanFilter: a column compared
// with a constant or a parameter, a boolean column, ANDs of those), the
// scan applies it to the rows it reads, as PostgreSQL's Seq Scan applies
// its Filter, and the filter needs no iterator. EXPLAIN ANALYZE, which
// counts the filter's rows, keeps the FilterIter.
//
// A filter over an index scan (`where published and id > $1 order by id`)
// is applied the same way: the cursor tests the rows it reads, instead of
// a FilterIter evaluating the condition through Eval for each.
//
// A filter over a plain sequential scan (a join's filtered side: `users
// where name = $1` under a join) is applied the same way, before the
// scan copies a row: GMS's scan copied each of the table's rows for the
// filter to reject all but a few.

// filteredScan is a scan that can apply a filter itself (storage's
// rowIter).
type filteredScan interface {
	sql.RowIter
	Filter(pred func(sql.Row) bool)
}

// buildScanFilter returns f's rows as a filtered scan, or ok false when
// f is not a compilable filter over a shared scan.
func (b *projectBuilder) buildScanFilter(ctx *sql.Context, f *plan.Filter, row sql.Row) (_ sql.RowIter, ok bool, err error) {
	if _, inst := ctx.Value(instrumentKey{}).(*Instrument); inst {
		return nil, false, nil
	}
	child := f.Child
	for {
		a, isAlias := child.(*plan.TableAlias)
		if !isAlias {
			break
		}
		child = a.Child
	}
	var table *storage.Table // a scan that copies the rows it hands out
	switch c := child.(type) {
	case *SharedScan:
	case *IndexScan:
		// a range scan's filter on the rows it returns (`where published
		// and id > $1`); an OFFSET pushed into the scan counts the rows
		// before this filter, and a subquery's rows carry the outer row
		if c.Skip != nil || len(row) != 0 {
			return nil, false, nil
		}
	case *plan.ResolvedTable:
		st, isStored := c.Table.(*storage.Table)
		if !isStored || len(row) != 0 {
			return nil, false, nil
		}
		table = st
	default:
		return nil, false, nil
	}
	test, ok := expr.ScanFilter(ctx, f.Expression, b.isParam)
	if !ok {
		return nil, false, nil
	}
	var iter sql.RowIter
	if table != nil {
		iter, err = table.Rows(ctx)
	} else {
		if scan, isScan := child.(*IndexScan); isScan {
			if h, isHost := ctx.Session.(Host); isHost {
				// the scan applies the test from its first chunk on
				// (IndexScan.early)
				signed := h.SignedOutput()
				signed.filterScan, signed.filter = scan, test
				defer func() { signed.filterScan, signed.filter = nil, nil }()
			}
		}
		iter, err = b.base.Build(ctx, f.Child, row)
	}
	if err != nil {
		return nil, true, err
	}
	fs, ok := iter.(filteredScan)
	if !ok {
		return plan.NewFilterIter(f.Expression, iter), true, nil
	}
	fs.Filter(test)
	return fs, true, nil
}
