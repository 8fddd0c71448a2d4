package session

import (
	"context"
	"strings"
	"testing"
)

// TestDurableIndexOptions: an index's INCLUDE columns, key COLLATE and
// ordering, and a constraint's INCLUDE columns, are part of its
// definition a checkpoint holds; after reopening pg_get_indexdef and
// pg_index read as before and uniqueness is still the key columns'.
func TestDurableIndexOptions(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.t (id int, a int, b text, c text, constraint t_pk primary key (id) include (c));
create unique index t_a on public.t (a desc nulls last) include (b, c);
create index t_b on public.t (b collate "C" text_pattern_ops desc);
alter table public.t add constraint t_c unique (c) include (a);
`)
	const q = "select indexrelid::regclass::text || ' ' || indnatts || ' ' || indnkeyatts || ' ' || indoption::text || ' ' || " +
		"indcollation::text || ' ' || pg_get_indexdef(indexrelid) from pg_index where indrelid = 'public.t'::regclass " +
		"union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where conrelid = 'public.t'::regclass order by 1"
	want := strings.Join([]string{
		"t_a 3 1 1 0 CREATE UNIQUE INDEX t_a ON public.t USING btree (a DESC NULLS LAST) INCLUDE (b, c)",
		`t_b 1 1 3 950 CREATE INDEX t_b ON public.t USING btree (b COLLATE "C" text_pattern_ops DESC)`,
		"t_c 2 1 0 100 CREATE UNIQUE INDEX t_c ON public.t USING btree (c) INCLUDE (a)",
		"t_c UNIQUE (c) INCLUDE (a)",
		"t_pk 2 1 0 0 CREATE UNIQUE INDEX t_pk ON public.t USING btree (id) INCLUDE (c)",
		"t_pk PRIMARY KEY (id) INCLUDE (c)",
	}, "\n") + "\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	execAll(t, s, `insert into public.t values (1, 1, 'x', 'p'); insert into public.t values (2, 2, 'x', 'q');`)
	if _, err := s.Exec(context.Background(), "insert into public.t values (3, 1, 'y', 'r')"); err == nil ||
		!strings.Contains(err.Error(), `"t_a"`) {
		t.Errorf("a duplicate key after reopening: %v", err)
	}
}
