package engine_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// rowsInOrder runs q and returns its rows as text lines in the order
// they came.
func rowsInOrder(t *testing.T, s *engine.Session, q string, args ...any) []string {
	t.Helper()
	var out []string
	for _, r := range queryStrings(t, s, q, args...) {
		out = append(out, strings.Join(r, "|"))
	}
	return out
}

// TestScanPathsMatchPlain compares the read path's shortcuts — a filter
// applied by the scan (gmsadapter's exec_scan_filter.go; under an
// aggregate, a plain select, a join's side, an UPDATE), a GROUP BY
// keyed by a column's values, small integers by index
// (exec_hash_aggregate.go), a hashed IN reading its keys under the
// subquery's projection — with the same queries written so that none
// applies (a computed column, which neither compiles nor keys by value),
// rows in the order they come: GROUP BY's groups come in the order first
// seen either way. The keys mix NULLs, negative, small, sparse and large
// integers, so the dense index grows, takes keys over from the map and
// leaves others in it.
func TestScanPathsMatchPlain(t *testing.T) {
	e := enginetest.New(t)
	s := mustSession(t, e)
	defer s.Close()
	execScript(t, s, `
create table keyed (id bigint primary key, k bigint, small int, flag boolean, label text);
insert into keyed select g,
  case when g % 17 = 0 then null
       when g % 5 = 0 then (g * 7919) % 3000
       when g % 5 = 1 then -(g % 40)
       when g % 5 = 2 then 5000 + (g % 300) * 1000
       when g % 5 = 3 then 3000000000 + g % 9
       else g % 70000 end,
  (g * 31) % 50 - 10, case when g % 7 = 0 then null else g % 3 = 0 end,
  case when g % 11 = 0 then null else 'l' || (g % 23) end
  from generate_series(1, 6000) g;
create table refs (id bigint primary key, kid bigint, note text);
insert into refs select g, (g * 13) % 6500, 'n' || (g % 9) from generate_series(1, 3000) g;`)

	same := func(fast, plain string, args ...any) {
		t.Helper()
		f, p := rowsInOrder(t, s, fast, args...), rowsInOrder(t, s, plain, args...)
		if strings.Join(f, "\n") != strings.Join(p, "\n") {
			t.Errorf("%s\n shortcut: %d rows %q\n    plain: %d rows %q", fast, len(f), firstLines(f), len(p), firstLines(p))
		}
		if len(f) == 0 {
			t.Errorf("%s: no rows (the comparison proves nothing)", fast)
		}
	}
	for _, tc := range []struct {
		fast, plain string
		args        []any
	}{
		{"select k, count(*), min(id), sum(small) from keyed group by k",
			"select k + 0, count(*), min(id), sum(small) from keyed group by k + 0", nil},
		{"select small, count(*), max(label) from keyed group by small",
			"select small + 0, count(*), max(label) from keyed group by small + 0", nil},
		{"select label, count(*) from keyed group by label",
			"select label || '', count(*) from keyed group by label || ''", nil},
		{"select k, count(*) from keyed where small > 3 and flag group by k",
			"select k + 0, count(*) from keyed where small + 0 > 3 and (flag or false) group by k + 0", nil},
		{"select count(*) from keyed where label = 'l7'", "select count(*) from keyed where label || '' = 'l7'", nil},
		{"select count(*) from keyed where 'l7' <= label", "select count(*) from keyed where 'l7' <= label || ''", nil},
		{"select count(*) from keyed where k <> 12", "select count(*) from keyed where k + 0 <> 12", nil},
		{"select count(*) from keyed where k >= $1", "select count(*) from keyed where k + 0 >= $1", []any{int64(4000)}},
		{"select small, count(*) from keyed where label < $1 group by small",
			"select small + 0, count(*) from keyed where label || '' < $1 group by small + 0", []any{"l3"}},
		{"select id, k from keyed where id in (select kid from refs where note = 'n4') order by id",
			"select id, k from keyed where id in (select kid + 0 from refs where note || '' = 'n4') order by id", nil},
		{"select id from keyed where id in (select kid from refs where note = $1) order by id",
			"select id from keyed where id in (select kid + 0 from refs where note || '' = $1) order by id", []any{"n2"}},
		{"select count(*) from keyed where k in (select kid from refs where id < 500)",
			"select count(*) from keyed where k in (select kid + 0 from refs where id + 0 < 500)", nil},
		// a filter over a plain scan, alone and on a join's side: applied
		// by the scan before it copies a row
		{"select id, k, label from keyed where label = 'l7' and small > 0",
			"select id, k, label from keyed where label || '' = 'l7' and small + 0 > 0", nil},
		{"select r.id, k.id, k.label from refs r join keyed k on k.id = r.kid where r.note = $1",
			"select r.id, k.id, k.label from refs r join keyed k on k.id = r.kid where r.note || '' = $1", []any{"n3"}},
		{"select k.id, r.note from keyed k join refs r on r.kid = k.id where k.flag and k.small < 0",
			"select k.id, r.note from keyed k join refs r on r.kid = k.id where (k.flag or false) and k.small + 0 < 0", nil},
		{"update keyed set label = label where small = 7 returning id, label",
			"update keyed set label = label where small + 0 = 7 returning id, label", nil},
		// a filter over an ordered index range under a LIMIT: applied by
		// the cursor from its first chunk, which reads the rows the LIMIT
		// counts (selective, so one chunk's visits run out first), forward
		// and backward, and a whole index read backward
		{"select id, k from keyed where flag and id > $1 order by id limit 20",
			"select id, k from keyed where (flag or false) and id + 0 > $1 order by id + 0 limit 20", []any{int64(100)}},
		{"select id, label from keyed where small = 39 and id > $1 order by id limit 15",
			"select id, label from keyed where small + 0 = 39 and id + 0 > $1 order by id + 0 limit 15", []any{int64(7)}},
		{"select id from keyed where small = -10 and label = 'l5' and id < $1 order by id desc limit 3",
			"select id from keyed where small + 0 = -10 and label || '' = 'l5' and id + 0 < $1 order by id + 0 desc limit 3", []any{int64(5990)}},
		{"select id from keyed order by id desc limit 7", "select id from keyed order by id + 0 desc limit 7", nil},
	} {
		same(tc.fast, tc.plain, tc.args...)
	}
}

func firstLines(rows []string) []string {
	if len(rows) > 8 {
		return rows[:8]
	}
	return rows
}
