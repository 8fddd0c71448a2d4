package engine_test

import "testing"

// BenchmarkCorrelatedLookup runs a correlated subquery that reads, per
// outer row, the rows an index keyed from that row finds (GMS's foreign
// key index on profiles.team_id): 100 teams of 10 profiles, in heap order.
func BenchmarkCorrelatedLookup(b *testing.B) {
	e := seededEmbed(b)
	s := mustSession(b, e)
	exec(b, s, "update profiles set username = username || '!' where id % 7 = 0")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, `select t.name, (select json_agg(p.username) from profiles p where p.team_id = t.id) from teams t`)
	}
}

// BenchmarkUniqueLookup runs a correlated subquery whose lookup is a point
// on a primary key: one row per outer row, read as before.
func BenchmarkUniqueLookup(b *testing.B) {
	e := seededEmbed(b)
	s := mustSession(b, e)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, `select p.username, (select t.name from teams t where t.id = p.team_id) from profiles p`)
	}
}
