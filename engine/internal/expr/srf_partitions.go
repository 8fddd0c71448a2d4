package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// AddPartitionSRFs adds the partition information functions.
// A family of session.Builtins.
//
// pg_partition_ancestors(regclass) lists a partition's ancestors; tinybase
// has no partitioned tables, and PostgreSQL returns no rows for a
// relation that is neither a partition nor partitioned (docs 9.27.4).
func AddPartitionSRFs(r *Registry) {
	addSRF(r, "pg_partition_ancestors", FuncImpl{Args: []*types.Type{types.Regclass}, Result: Fixed(types.Regclass),
		Fn: func(*sql.Context, *types.Env, []any) (any, error) { return srfRows(nil), nil }})
}
