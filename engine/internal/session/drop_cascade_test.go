package session

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDropCascadeNotice checks the DETAIL of the "drop cascades to"
// notice, which the conformance harness does not compare: one dependent
// is named in the message alone, several are counted and listed one a
// line (PostgreSQL's reportDependentObjects; the lists as PostgreSQL 15
// prints them for these objects).
func TestDropCascadeNotice(t *testing.T) {
	e := newPlanEngine(t, false,
		"create schema s",
		"create type s.mood as enum ('up', 'down')",
		"create table s.t (id int, m s.mood)",
		"create view s.v as select id from s.t",
		"create function s.f(n int) returns int language sql as $$ select n $$",
		"create sequence s.counter",
		"create procedure s.p() language sql as $$ select 1 $$",
		"create table items (id int primary key)",
		"create view item_ids as select id from items",
		"create table child (id int references items (id))",
		"create table lone (id int)",
		"create view lone_v as select id from lone")
	s := connectT(t, e)
	cases := []struct {
		stmt string
		want []Notice
	}{
		{"drop schema s cascade", []Notice{{Severity: "NOTICE", Code: "00000", Message: "drop cascades to 6 other objects",
			Detail: "drop cascades to type s.mood\ndrop cascades to table s.t\ndrop cascades to view s.v\n" +
				"drop cascades to function s.f(integer)\ndrop cascades to sequence s.counter\ndrop cascades to function s.p()"}}},
		{"drop table items cascade", []Notice{{Severity: "NOTICE", Code: "00000", Message: "drop cascades to 2 other objects",
			Detail: "drop cascades to view item_ids\ndrop cascades to constraint child_id_fkey on table child"}}},
		{"drop table lone cascade", []Notice{{Severity: "NOTICE", Code: "00000", Message: "drop cascades to view lone_v"}}},
		{"drop table child cascade", nil},
	}
	for _, c := range cases {
		rows, err := s.Query(context.Background(), c.stmt)
		if err != nil {
			t.Fatalf("%s: %v", c.stmt, err)
		}
		for rows.Next() {
		}
		if err := rows.Close(); err != nil {
			t.Fatalf("%s: %v", c.stmt, err)
		}
		if diff := cmp.Diff(c.want, rows.Notices()); diff != "" {
			t.Errorf("%s: notices (-want +got):\n%s", c.stmt, diff)
		}
	}
}
