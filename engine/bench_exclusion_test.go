package engine_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkExclusionInsert inserts 2,000 bookings of 50 rooms into a
// table with a booking app's exclusion constraint (room WITH =, during
// WITH &&): each row is checked against the rows of its room only.
func BenchmarkExclusionInsert(b *testing.B) {
	e := enginetest.New(b)
	s := mustSession(b, e)
	defer s.Close()
	exec(b, s, "create extension btree_gist")
	for b.Loop() {
		b.StopTimer()
		exec(b, s, "drop table if exists bookings")
		exec(b, s, "create table bookings (id int primary key, room int, during tsrange, exclude using gist (room with =, during with &&))")
		b.StartTimer()
		exec(b, s, `insert into bookings select g, g % 50, tsrange('2026-01-01'::timestamp + g * interval '1 hour', '2026-01-01'::timestamp + (g + 1) * interval '1 hour')
			from generate_series(1, 2000) g`)
	}
}

// BenchmarkExclusionAddConstraint adds that constraint to a table already
// holding the 2,000 bookings: each row looks up its room's rows in the
// new index rather than comparing with every earlier row.
func BenchmarkExclusionAddConstraint(b *testing.B) {
	e := enginetest.New(b)
	s := mustSession(b, e)
	defer s.Close()
	exec(b, s, "create extension btree_gist")
	exec(b, s, "create table bookings (id int primary key, room int, during tsrange)")
	exec(b, s, `insert into bookings select g, g % 50, tsrange('2026-01-01'::timestamp + g * interval '1 hour', '2026-01-01'::timestamp + (g + 1) * interval '1 hour')
		from generate_series(1, 2000) g`)
	for b.Loop() {
		exec(b, s, "alter table bookings add constraint no_overlap exclude using gist (room with =, during with &&)")
		b.StopTimer()
		exec(b, s, "alter table bookings drop constraint no_overlap")
		b.StartTimer()
	}
}
