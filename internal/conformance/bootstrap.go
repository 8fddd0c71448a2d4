package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// bootstrapAreas are the areas whose files start from the Supabase
// bootstrap (engine/internal/bootstrap) instead of an empty database.
var bootstrapAreas = []string{"roles/", "privileges/", "rls/"}

// UsesBootstrap reports whether f starts from the Supabase bootstrap.
func UsesBootstrap(f *File) bool {
	for _, a := range bootstrapAreas {
		if strings.HasPrefix(f.Name, a) {
			return true
		}
	}
	return false
}

// BootstrapTarget is a Target that can also open a session on a database
// with the Supabase bootstrap applied.
type BootstrapTarget interface {
	Target
	OpenBootstrapped(ctx context.Context) (Session, error)
}

// TestRolePrefix is the prefix of the roles case files create: roles are
// cluster-wide on PostgreSQL, so the recorder drops leftovers with this
// prefix before each file.
const TestRolePrefix = "rls_t_"

// Bootstrapper applies the Supabase bootstrap to a real PostgreSQL
// database (engine.BootstrapPostgres); the engine provides it, so this
// harness does not depend on the engine.
type Bootstrapper func(ctx context.Context, conn *pgconn.PgConn, db string) error

// OpenBootstrapped creates a fresh database, applies the bootstrap to it
// and connects a session to it. Leftover test roles (TestRolePrefix) from
// an interrupted recording are dropped first.
func (p *Postgres) OpenBootstrapped(ctx context.Context) (Session, error) {
	if p.bootstrap == nil {
		return nil, fmt.Errorf("conformance: no Bootstrapper given to ConnectPostgres")
	}
	if err := p.dropTestRoles(ctx); err != nil {
		return nil, err
	}
	sess, err := p.Open(ctx)
	if err != nil {
		return nil, err
	}
	s := sess.(*pgSession)
	notices, codes := s.notices, s.noticeCodes
	if err := p.bootstrap(ctx, s.conn, s.db); err != nil {
		s.Close()
		return nil, err
	}
	s.notices, s.noticeCodes = notices, codes
	return s, nil
}

func (p *Postgres) dropTestRoles(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	rows, err := p.admin.Query(ctx, "SELECT rolname FROM pg_roles WHERE rolname LIKE $1 ORDER BY 1", TestRolePrefix+"%")
	if err != nil {
		return fmt.Errorf("conformance: list test roles: %w", err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		names = append(names, n)
	}
	rows.Close()
	for _, n := range names {
		if _, err := p.admin.Exec(ctx, `DROP ROLE "`+n+`"`); err != nil {
			return fmt.Errorf("conformance: drop leftover role %s: %w", n, err)
		}
	}
	return nil
}
