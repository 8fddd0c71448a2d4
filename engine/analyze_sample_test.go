package engine_test

import (
	"strconv"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// ANALYZE of a table larger than its 30,000-row sample estimates a column
// whose values repeat with a short period as PostgreSQL 15 does (recorded:
// n_distinct 1000, rows=99 for one value, which varies with PostgreSQL's
// random sample around the true 100): a sample of every k-th row
// saw 300 of the 1,000 user ids (7919 * g % 1000 taken every 10/3 rows
// has three last digits) and planned 333 rows per user.
func TestAnalyzeSamplePeriodicColumn(t *testing.T) {
	s := mustSession(t, enginetest.New(t))
	execScript(t, s, `
create table sp (id bigint primary key, user_id bigint not null);
insert into sp select g, 1 + (g * 7919) % 1000 from generate_series(1, 100000) g;
analyze sp;`)
	if got := queryStrings(t, s, "select n_distinct from pg_stats where tablename = 'sp' and attname = 'user_id'")[0][0]; got != "1000" {
		t.Errorf("n_distinct = %s, want 1000", got)
	}
	if got, _ := strconv.Atoi(explainRows(t, s, "select * from sp where user_id = 5")); got < 90 || got > 110 {
		t.Errorf("user_id = 5: rows=%d, want about 100", got)
	}
}
