package engine

import (
	"context"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine/internal/bootstrap"
)

// BootstrapPostgres runs the Supabase bootstrap every Engine starts from
// (roles, schemas, GoTrue's tables, auth.uid(), grants) on a real
// PostgreSQL connection to the database db, so an oracle test starts
// where the engine does. Roles the cluster already has are kept.
func BootstrapPostgres(ctx context.Context, conn *pgconn.PgConn, db string) error {
	return bootstrap.ApplyPostgres(ctx, conn, db)
}

// BootstrapPostgresFiles runs the bootstrap files keep accepts (names
// such as "05_storage.sql"; all when keep is nil) on a real PostgreSQL,
// for a database that has part of what a Supabase project has; unlike
// BootstrapPostgres it leaves the database's search_path alone.
func BootstrapPostgresFiles(ctx context.Context, conn *pgconn.PgConn, keep func(file string) bool) error {
	return bootstrap.ApplyPostgresFiles(ctx, conn, keep)
}
