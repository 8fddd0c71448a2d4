package pgcatalog

import (
	"math"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The planner statistics ANALYZE collects (storage/stats.go), shown as
// PostgreSQL 15 shows them: pg_class.reltuples / relpages (-1 and 0 for
// a table never analyzed or vacuumed), the pg_stats view and the
// pg_statistic catalog behind it (docs 53.51, 54.27), and
// pg_stat_user_tables' live row count (docs 28.2.20).

// relPagesCol and relTuplesCol are pg_class.relpages' and reltuples'
// positions.
const (
	relPagesCol  = 9
	relTuplesCol = 10
)

// relSize is pg_class's reltuples and relpages for a table and for its
// indexes: PostgreSQL's values before any VACUUM or ANALYZE (-1 and 0;
// an index 0 tuples on its one metapage), else the analyzed row count,
// the estimated heap pages and an estimate of a btree's pages.
func relSize(s *State, r Relation) (tuples float32, pages int32, ixTuples float32, ixPages int32) {
	st, _, err := r.Table.Stats(s.Ctx)
	if err != nil || st == nil {
		return -1, 0, 0, 1
	}
	// a btree leaf entry: 8-byte tuple header, ~8 bytes of key, 4-byte
	// line pointer, leaves filled to 90%
	leaf := math.Ceil(st.Rows * 20 / (8192 * 0.9))
	return float32(st.Rows), int32(st.Pages), float32(st.Rows), int32(1 + leaf)
}

// statColumn is one analyzed column a role may see.
type statColumn struct {
	rel  Relation
	num  int
	name string
	typ  *types.Type
	cs   *storage.ColumnStats
}

// statColumns lists the analyzed columns of the tables the current user
// may read (pg_stats shows a column only to roles that may SELECT it).
func (s *State) statColumns() ([]statColumn, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	var out []statColumn
	for _, r := range rels {
		st, _, err := r.Table.Stats(s.Ctx)
		if err != nil || st == nil || len(st.Columns) == 0 { // a table changed under the read has none to show
			continue
		}
		k := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: r.Schema, Name: r.Name}
		if s.Catalog.Owner(k) != s.User && !s.Catalog.HasPrivilege(s.User, k, catalog.ClassTable, catalog.PrivSelect) {
			continue
		}
		for i, col := range r.Table.Schema() {
			cs := st.Columns[col.Name]
			if cs == nil {
				continue
			}
			t, _ := col.Type.(*types.Type)
			if t == nil {
				t = types.Unknown
			}
			out = append(out, statColumn{rel: r, num: i + 1, name: col.Name, typ: t, cs: cs})
		}
	}
	return out, nil
}

// mcvText prints the most common values as the anyarray's text form.
func mcvText(c statColumn) any {
	if len(c.cs.MCV) == 0 {
		return nil
	}
	if at := types.ArrayOf(c.typ); at != nil {
		return types.Output(at, types.NewArray(c.typ, c.cs.MCV), nil)
	}
	parts := make([]string, len(c.cs.MCV))
	for i, v := range c.cs.MCV {
		parts[i] = types.Output(c.typ, v, nil)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func mcfArray(c statColumn) any {
	if len(c.cs.MCF) == 0 {
		return nil
	}
	vals := make([]any, len(c.cs.MCF))
	for i, f := range c.cs.MCF {
		vals[i] = float32(f)
	}
	return types.NewArray(types.Float4, vals)
}

// pgStats is pg_catalog.pg_stats. The anyarray columns are text here
// (tinybase has no anyarray values); most_common_vals::text prints as in
// PostgreSQL. Histograms, correlation and element statistics are not
// collected (NULL).
var pgStats = &def{
	cols: []column{
		{"schemaname", types.Name}, {"tablename", types.Name}, {"attname", types.Name}, {"inherited", types.Bool},
		{"null_frac", types.Float4}, {"avg_width", types.Int4}, {"n_distinct", types.Float4},
		{"most_common_vals", types.Text}, {"most_common_freqs", types.ArrayOf(types.Float4)},
		{"histogram_bounds", types.Text}, {"correlation", types.Float4}, {"most_common_elems", types.Text},
		{"most_common_elem_freqs", types.ArrayOf(types.Float4)}, {"elem_count_histogram", types.ArrayOf(types.Float4)},
	},
	rows: func(s *State) ([][]any, error) {
		cols, err := s.statColumns()
		if err != nil {
			return nil, err
		}
		out := make([][]any, 0, len(cols))
		for _, c := range cols {
			out = append(out, []any{c.rel.Schema, c.rel.Name, c.name, false, float32(c.cs.NullFrac), int32(c.cs.AvgWidth),
				float32(c.cs.NDistinct), mcvText(c), mcfArray(c), nil, nil, nil, nil, nil})
		}
		return out, nil
	},
}

// pgStatistic is pg_catalog.pg_statistic with the most-common-values
// slot (stakind 1) filled; its staop is left 0 (tinybase lists no
// operators in pg_operator).
var pgStatistic = &def{
	cols: func() []column {
		c := []column{{"starelid", types.Oid}, {"staattnum", types.Int2}, {"stainherit", types.Bool},
			{"stanullfrac", types.Float4}, {"stawidth", types.Int4}, {"stadistinct", types.Float4}}
		for _, p := range []struct {
			name string
			t    *types.Type
		}{{"stakind", types.Int2}, {"staop", types.Oid}, {"stacoll", types.Oid}, {"stanumbers", types.ArrayOf(types.Float4)}, {"stavalues", types.Text}} {
			for i := 1; i <= 5; i++ {
				c = append(c, column{p.name + string(rune('0'+i)), p.t})
			}
		}
		return c
	}(),
	rows: func(s *State) ([][]any, error) {
		cols, err := s.statColumns()
		if err != nil {
			return nil, err
		}
		out := make([][]any, 0, len(cols))
		for _, c := range cols {
			r := []any{RelationOID(c.rel.Schema, c.rel.Name), int16(c.num), false, float32(c.cs.NullFrac), int32(c.cs.AvgWidth), float32(c.cs.NDistinct)}
			kinds := []any{int16(0), int16(0), int16(0), int16(0), int16(0)}
			ops := []any{uint32(0), uint32(0), uint32(0), uint32(0), uint32(0)}
			colls := []any{uint32(0), uint32(0), uint32(0), uint32(0), uint32(0)}
			numbers := []any{nil, nil, nil, nil, nil}
			values := []any{nil, nil, nil, nil, nil}
			if len(c.cs.MCV) > 0 {
				kinds[0], numbers[0], values[0] = int16(1), mcfArray(c), mcvText(c)
				if c.typ.Base().Kind == types.KindText {
					colls[0] = uint32(100) // the default collation
				}
			}
			r = append(r, kinds...)
			r = append(r, ops...)
			r = append(r, colls...)
			r = append(r, numbers...)
			r = append(r, values...)
			out = append(out, r)
		}
		return out, nil
	},
}

// pgStatUserTables is pg_catalog.pg_stat_user_tables: one row per user
// table with its scan and row-change counters (storage's counters.go:
// counted as they happen, unlike PostgreSQL's, which a session reports
// when its transaction ends), its live row count (exact: storage counts
// rows), the rows modified since its last ANALYZE, and its manual and
// automatic ANALYZE counts and times (storage's autoanalyze.go).
// tinybase leaves no dead rows and does not vacuum (0, NULL), and counts
// no update as HOT.
var pgStatUserTables = &def{
	cols: []column{
		{"relid", types.Oid}, {"schemaname", types.Name}, {"relname", types.Name},
		{"seq_scan", types.Int8}, {"seq_tup_read", types.Int8}, {"idx_scan", types.Int8}, {"idx_tup_fetch", types.Int8},
		{"n_tup_ins", types.Int8}, {"n_tup_upd", types.Int8}, {"n_tup_del", types.Int8}, {"n_tup_hot_upd", types.Int8},
		{"n_live_tup", types.Int8}, {"n_dead_tup", types.Int8}, {"n_mod_since_analyze", types.Int8}, {"n_ins_since_vacuum", types.Int8},
		{"last_vacuum", types.Timestamptz}, {"last_autovacuum", types.Timestamptz}, {"last_analyze", types.Timestamptz},
		{"last_autoanalyze", types.Timestamptz}, {"vacuum_count", types.Int8}, {"autovacuum_count", types.Int8},
		{"analyze_count", types.Int8}, {"autoanalyze_count", types.Int8},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		out := make([][]any, 0, len(rels))
		for _, r := range rels {
			st, live, err := r.Table.Stats(s.Ctx)
			if err != nil { // changed under the read
				continue
			}
			mods, _, err := r.Table.ModsSinceAnalyze(s.Ctx)
			if err != nil {
				continue
			}
			c, err := r.Table.Counts(s.Ctx)
			if err != nil {
				continue
			}
			analyzed, auto := int64(0), int64(0)
			var last, lastAuto any
			if st != nil {
				analyzed, auto = int64(st.Analyzed), int64(st.AutoAnalyzed)
				if !st.LastAnalyze.IsZero() {
					last = st.LastAnalyze
				}
				if !st.LastAutoanalyze.IsZero() {
					lastAuto = st.LastAutoanalyze
				}
			}
			z := int64(0)
			var idxScan, idxFetch any // NULL for a table without indexes
			if ix, err := s.Indexes(r); err == nil && len(ix) > 0 {
				idxScan, idxFetch = c.IdxScan, c.IdxTupFetch
			}
			out = append(out, []any{RelationOID(r.Schema, r.Name), r.Schema, r.Name, c.SeqScan, c.SeqTupRead, idxScan, idxFetch,
				c.Inserted, c.Updated, c.Deleted, z, int64(live), z, mods, c.Inserted, nil, nil, last, lastAuto, z, z, analyzed, auto})
		}
		return out, nil
	},
}

// pgStatioAllTables is pg_catalog.pg_statio_all_tables (docs 28.2.25):
// one row per table with its block I/O counters. tinybase reads no disk
// blocks through a buffer cache, so the counters are 0, and NULL where
// PostgreSQL has no relation to count (indexes of a table without any;
// the TOAST table of one whose rows never need it). Sequelize's describeTable
// joins it for a table's OID.
var pgStatioAllTables = &def{
	cols: statioCols,
	rows: func(s *State) ([][]any, error) { return statioRows(s, false) },
}

// pgStatioUserTables is pg_statio_all_tables without the system schemas.
var pgStatioUserTables = &def{
	cols: statioCols,
	rows: func(s *State) ([][]any, error) { return statioRows(s, true) },
}

var statioCols = []column{
	{"relid", types.Oid}, {"schemaname", types.Name}, {"relname", types.Name},
	{"heap_blks_read", types.Int8}, {"heap_blks_hit", types.Int8}, {"idx_blks_read", types.Int8}, {"idx_blks_hit", types.Int8},
	{"toast_blks_read", types.Int8}, {"toast_blks_hit", types.Int8}, {"tidx_blks_read", types.Int8}, {"tidx_blks_hit", types.Int8},
}

func statioRows(s *State, userOnly bool) ([][]any, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	out := make([][]any, 0, len(rels))
	for _, r := range rels {
		if userOnly && (r.Schema == "pg_catalog" || r.Schema == "information_schema" || strings.HasPrefix(r.Schema, "pg_toast")) {
			continue
		}
		idx, err := s.Indexes(r)
		if err != nil {
			return nil, err
		}
		var idxRead, idxHit any
		if len(idx) > 0 {
			idxRead, idxHit = int64(0), int64(0)
		}
		var toastRead, toastHit any
		if needsToast(r.Table.Schema()) { // relsize.go: its TOAST table and that table's index
			toastRead, toastHit = int64(0), int64(0)
		}
		out = append(out, []any{RelationOID(r.Schema, r.Name), r.Schema, r.Name, int64(0), int64(0), idxRead, idxHit,
			toastRead, toastHit, toastRead, toastHit})
	}
	return out, nil
}
