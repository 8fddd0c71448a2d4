package tinybase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

// supabaseRoles are the roles the HTTP APIs switch to or run as; a
// database without them gets the bootstrap's roles file, which needs a
// superuser.
var supabaseRoles = []string{"anon", "authenticated", "service_role", "authenticator", "supabase_auth_admin", "supabase_storage_admin"}

// ErrNotSuperuser is returned by Open with Options.DBURL when the database
// lacks Supabase's roles and the connecting user cannot create them.
var ErrNotSuperuser = errors.New("applying the Supabase bootstrap needs a superuser")

// openPostgres is Open over an existing PostgreSQL (Options.DBURL): the
// Supabase bootstrap where the database lacks it, the migrations as
// `migration up` applies them, the seed when the database had no
// migration history, and a pool the HTTP APIs run their SQL on.
func openPostgres(ctx context.Context, opts Options, cfg Config, d *migrations.Discovery) (*Project, error) {
	pcfg, err := pgxpool.ParseConfig(opts.DBURL)
	if err != nil {
		return nil, fmt.Errorf("--db-url: %w", err)
	}
	conn, err := pgx.ConnectConfig(ctx, pcfg.ConnConfig.Copy())
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", redactURL(pcfg.ConnConfig), err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	p := &Project{Config: cfg, Migrations: d.Files, Warnings: d.Warnings, DataDir: opts.DataDir, dbURL: redactURL(pcfg.ConnConfig)}
	var hadHistory bool
	if err := conn.QueryRow(ctx, "select to_regclass('supabase_migrations.schema_migrations') is not null").Scan(&hadHistory); err != nil {
		return nil, fmt.Errorf("reading %s: %w", p.dbURL, err)
	}
	if p.Bootstrapped, err = bootstrapPostgres(ctx, conn, pcfg.ConnConfig.Database); err != nil {
		return nil, err
	}
	db := migrations.OnPostgres(conn)
	if p.Applied, err = migrations.Up(ctx, db, d.Files, opts.Applying); err != nil {
		return nil, err
	}
	if !hadHistory && !opts.NoSeed && cfg.SeedEnabled {
		seeds, err := SeedFiles(cfg)
		if err != nil {
			return nil, err
		}
		for _, path := range seeds {
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("reading seed %s: %w", path, err)
			}
			if err := migrations.Seed(ctx, db, migrations.File{Version: "seed", Path: path, SQL: string(b)}); err != nil {
				return nil, err
			}
			p.Seeded = true
		}
	}
	if p.pool, err = pgxpool.NewWithConfig(ctx, pcfg); err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", p.dbURL, err)
	}
	return p, nil
}

// bootstrapPostgres gives the database what the APIs need of a Supabase
// project where it lacks it (a hosted Supabase database has all of it;
// a plain PostgreSQL none): the whole bootstrap on a database without
// auth.users, else only the storage and realtime parts it misses. It
// reports whether it ran anything.
func bootstrapPostgres(ctx context.Context, conn *pgx.Conn, db string) (bool, error) {
	var roles int
	var super, hasAuth, hasStorage, hasRealtime, hasPublication bool
	err := conn.QueryRow(ctx, `select (select count(*) from pg_roles where rolname = any($1)),
		(select rolsuper from pg_roles where rolname = current_user),
		to_regclass('auth.users') is not null, to_regclass('storage.objects') is not null,
		to_regnamespace('realtime') is not null,
		exists (select 1 from pg_publication where pubname = 'supabase_realtime')`, supabaseRoles).
		Scan(&roles, &super, &hasAuth, &hasStorage, &hasRealtime, &hasPublication)
	if err != nil {
		return false, fmt.Errorf("reading the database's Supabase schemas: %w", err)
	}
	if roles == len(supabaseRoles) && hasAuth && hasStorage && hasRealtime && hasPublication {
		return false, nil
	}
	if !super {
		var missing []string
		if roles < len(supabaseRoles) {
			missing = append(missing, "roles")
		}
		for _, m := range []struct {
			has  bool
			name string
		}{{hasAuth, "auth.users"}, {hasStorage, "storage.objects"}, {hasRealtime, "the realtime schema"}, {hasPublication, "the supabase_realtime publication"}} {
			if !m.has {
				missing = append(missing, m.name)
			}
		}
		return false, fmt.Errorf("%w: the database lacks Supabase's %s; connect as a superuser once so tinybase can create them", ErrNotSuperuser, strings.Join(missing, ", "))
	}
	if !hasAuth {
		if err := engine.BootstrapPostgres(ctx, conn.PgConn(), db); err != nil {
			return false, err
		}
		return true, nil
	}
	keep := func(file string) bool {
		switch file {
		case "00_roles.sql":
			return roles < len(supabaseRoles)
		case "05_storage.sql", "07_grants.sql":
			return !hasStorage
		case "08_realtime.sql":
			return !hasPublication
		case "08_realtime_schema.sql":
			return !hasRealtime
		}
		return false
	}
	if err := engine.BootstrapPostgresFiles(ctx, conn.PgConn(), keep); err != nil {
		return false, err
	}
	return true, nil
}

// redactURL names a database without its password.
func redactURL(c *pgx.ConnConfig) string {
	return fmt.Sprintf("postgresql://%s@%s:%d/%s", c.User, c.Host, c.Port, c.Database)
}
