package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// PartitionEnv is the session as the partition information functions
// read it (docs 9.27.4, "Partitioning Information Functions"); relations
// are pg_class OIDs.
type PartitionEnv interface {
	// PartitionTree is the rows of pg_partition_tree(rel): rel and its
	// descendants, each (relid, parentrelid, isleaf, level); none when
	// rel is neither partitioned nor a partition.
	PartitionTree(ctx *sql.Context, rel any) ([][]any, error)
	// PartitionAncestors is rel, then its parent, up to the root; none
	// when rel is neither partitioned nor a partition.
	PartitionAncestors(ctx *sql.Context, rel any) ([]any, error)
	// PartitionRoot is the top of rel's partition tree; nil when rel is
	// neither partitioned nor a partition.
	PartitionRoot(ctx *sql.Context, rel any) (any, error)
}

// AddPartitionSRFs adds the partition information functions
// pg_partition_tree, pg_partition_ancestors and pg_partition_root.
// A family of session.Builtins.
func AddPartitionSRFs(r *Registry) {
	env := func(ctx *sql.Context) (PartitionEnv, bool) {
		pe, ok := ctx.Session.(PartitionEnv)
		return pe, ok
	}
	addSRF(r, "pg_partition_ancestors", FuncImpl{Args: []*types.Type{types.Regclass}, Result: Fixed(types.Regclass),
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			pe, ok := env(ctx)
			if !ok {
				return srfRows(nil), nil
			}
			rows, err := pe.PartitionAncestors(ctx, a[0])
			return oneColumn(rows), err
		}})
	addSRF(r, "pg_partition_tree", FuncImpl{Args: []*types.Type{types.Regclass}, Result: Fixed(types.Record),
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			pe, ok := env(ctx)
			if !ok {
				return srfRows(nil), nil
			}
			rows, err := pe.PartitionTree(ctx, a[0])
			return srfRows(rows), err
		}})
	r.Add("pg_partition_root", FuncImpl{Args: []*types.Type{types.Regclass}, Result: Fixed(types.Regclass), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			pe, ok := env(ctx)
			if !ok {
				return nil, nil
			}
			return pe.PartitionRoot(ctx, a[0])
		}})
}
