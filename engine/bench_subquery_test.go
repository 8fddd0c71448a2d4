package engine_test

import (
	"strconv"
	"testing"
)

// BenchmarkScalarSubqueryPerRow is planbench's "scalar subquery per row":
// a users lookup by primary key for each of one user's 100 posts.
func BenchmarkScalarSubqueryPerRow(b *testing.B) {
	s := postsSession(b)
	exec(b, s, "analyze users")
	benchPrepared(b, s, "select p.id, (select u.name from users u where u.id = p.user_id) from posts p where p.user_id = $1",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(1 + i*7%1000)} })
}

// BenchmarkNotExistsOneUser is planbench's "NOT EXISTS, one user's
// posts": an index probe of comments per post of one user (an even user:
// their posts are the odd ones, without comments).
func BenchmarkNotExistsOneUser(b *testing.B) {
	s := commentsSession(b)
	benchPrepared(b, s, "select p.id, p.title from posts p where p.user_id = $1 and not exists (select 1 from comments c where c.post_id = p.id)",
		[]uint32{20}, func(i int) []any { return []any{strconv.Itoa(2 + 2*(i*7%499))} })
}

// BenchmarkExistsOrderLimit is planbench's "EXISTS order by id limit 20":
// posts in key order, probing comments until 20 match.
func BenchmarkExistsOrderLimit(b *testing.B) {
	s := commentsSession(b)
	benchPrepared(b, s, "select p.id, p.title from posts p where exists (select 1 from comments c where c.post_id = p.id) order by p.id limit 20",
		nil, func(int) []any { return nil })
}
