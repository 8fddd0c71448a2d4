package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgSequences is the pg_catalog.pg_sequences view; last_value is NULL
// until nextval has returned a value.
var pgSequences = &def{
	cols: []column{
		{"schemaname", types.Name}, {"sequencename", types.Name}, {"sequenceowner", types.Name},
		{"data_type", types.Regtype}, {"start_value", types.Int8}, {"min_value", types.Int8},
		{"max_value", types.Int8}, {"increment_by", types.Int8}, {"cycle", types.Bool},
		{"cache_size", types.Int8}, {"last_value", types.Int8},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, q := range s.Catalog.Sequences() {
			var last any
			if s.SequenceValue != nil {
				if v, called := s.SequenceValue(q); called {
					last = v
				}
			}
			out = append(out, []any{q.Schema, q.Name, "postgres", q.Type.FormatType(), q.Start, q.Min, q.Max,
				q.Increment, q.Cycle, int64(1), last})
		}
		return out, nil
	},
}
