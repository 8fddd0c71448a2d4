package engine_test

import (
	"context"
	"runtime"
	"strconv"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// benchPrepared runs one prepared statement b.N times with the arguments
// args(i) gives, reading every row as a driver does: bench/planbench's
// shapes without the wire, for profiles.
func benchPrepared(b *testing.B, s *engine.Session, q string, oids []uint32, args func(i int) []any) {
	b.Helper()
	ctx := context.Background()
	p, err := s.Prepare(ctx, q, oids)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC() // the setup's garbage is not the statement's
	cpu0, cpuOK := processCPU()
	// b.Loop runs the benchmark function once, so the setup is not
	// repeated for each b.N the framework tries
	for i := 0; b.Loop(); i++ {
		rows, err := s.QueryPrepared(ctx, p, args(i))
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
		if n == 0 {
			b.Fatal("no rows")
		}
	}
	// on the shared machine the CPU time varies less than the wall time
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkFKJoinOneUser is planbench's "FK join, one user" at 100k posts.
func BenchmarkFKJoinOneUser(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select p.id, p.title, u.name from posts p join users u on u.id = p.user_id where u.id = $1",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(1 + i*7%1000)} })
}

// BenchmarkLeftJoinOneUser is planbench's "LEFT JOIN, one user" at 100k
// posts.
func BenchmarkLeftJoinOneUser(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select u.name, p.id, p.title from users u left join posts p on p.user_id = u.id where u.id = $1",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(1 + i*7%1000)} })
}

// BenchmarkLatest20 is planbench's "latest 20" at 100k posts.
func BenchmarkLatest20(b *testing.B) {
	s := postsSession(b)
	exec(b, s, "create index posts_created_at_idx on posts (created_at)")
	benchPrepared(b, s, "select id, title, created_at from posts order by created_at desc limit 20",
		nil, func(int) []any { return nil })
}

// commentsSession is postsSession with planbench's comments table: 100k
// comments on every other post, an index on post_id, bodies repeating
// every 5,000 rows.
func commentsSession(b *testing.B) *engine.Session {
	b.Helper()
	s := postsSession(b)
	execScript(b, s, `
create table comments (id bigint primary key, post_id bigint not null references posts(id), body text not null);
insert into comments select g, 2 + (g * 13) % 50000 * 2, 'comment ' || (g % 5000) from generate_series(1, 100000) g;
create index comments_post_id_idx on comments (post_id);
analyze comments;
analyze users;`)
	return s
}

// BenchmarkInSubqueryUnindexed is planbench's "id IN (subquery)": the
// subquery filters 100k comments on an unindexed text column.
func BenchmarkInSubqueryUnindexed(b *testing.B) {
	s := commentsSession(b)
	benchPrepared(b, s, "select p.id, p.title from posts p where p.id in (select c.post_id from comments c where c.body = $1)",
		[]uint32{25}, func(i int) []any { return []any{"comment " + strconv.Itoa(i*7%5000)} })
}

// BenchmarkKeysetPage is planbench's "keyset page" at 100k posts.
func BenchmarkKeysetPage(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select id, user_id, title from posts where published and id > $1 order by id limit 20",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(i * 7919 % 99000)} })
}

// BenchmarkIDAny is planbench's "id = any($1)" with 10 ids at 100k posts.
func BenchmarkIDAny(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select id, user_id, title from posts where id = any($1::bigint[])",
		[]uint32{1016}, func(i int) []any {
			ids := "{"
			for k := 0; k < 10; k++ {
				if k > 0 {
					ids += ","
				}
				ids += strconv.Itoa(1 + (i*10+k)*7919%100000)
			}
			return []any{ids + "}"}
		})
}

// BenchmarkExistsOneUser is planbench's "EXISTS, one user's posts": an
// index probe of comments per post of one user (an odd user: their posts
// are the even ones, which have comments).
func BenchmarkExistsOneUser(b *testing.B) {
	s := commentsSession(b)
	benchPrepared(b, s, "select p.id, p.title from posts p where p.user_id = $1 and exists (select 1 from comments c where c.post_id = p.id)",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(1 + 2*(i*7%500))} })
}

// BenchmarkJoinChain is planbench's "join chain, bad order": one user's
// posts (found by an unindexed name) and their comments, the chain
// written from the largest table.
func BenchmarkJoinChain(b *testing.B) {
	s := commentsSession(b)
	benchPrepared(b, s, "select c.id, p.title, u.name from comments c join posts p on p.id = c.post_id join users u on u.id = p.user_id where u.name = $1",
		[]uint32{25}, func(i int) []any { return []any{"user " + strconv.Itoa(1+2*(i*7%500))} })
}

// BenchmarkJoinChainGoodOrder is planbench's "join chain, good order":
// the same chain written from users.
func BenchmarkJoinChainGoodOrder(b *testing.B) {
	s := commentsSession(b)
	benchPrepared(b, s, "select c.id, p.title, u.name from users u join posts p on u.id = p.user_id join comments c on p.id = c.post_id where u.name = $1",
		[]uint32{25}, func(i int) []any { return []any{"user " + strconv.Itoa(1+2*(i*7%500))} })
}
