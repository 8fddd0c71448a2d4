package session

import (
	"context"
	"testing"
)

// TestTableCounters checks pg_stat_user_tables', pg_stat_user_indexes' and
// pg_stat_database's counters: scans and the rows they read, by the heap and by each index,
// and rows inserted, updated and deleted — counted when they happen, a
// rolled-back insert too, and seen by every session, as PostgreSQL's
// cumulative statistics are once reported.
func TestTableCounters(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	a, b := connectT(t, e), connectT(t, e)
	ctx := context.Background()
	run := func(s *Session, q string) string {
		t.Helper()
		rows, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		out, err := rowsText(rows)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return out
	}
	for _, q := range []string{
		"create table t (x int primary key, y int)",
		"create index t_y on t (y)",
		"insert into t select g, g from generate_series(1, 10) g",
		"update t set y = 0 where x = 3",
		"delete from t where x > 8",
		"begin", "insert into t values (100, 1)", "rollback",
		"select * from t where x = 2",
		"select * from t",
		"select count(*) from t",
		"select * from t where y = 5",
	} {
		run(a, q)
	}
	const tables = "select seq_scan, seq_tup_read, idx_scan, idx_tup_fetch, n_tup_ins, n_tup_upd, n_tup_del, n_live_tup from pg_stat_user_tables where relname = 't'"
	const indexes = "select indexrelname, idx_scan, idx_tup_read from pg_stat_user_indexes where relname = 't' order by 1"
	// two sequential scans of 8 rows; the primary key found x = 2, x = 3
	// and x > 8 (3 rows), t_y y = 5; 11 inserted (1 rolled back), 8 live
	if got, want := run(b, tables), "2|16|4|5|11|1|2|8\n"; got != want {
		t.Errorf("pg_stat_user_tables:\n%s want\n%s", got, want)
	}
	if got, want := run(b, indexes), "t_pkey|3|4\nt_y|1|1\n"; got != want {
		t.Errorf("pg_stat_user_indexes:\n%s want\n%s", got, want)
	}
	// the database's: its tables' sums, the rollback, both sessions
	const database = "select numbackends, xact_rollback, tup_inserted, tup_updated, tup_deleted, sessions, deadlocks from pg_stat_database where datname = current_database()"
	if got, want := run(b, database), "2|1|11|1|2|2|0\n"; got != want {
		t.Errorf("pg_stat_database:\n%s want\n%s", got, want)
	}
}
