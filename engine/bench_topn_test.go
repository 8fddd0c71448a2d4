package engine_test

import (
	"testing"
)

// BenchmarkTopNUnindexed is planbench's "order by title limit 20" at 100k
// posts: title has no index, so the rows go through a bounded top-N heap.
func BenchmarkTopNUnindexed(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select * from posts order by title limit 20",
		nil, func(int) []any { return nil })
}
