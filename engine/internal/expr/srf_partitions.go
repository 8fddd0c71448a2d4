package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pg_partition_ancestors(regclass) lists a partition's ancestors; tinybase
// has no partitioned tables, and PostgreSQL returns no rows for a
// relation that is neither a partition nor partitioned (docs 9.27.4).
func init() {
	addSRF("pg_partition_ancestors", FuncImpl{Args: []*types.Type{types.Regclass}, Result: Fixed(types.Regclass),
		Fn: func(*sql.Context, *types.Env, []any) (any, error) { return srfRows(nil), nil }})
}
