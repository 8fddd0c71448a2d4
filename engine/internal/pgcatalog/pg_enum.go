package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgEnum is pg_catalog.pg_enum: the labels of enum types, in order.
var pgEnum = &def{
	cols: []column{{"oid", types.Oid}, {"enumtypid", types.Oid}, {"enumsortorder", types.Float4}, {"enumlabel", types.Name}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, d := range s.Catalog.Types() {
			if d.Type.Kind != types.KindEnum || d.Type.Domain != nil {
				continue
			}
			orders := d.Type.SortOrders()
			for i, l := range d.Type.Labels {
				out = append(out, []any{EnumLabelOID(d.Type.OID, i), d.Type.OID, orders[i], l})
			}
		}
		return out, nil
	},
}

// pgSequence is pg_catalog.pg_sequence: sequence parameters by relation.
var pgSequence = &def{
	cols: []column{
		{"seqrelid", types.Oid}, {"seqtypid", types.Oid}, {"seqstart", types.Int8}, {"seqincrement", types.Int8},
		{"seqmax", types.Int8}, {"seqmin", types.Int8}, {"seqcache", types.Int8}, {"seqcycle", types.Bool},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, q := range s.Catalog.Sequences() {
			out = append(out, []any{q.OID, q.Type.OID, q.Start, q.Increment, q.Max, q.Min, int64(1), q.Cycle})
		}
		return out, nil
	},
}
