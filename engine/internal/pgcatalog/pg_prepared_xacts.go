package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgPreparedXacts is pg_prepared_xacts (PostgreSQL docs 54.16): always
// empty, as PostgreSQL's is under its default max_prepared_transactions
// = 0, which tinybase keeps (PREPARE TRANSACTION fails). Drivers'
// recovery of two-phase transactions (psycopg2's tpc_recover) reads it.
var pgPreparedXacts = &def{
	cols: []column{
		{"transaction", types.Xid}, {"gid", types.Text}, {"prepared", types.Timestamptz},
		{"owner", types.Name}, {"database", types.Name},
	},
	rows: func(*State) ([][]any, error) { return nil, nil },
}
