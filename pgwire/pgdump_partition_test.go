package pgwire

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpPartitionedRoundTrip dumps a partitioned schema (a
// sub-partitioned tree, a primary key, plain, expression and partial
// indexes, column statistics targets and options) with PostgreSQL 15's pg_dump, which writes each partitioned
// index ON ONLY the partitioned table, the partitions' own, and ALTER
// INDEX ... ATTACH PARTITION, restores the dump into a fresh database
// with psql and dumps that again: the two dumps are the same.
func TestPgDumpPartitionedRoundTrip(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	psql := pgTool(t, "psql")
	ctx := context.Background()
	const setup = `create table public.ev (id bigint not null, at date not null, kind text, primary key (id, at)) partition by range (at);
create table public.ev_2023 partition of public.ev for values from ('2023-01-01') to ('2024-01-01');
create table public.ev_2024 partition of public.ev for values from ('2024-01-01') to ('2025-01-01') partition by range (id);
create table public.ev_2024_a partition of public.ev_2024 for values from (0) to (100);
create table public.ev_2024_b partition of public.ev_2024 default;
create index ev_kind_idx on public.ev (kind);
create index on public.ev (lower(kind)) where kind is not null;
create unique index ev_uk on public.ev (kind, at, id);
alter table public.ev alter column kind set statistics 300;
alter table only public.ev_2023 alter column kind set (n_distinct = -0.5);
alter index public.ev_2023_lower_idx alter column 1 set statistics 50`
	_, url := startServer(t, Config{})
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, setup); err != nil {
		t.Fatal(err)
	}
	dump, ok := runPgDump(t, pgDump, "", url, []string{"--schema-only", "--table=public.ev*"}, false)
	if !ok {
		t.Fatalf("pg_dump failed:\n%s", lastLines(dump, 5))
	}
	if dir := os.Getenv("TINYBASE_PGDUMP_OUT"); dir != "" {
		// the dump as tinybase gives it, for diff(1) with PostgreSQL's
		_ = os.WriteFile(filepath.Join(dir, "partitioned.out"), []byte(normalizeDump(dump)), 0o644)
	}
	for _, line := range []string{
		"CREATE INDEX ev_kind_idx ON ONLY public.ev USING btree (kind);",
		"CREATE INDEX ev_2024_kind_idx ON ONLY public.ev_2024 USING btree (kind);",
		"CREATE INDEX ev_lower_idx ON ONLY public.ev USING btree (lower(kind)) WHERE (kind IS NOT NULL);",
		"ALTER TABLE ONLY public.ev\n    ADD CONSTRAINT ev_pkey PRIMARY KEY (id, at);",
		"ALTER INDEX public.ev_pkey ATTACH PARTITION public.ev_2023_pkey;",
		"ALTER INDEX public.ev_2024_pkey ATTACH PARTITION public.ev_2024_b_pkey;",
		"ALTER INDEX public.ev_kind_idx ATTACH PARTITION public.ev_2024_kind_idx;",
		"ALTER INDEX public.ev_uk ATTACH PARTITION public.ev_2023_kind_at_id_idx;",
		"ALTER TABLE ONLY public.ev_2024_b ALTER COLUMN kind SET STATISTICS 300;",
		"ALTER TABLE ONLY public.ev_2023 ALTER COLUMN kind SET (n_distinct=-0.5);",
		"ALTER INDEX public.ev_2023_lower_idx ALTER COLUMN 1 SET STATISTICS 50;",
	} {
		if !strings.Contains(dump, line) {
			t.Errorf("dump lacks %q", line)
		}
	}
	_, url2 := startServer(t, Config{})
	cmd := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url2)
	cmd.Stdin = strings.NewReader(dump)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("restoring the dump: %v\n%s", err, out)
	}
	again, ok := runPgDump(t, pgDump, "", url2, []string{"--schema-only", "--table=public.ev*"}, false)
	if !ok {
		t.Fatalf("pg_dump of the restored database failed:\n%s", lastLines(again, 5))
	}
	if a, b := normalizeDump(dump), normalizeDump(again); a != b {
		t.Errorf("the restored database dumps differently:\nbefore:\n%s\nafter:\n%s", a, b)
	}
	conn2, err := pgx.Connect(ctx, url2)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close(ctx)
	var invalid int
	if err := conn2.QueryRow(ctx, "select count(*) from pg_index where not indisvalid").Scan(&invalid); err != nil {
		t.Fatal(err)
	}
	if invalid != 0 {
		t.Errorf("%d indexes are invalid after the restore", invalid)
	}
}
