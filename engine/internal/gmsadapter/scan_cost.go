package gmsadapter

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Size-aware scans. An IndexScan that no ORDER BY relies on chooses, each
// time it starts, how to read its rows, by PostgreSQL's cost model
// (costsize.c: cost_seqscan, cost_index, cost_bitmap_heap_scan, with
// btcostestimate's index costs) over the table's current size:
//
//   - Index Scan: rows in index order (few rows of a big table);
//   - Bitmap Heap Scan: the index finds the rows, which come back in heap
//     order (storage.HeapOrderRows);
//   - Seq Scan: every row, in heap order, kept by the scan's conditions.
//
// PostgreSQL returns the rows of the last two in physical order, so a
// query without ORDER BY over a small table gets PostgreSQL's order, not
// the index's. Choosing at run time from the live row count means a plan
// cached while a table was empty adapts as it fills, with no re-planning.

type scanMode uint8

const (
	modeIndex scanMode = iota
	modeBitmap
	modeSeq
)

// PostgreSQL's default cost settings (postgresql.conf).
const (
	seqPageCost       = 1.0
	randomPageCost    = 4.0
	cpuTupleCost      = 0.01
	cpuIndexTupleCost = 0.005
	cpuOperatorCost   = 0.0025
	blockSize         = 8192
	pageHeader        = 24
	tupleOverhead     = 24 + 4 // heap tuple header (MAXALIGNed) and line pointer
	indexTupleExtra   = 8 + 4  // index tuple header and line pointer
)

// uniquePoint reports whether the scan fixes every column of a unique
// index: at most one row, which an index scan finds fastest at any size.
func (s *IndexScan) uniquePoint() bool {
	return len(s.Eq) == len(s.types) && s.Index.IsUnique() && !hasNilKey(s.Eq)
}

func hasNilKey(keys []sql.Expression) bool {
	for _, k := range keys {
		if k == nil {
			return true
		}
	}
	return false
}

// relSize is a table's size as PostgreSQL's planner would see it.
type relSize struct {
	tuples, pages float64
	live          float64 // the rows the table holds (its indexes' size)
}

// sizeOf estimates r's pages from its rows' widths (tinybase has no
// pages). A table never analyzed that is smaller than 10 pages counts as
// 10 pages full of rows, as PostgreSQL assumes for a relation VACUUM and
// ANALYZE have not seen (table_block_relation_estimate_size), so that a
// freshly filled table is not taken for an empty one.
func sizeOf(r *relStats, schema sql.Schema) relSize {
	w := 0.0
	for _, c := range schema {
		if cs := r.column(c.Name); cs != nil {
			w += float64(cs.AvgWidth)
		} else if t, ok := c.Type.(*types.Type); ok && t.Len > 0 {
			w += float64(t.Len)
		} else {
			w += 32
		}
	}
	perPage := math.Max(1, math.Floor((blockSize-pageHeader)/(w+tupleOverhead)))
	out := relSize{tuples: r.rows, pages: math.Max(1, math.Ceil(r.rows/perPage)), live: r.rows}
	if r.stats == nil && out.pages < 10 {
		out.pages = 10
		out.tuples = math.Max(r.rows, 10*perPage)
	}
	return out
}

// pagesFetched is the Mackert-Lohman estimate of the distinct heap pages
// touched fetching tuples rows of a pages-page table in random order
// (index_pages_fetched, for a table within effective_cache_size).
func pagesFetched(tuples, pages float64) float64 {
	if pages <= 0 {
		return 0
	}
	pf := 2 * pages * tuples / (2*pages + tuples)
	return math.Ceil(math.Min(pf, pages))
}

// scanCosts are the total costs of the three ways to read sel of a table
// through an index with nPoints descents and quals conditions.
func scanCosts(sz relSize, sel float64, nPoints int, keyCols int, quals int) (index, bitmap, seq float64) {
	q := float64(quals)
	seq = sz.pages*seqPageCost + sz.tuples*(cpuTupleCost+cpuOperatorCost*q)
	fetched := math.Max(1, math.Round(sel*sz.tuples))
	// an index's pages are its real size: PostgreSQL assumes 10 pages
	// only of a table
	indexPages := math.Max(1, math.Ceil(sz.live*float64(8*keyCols+indexTupleExtra)/(blockSize*0.9)))
	descents := math.Max(1, float64(nPoints))
	// btcostestimate: the pages and tuples the conditions select, and each
	// descent's comparisons (log2 of the tuples) and per-level cost
	idxPages := math.Max(descents, math.Ceil(fetched*indexPages/math.Max(1, sz.tuples)))
	height := math.Max(0, math.Ceil(math.Log(indexPages)/math.Log(256)))
	descent := descents * (math.Ceil(math.Log2(math.Max(2, sz.tuples)))*cpuOperatorCost + (height+1)*50*cpuOperatorCost)
	idx := descent + idxPages*randomPageCost + fetched*(cpuIndexTupleCost+cpuOperatorCost*q)
	pf := pagesFetched(fetched, sz.pages)
	// uncorrelated heap order (tinybase keeps no correlation statistic):
	// PostgreSQL's max_IO
	index = idx + pf*randomPageCost + fetched*cpuTupleCost
	perPage := randomPageCost
	if pf >= 2 {
		perPage = randomPageCost - (randomPageCost-seqPageCost)*math.Sqrt(pf/sz.pages)
	}
	bitmap = idx + 0.1*cpuOperatorCost*fetched + pf*perPage + fetched*(cpuTupleCost+cpuOperatorCost*q)
	return index, bitmap, seq
}

// mode chooses how the scan reads its table this time.
func (s *IndexScan) mode(ctx *sql.Context) scanMode {
	return s.modeWith(ctx, nil)
}

// modeWith is mode keeping the = ANY points it evaluates in pts (nil:
// not kept).
func (s *IndexScan) modeWith(ctx *sql.Context, pts *pointsValue) scanMode {
	if s.Ordered || s.uniquePoint() {
		return modeIndex
	}
	var st *storage.Table
	switch t := s.Table.UnderlyingTable().(type) {
	case *storage.Table:
		st = t
	case *storage.IndexedTable:
		st = t.Table
	default:
		return modeIndex
	}
	stats, live, err := st.Stats(ctx)
	if err != nil {
		return modeIndex
	}
	if pts == nil {
		pts = &pointsValue{}
	}
	e := &explainer{ctx: ctx, points: pts}
	r := &relStats{rows: float64(live), stats: stats, table: st}
	sz := sizeOf(r, s.Table.Schema())
	// a unique column's selectivity (1 / rows) is of the rows PostgreSQL
	// would assume
	r.rows = sz.tuples
	sel := e.indexSel(r, s)
	nPoints := 1
	if s.Points != nil {
		nPoints = 10
		if v, ok := e.pointsOf(s); ok {
			if a, ok := v.(*types.Array); ok {
				nPoints = len(a.Values)
			}
		}
	}
	index, bitmap, seq := scanCosts(sz, sel, nPoints, len(s.Eq)+1, len(s.Conds))
	return cheapest(index, bitmap, seq)
}

// cheapest picks among the three paths as PostgreSQL's add_path does:
// total costs within 1% of each other count as equal (STD_FUZZ_FACTOR),
// and then the path that starts sooner wins, which orders them Seq Scan
// (no startup cost), Index Scan (one descent), Bitmap Heap Scan (the
// whole index scan first).
func cheapest(index, bitmap, seq float64) scanMode {
	const fuzz = 1.01
	mode, best := modeSeq, seq
	if index*fuzz < best {
		mode, best = modeIndex, index
	}
	if bitmap*fuzz < best {
		mode = modeBitmap
	}
	return mode
}
