package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/catalog"

// pg_attribute columns a column's statistics settings and inheritance
// set (docs 53.7): attstattarget and attoptions from ALTER COLUMN ...
// SET STATISTICS / SET (...) (catalog/column_stats.go); attinhcount, the
// number of parents with the column, and attislocal, whether the table
// defines it itself — false for a column it inherits (a partition's
// always; an inheritance child's whether or not it also declared it,
// which tinybase does not record).
const (
	attStatTargetCol = 3
	attIsLocalCol    = 19
	attInhCountCol   = 20
	attOptionsCol    = 22
)

// inheritedColumnCounts is, for table q, how many of its parents have
// each column (nil when it has none); a column q also defines itself
// counts negative (attislocal).
func (s *State) inheritedColumnCounts(q catalog.QName) map[string]int32 {
	inh := s.Catalog.Inherits(q)
	if inh == nil {
		return nil
	}
	out := map[string]int32{}
	defer func() {
		for _, c := range inh.Local {
			out[c] = -out[c]
		}
	}()
	for _, p := range inh.Parents {
		t, ok, err := s.DB.Table(s.Ctx, p.Schema, p.Name)
		if err != nil || !ok {
			continue
		}
		for _, c := range t.Schema() {
			out[c.Name]++
		}
	}
	return out
}

// columnSettings fills a table column's row with its statistics
// settings and inheritance (inh from inheritedColumnCounts).
func (s *State) columnSettings(q catalog.QName, col string, inh map[string]int32, row []any) {
	switch n := inh[col]; {
	case n > 0:
		row[attIsLocalCol], row[attInhCountCol] = false, n
	case n < 0:
		row[attInhCountCol] = -n // inherited, and its own too
	}
	target, opts := s.Catalog.ColumnStats(catalog.ColumnKey(q, col))
	row[attStatTargetCol] = target
	if len(opts) > 0 {
		row[attOptionsCol] = settingsArray(opts) // pg_roles.go
	}
}

// indexColumnTarget is the statistics target of column num of index of
// table q.
func (s *State) indexColumnTarget(q catalog.QName, index string, num int) int32 {
	target, _ := s.Catalog.ColumnStats(catalog.IndexColumnKey(q, index, num))
	return target
}
