package pgcatalog

import "strconv"

// isSequences is information_schema.sequences.
var isSequences = &def{
	cols: []column{
		{"sequence_catalog", sqlIdentifier}, {"sequence_schema", sqlIdentifier}, {"sequence_name", sqlIdentifier},
		{"data_type", characterData}, {"numeric_precision", cardinalNumber},
		{"numeric_precision_radix", cardinalNumber}, {"numeric_scale", cardinalNumber},
		{"start_value", characterData}, {"minimum_value", characterData}, {"maximum_value", characterData},
		{"increment", characterData}, {"cycle_option", yesOrNo},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, q := range s.Catalog.Sequences() {
			if q.Identity != 0 {
				continue // PostgreSQL lists identity sequences only in pg_sequences
			}
			out = append(out, []any{s.Database, q.Schema, q.Name, q.Type.SQLName, int32(q.Type.Len * 8),
				int32(2), int32(0), strconv.FormatInt(q.Start, 10), strconv.FormatInt(q.Min, 10),
				strconv.FormatInt(q.Max, 10), strconv.FormatInt(q.Increment, 10), yesNo(q.Cycle)})
		}
		return out, nil
	},
}
