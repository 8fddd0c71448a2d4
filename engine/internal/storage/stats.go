package storage

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Statistics (PostgreSQL docs 25.1.3, "Updating Planner Statistics", and
// chapter 53's pg_statistic): the live row count of a table version is
// always known (its primary tree's length); ANALYZE adds, per column, what
// PostgreSQL's analyze.c computes — the fraction of NULLs, the average
// stored width, the number of distinct values (stadistinct: a count, or
// minus a fraction of the rows when the count is expected to grow with
// the table) and the most common values with their frequencies. The
// statistics live on the table version, so they roll back with the
// transaction that computed them and snapshots carry them. A commit that
// changed them makes the data directory write a checkpoint, which holds
// them (stats_persist.go).

// analyzeSampleRows is PostgreSQL's sample size at the default
// statistics target (300 × default_statistics_target 100).
const analyzeSampleRows = 30000

// analyzeMaxMCV is the longest most-common-values list
// (default_statistics_target).
const analyzeMaxMCV = 100

// TableStats are a table's statistics as of its last ANALYZE.
type TableStats struct {
	// Rows is pg_class.reltuples; Pages is relpages (estimated from the
	// rows' widths, tinybase has no pages).
	Rows  float64
	Pages int
	// Columns holds the analyzed columns by name.
	Columns map[string]*ColumnStats
	// Analyzed counts ANALYZE runs on the table (analyze_count);
	// AutoAnalyzed the automatic ones (autoanalyze_count, autoanalyze.go).
	Analyzed     int
	AutoAnalyzed int
	// LastAnalyze and LastAutoanalyze are when they last ran (zero: never).
	LastAnalyze, LastAutoanalyze time.Time
}

// ColumnStats are one column's row of pg_statistic.
type ColumnStats struct {
	NullFrac  float64
	AvgWidth  int
	NDistinct float64 // stadistinct
	// MCV are the most common values, most common first; MCF their
	// frequencies as fractions of the rows.
	MCV []any
	MCF []float64
}

// Distinct is the estimated number of distinct non-NULL values among rows
// rows (PostgreSQL's get_variable_numdistinct).
func (c *ColumnStats) Distinct(rows float64) float64 {
	switch {
	case c.NDistinct > 0:
		return c.NDistinct
	case c.NDistinct < 0:
		return math.Max(1, -c.NDistinct*rows)
	}
	return 0
}

// Stats returns the table's statistics as its version in ctx's
// transaction holds them (nil when never analyzed) and its live row count.
func (h *Table) Stats(ctx *sql.Context) (*TableStats, int, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer t.mu.Unlock()
	return td.stats, td.rowCount(), nil
}

// Analyze computes the statistics of the named columns (every column when
// none is named) and installs them on the table's version in ctx's
// transaction, keeping earlier statistics of the other columns as
// PostgreSQL does. It takes the writer lock, like any write. now is when
// it ran (pg_stat_user_tables.last_analyze).
func (h *Table) Analyze(ctx *sql.Context, columns []string, now time.Time) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		st := computeStats(ctx, td, columns)
		st.Analyzed++
		st.LastAnalyze = now
		td.stats = st
		td.mods = 0
		return nil
	})
}

// computeStats returns td's statistics after an ANALYZE of columns (all
// when none): the named ones computed from a sample, the others and the
// counters kept from td's.
func computeStats(ctx *sql.Context, td *tableData, columns []string) *TableStats {
	st := &TableStats{Columns: map[string]*ColumnStats{}}
	if td.stats != nil {
		st.Analyzed, st.AutoAnalyzed = td.stats.Analyzed, td.stats.AutoAnalyzed
		st.LastAnalyze, st.LastAutoanalyze = td.stats.LastAnalyze, td.stats.LastAutoanalyze
		for k, v := range td.stats.Columns {
			st.Columns[k] = v
		}
	}
	rows := td.allRows()
	sample := sampleRows(rows, analyzeSampleRows)
	want := map[string]bool{}
	for _, c := range columns {
		want[c] = true
	}
	width := 0.0
	for i, col := range td.def.cols {
		cs := columnStats(ctx, col.Type, sample, i, float64(len(rows)))
		width += float64(cs.AvgWidth) * (1 - cs.NullFrac)
		if len(want) == 0 || want[col.Name] {
			st.Columns[col.Name] = cs
		}
	}
	st.Rows = float64(len(rows))
	st.Pages = estimatePages(len(rows), width, len(td.def.cols))
	return st
}

// sampleRows picks k of rows, each set of k equally likely, keeping their
// order (Knuth's selection sampling, as PostgreSQL's BlockSampler picks
// blocks): every k-th row would alias with data that repeats with the
// same period (a key computed as g * 7919 % 1000 sampled every 10/3 rows
// shows 300 of its 1,000 values). The generator is seeded, so ANALYZE of
// the same rows computes the same statistics.
func sampleRows(rows []sql.Row, k int) []sql.Row {
	n := len(rows)
	if n <= k {
		return rows
	}
	r := rand.New(rand.NewPCG(0x5eed, uint64(n)))
	out := make([]sql.Row, 0, k)
	for i := 0; i < n && len(out) < k; i++ {
		// rows left to pick over rows left to see
		if r.IntN(n-i) < k-len(out) {
			out = append(out, rows[i])
		}
	}
	return out
}

// SetRowEstimate records the row count and pages VACUUM sets
// (reltuples, relpages) without column statistics.
func (h *Table) SetRowEstimate(ctx *sql.Context) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		st := &TableStats{Columns: map[string]*ColumnStats{}}
		width := 0.0
		if td.stats != nil {
			*st = *td.stats
			for _, cs := range td.stats.Columns {
				width += float64(cs.AvgWidth) * (1 - cs.NullFrac)
			}
		}
		if width == 0 {
			width = float64(8 * len(td.def.cols))
		}
		st.Rows = float64(td.rowCount())
		st.Pages = estimatePages(td.rowCount(), width, len(td.def.cols))
		td.stats = st
		return nil
	})
}

// estimatePages is the heap pages rows of the given average data width
// would fill in PostgreSQL: 8 kB pages with a 24-byte page header, each
// tuple a 4-byte line pointer, a 23-byte header (plus a null bitmap) and
// its data, MAXALIGNed.
func estimatePages(rows int, width float64, ncols int) int {
	if rows == 0 {
		return 0
	}
	header := 23 + (ncols+7)/8
	tuple := math.Ceil((float64(header)+width)/8)*8 + 4
	perPage := math.Max(1, math.Floor((8192-24)/tuple))
	return int(math.Ceil(float64(rows) / perPage))
}

// columnStats computes column i's statistics from sample, drawn from
// total rows, as analyze.c's compute_scalar_stats does: sort the non-NULL
// values, count runs of equal values, estimate the distinct count (exact
// when the sample is the table, else Haas and Stokes' estimator) and keep
// the values seen more than once as the most common ones.
func columnStats(ctx *sql.Context, typ sql.Type, sample []sql.Row, i int, total float64) *ColumnStats {
	cs := &ColumnStats{}
	n := len(sample)
	if n == 0 {
		return cs
	}
	var vals []any
	widthSum := 0.0
	for _, r := range sample {
		if i >= len(r) || r[i] == nil {
			continue
		}
		vals = append(vals, r[i])
		widthSum += float64(valueWidth(typ, r[i]))
	}
	nulls := n - len(vals)
	cs.NullFrac = float64(float32(float64(nulls) / float64(n))) // stanullfrac is a float4, and later steps read it back
	if len(vals) == 0 {
		return cs // all NULL: stadistinct 0, as PostgreSQL leaves it
	}
	cs.AvgWidth = int(widthSum / float64(len(vals))) // stawidth is an integer: truncated
	sort.SliceStable(vals, func(a, b int) bool { return compareValues(ctx, typ, vals[a], vals[b]) < 0 })
	type run struct {
		v     any
		count int
	}
	var runs []run
	for _, v := range vals {
		if len(runs) > 0 && compareValues(ctx, typ, runs[len(runs)-1].v, v) == 0 {
			runs[len(runs)-1].count++
			continue
		}
		runs = append(runs, run{v: v, count: 1})
	}
	d := float64(len(runs))
	f1 := 0.0
	multiple := 0
	for _, r := range runs {
		if r.count == 1 {
			f1++
		} else {
			multiple++
		}
	}
	switch {
	case multiple == 0:
		// every value is unique: assume the column is unique
		cs.NDistinct = -1 * (1 - cs.NullFrac)
	case float64(n) >= total || multiple == len(runs):
		cs.NDistinct = d
	default:
		nn := float64(len(vals))
		totalNonNull := total * (1 - cs.NullFrac)
		est := nn * d / ((nn - f1) + f1*nn/totalNonNull)
		est = math.Min(math.Max(est, d), totalNonNull)
		cs.NDistinct = math.Floor(est + 0.5)
	}
	if cs.NDistinct > 0.1*total {
		cs.NDistinct = -(cs.NDistinct / total)
	}
	// most common values: those seen more than once, most frequent first
	// (equal counts in value order); a sample of part of the table keeps
	// only those clearly above the average frequency
	var mcv []run
	for _, r := range runs {
		if r.count > 1 {
			mcv = append(mcv, r)
		}
	}
	sort.SliceStable(mcv, func(a, b int) bool { return mcv[a].count > mcv[b].count })
	if float64(n) < total && len(mcv) > 0 {
		avg := float64(len(vals)) / d
		keep := mcv[:0]
		for _, r := range mcv {
			if float64(r.count) > 1.25*avg {
				keep = append(keep, r)
			}
		}
		mcv = keep
	}
	if len(mcv) > analyzeMaxMCV {
		mcv = mcv[:analyzeMaxMCV]
	}
	for _, r := range mcv {
		cs.MCV = append(cs.MCV, r.v)
		cs.MCF = append(cs.MCF, float64(r.count)/float64(n))
	}
	return cs
}

// compareValues orders two non-NULL values of one column; values the
// type cannot compare order by their printed form.
func compareValues(ctx *sql.Context, typ sql.Type, a, b any) int {
	if c, err := typ.Compare(ctx, a, b); err == nil {
		return c
	}
	sa, sb := fmt.Sprint(a), fmt.Sprint(b)
	switch {
	case sa < sb:
		return -1
	case sa > sb:
		return 1
	}
	return 0
}

// valueWidth is a value's stored width as pg_stats.avg_width counts it:
// the type's length for fixed-width types, else the varlena size (a
// 1-byte header up to 126 bytes of data, 4 bytes beyond).
func valueWidth(typ sql.Type, v any) int {
	if t, ok := typ.(*types.Type); ok && t.Len > 0 {
		return int(t.Len)
	}
	var n int
	switch x := v.(type) {
	case string:
		n = len(x)
	case []byte:
		n = len(x)
	default:
		n = len(fmt.Sprint(x))
	}
	if n <= 126 {
		return n + 1
	}
	return n + 4
}
