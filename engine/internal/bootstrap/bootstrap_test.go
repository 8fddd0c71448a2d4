package bootstrap

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestStatements(t *testing.T) {
	stmts, err := Statements()
	if err != nil {
		t.Fatal(err)
	}
	if len(stmts) < 50 {
		t.Fatalf("got %d statements, want the whole bootstrap", len(stmts))
	}
	for _, s := range stmts {
		if strings.HasPrefix(s.SQL, "--") || strings.HasSuffix(s.SQL, ";") {
			t.Errorf("%s: statement not trimmed: %q", s.File, s.SQL)
		}
	}
}

// TestApplyPostgres applies the bootstrap to a scratch database on the
// real PostgreSQL named by TINYBASE_PG_URL, twice over the cluster's roles,
// so the files stay valid PostgreSQL 15 and the roles part re-runnable.
func TestApplyPostgres(t *testing.T) {
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		t.Skip("TINYBASE_PG_URL not set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	for i := 0; i < 2; i++ {
		db := fmt.Sprintf("tinybase_bootstrap_%d_%d", os.Getpid(), i)
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+db+" TEMPLATE template0"); err != nil {
			t.Fatal(err)
		}
		defer admin.Exec(context.Background(), "DROP DATABASE "+db)
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Database = db
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := ApplyPostgres(ctx, conn.PgConn(), db); err != nil {
			conn.Close(ctx)
			t.Fatal(err)
		}
		var n int
		if err := conn.QueryRow(ctx, "select count(*) from information_schema.columns where table_schema = 'auth' and table_name = 'users'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 35 {
			t.Errorf("auth.users has %d columns, want 35", n)
		}
		conn.Close(ctx)
	}
}
