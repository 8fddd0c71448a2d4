package session

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/durable"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Planner statistics in the data directory. What ANALYZE and VACUUM
// computed (pg_class.reltuples / relpages, pg_statistic's rows,
// analyze_count) is a checkpoint's last section, after the row sections;
// a commit that changed statistics writes a checkpoint (storage's
// Committed.StatsChanged), so they survive a clean stop and a crash as
// PostgreSQL's catalog rows do. A checkpoint without the section (written
// before it existed) recovers its tables unanalyzed.

// statsSectionVersion starts the statistics section.
const statsSectionVersion = 1

// appendStatsSection writes the statistics of the image's analyzed tables.
func appendStatsSection(tables []storage.TableImage) ([]byte, error) {
	b := []byte{statsSectionVersion}
	n := 0
	for _, t := range tables {
		if t.Stats != nil {
			n++
		}
	}
	b = binary.AppendUvarint(b, uint64(n))
	for _, t := range tables {
		st := t.Stats
		if st == nil {
			continue
		}
		ct, err := durable.ColumnTypes(t.Columns)
		if err != nil {
			return nil, err
		}
		b = durable.AppendString(b, t.Schema)
		b = durable.AppendString(b, t.Name)
		b = appendFloat(b, st.Rows)
		b = binary.AppendUvarint(b, uint64(st.Pages))
		b = binary.AppendUvarint(b, uint64(st.Analyzed))
		var cols []int // the analyzed columns the table still has
		for i, c := range t.Columns {
			if st.Columns[c.Name] != nil {
				cols = append(cols, i)
			}
		}
		b = binary.AppendUvarint(b, uint64(len(cols)))
		for _, i := range cols {
			cs := st.Columns[t.Columns[i].Name]
			b = durable.AppendString(b, t.Columns[i].Name)
			b = appendFloat(b, cs.NullFrac)
			b = binary.AppendVarint(b, int64(cs.AvgWidth))
			b = appendFloat(b, cs.NDistinct)
			b = binary.AppendUvarint(b, uint64(len(cs.MCV)))
			if b, err = durable.AppendRow(b, repeatType(ct[i], len(cs.MCV)), cs.MCV); err != nil {
				return nil, fmt.Errorf("table %s.%s: statistics of %s: %w", t.Schema, t.Name, t.Columns[i].Name, err)
			}
			for _, f := range cs.MCF {
				b = appendFloat(b, f)
			}
		}
	}
	return b, nil
}

// restoreStats installs a statistics section's contents in s's
// transaction txn (recovery, before the log is replayed; the caller
// commits).
func restoreStats(s *Session, txn *storage.Txn, ctx *sql.Context, p []byte) error {
	r := durable.NewReader(p)
	if v := r.Byte(); v != statsSectionVersion {
		return fmt.Errorf("unknown statistics section version %d", v)
	}
	nt := r.Uvarint()
	for i := uint64(0); i < nt && r.Err() == nil; i++ {
		schema, name := r.String(), r.String()
		st := &storage.TableStats{Rows: readFloat(r), Pages: int(r.Uvarint()), Analyzed: int(r.Uvarint()),
			Columns: map[string]*storage.ColumnStats{}}
		t, ok := s.table(ctx, schema, name)
		if r.Err() != nil {
			break
		}
		if !ok {
			return fmt.Errorf("statistics of table %s.%s, which does not exist", schema, name)
		}
		ct, err := durable.ColumnTypes(t.Schema())
		if err != nil {
			return err
		}
		nc := r.Uvarint()
		for j := uint64(0); j < nc && r.Err() == nil; j++ {
			col := r.String()
			cs := &storage.ColumnStats{NullFrac: readFloat(r), AvgWidth: int(r.Varint()), NDistinct: readFloat(r)}
			idx := t.Schema().IndexOfColName(col)
			if r.Err() == nil && idx < 0 {
				return fmt.Errorf("statistics of column %s of table %s.%s, which does not exist", col, schema, name)
			}
			nm := int(r.Uvarint())
			if r.Err() != nil {
				break
			}
			if nm > 0 {
				cs.MCV = r.Row(repeatType(ct[idx], nm))
				cs.MCF = make([]float64, nm)
				for k := range cs.MCF {
					cs.MCF[k] = readFloat(r)
				}
			}
			st.Columns[col] = cs
		}
		if r.Err() != nil {
			break
		}
		if err := txn.SetStats(schema, name, st); err != nil {
			return err
		}
	}
	if r.Err() != nil {
		return r.Err()
	}
	if !r.Done() {
		return fmt.Errorf("statistics section has trailing bytes")
	}
	return nil
}

func repeatType(t *types.Type, n int) []*types.Type {
	out := make([]*types.Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}

// appendFloat writes a float64 by its bits (exact, NaN included).
func appendFloat(b []byte, f float64) []byte {
	return binary.AppendUvarint(b, math.Float64bits(f))
}

func readFloat(r *durable.Reader) float64 { return math.Float64frombits(r.Uvarint()) }
