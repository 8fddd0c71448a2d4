package pgcatalog

import "github.com/tinybase/tinybase/engine/types"

// pgIndex is pg_catalog.pg_index. indkey is smallint[] here (tinybase has
// no int2vector); key columns of expression indexes are 0 as in
// PostgreSQL. indexprs and indpred are left out (pg_node_tree).
var pgIndex = &def{
	cols: []column{
		{"indexrelid", types.Oid}, {"indrelid", types.Oid}, {"indnatts", types.Int2}, {"indnkeyatts", types.Int2},
		{"indisunique", types.Bool}, {"indnullsnotdistinct", types.Bool}, {"indisprimary", types.Bool},
		{"indisexclusion", types.Bool}, {"indimmediate", types.Bool}, {"indisclustered", types.Bool},
		{"indisvalid", types.Bool}, {"indcheckxmin", types.Bool}, {"indisready", types.Bool},
		{"indislive", types.Bool}, {"indisreplident", types.Bool}, {"indkey", types.ArrayOf(types.Int2)},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			ords := map[string]int16{}
			for i, c := range r.Table.Schema() {
				ords[c.Name] = int16(i + 1)
			}
			for _, ix := range idx {
				var key []any
				for _, c := range ix.Columns {
					key = append(key, ords[c])
				}
				if len(key) == 0 {
					key = []any{int16(0)}
				}
				n := int16(len(key))
				out = append(out, []any{RelationOID(r.Schema, ix.Name), RelationOID(r.Schema, r.Name), n, n,
					ix.Unique, false, ix.PrimaryKey, false, true, false, true, false, true, true, false,
					types.NewArray(types.Int2, key)})
			}
		}
		return out, nil
	},
}
