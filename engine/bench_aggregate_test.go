package engine_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// postsSession is bench/planbench's posts table at 100k rows (1,000
// users), analyzed.
func postsSession(b *testing.B) *engine.Session {
	b.Helper()
	e := enginetest.New(b)
	s := mustSession(b, e)
	execScript(b, s, `
create table users (id bigint primary key, name text not null);
create table posts (id bigint primary key, user_id bigint not null references users(id), published bool not null, created_at timestamptz not null, title text not null);
insert into users select g, 'user ' || g from generate_series(1, 1000) g;
insert into posts select g, 1 + (g * 7919) % 1000, g % 3 <> 0, timestamptz '2024-01-01 00:00:00+00' + ((g * 37) % 100000) * interval '1 second', 'post number ' || g from generate_series(1, 100000) g;
create index posts_user_id_idx on posts (user_id);
analyze posts;`)
	return s
}

// BenchmarkCountFiltered is PostgREST's count=exact over a filter.
func BenchmarkCountFiltered(b *testing.B) {
	s := postsSession(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, "select count(*) from posts where published")
	}
}

// BenchmarkCountAll is an unfiltered count(*).
func BenchmarkCountAll(b *testing.B) {
	s := postsSession(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		exec(b, s, "select count(*) from posts")
	}
}

// BenchmarkGroupByCount groups 100k rows into 1,000 groups.
func BenchmarkGroupByCount(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select user_id, count(*) from posts group by user_id", nil, func(int) []any { return nil })
}

// BenchmarkGroupByText groups 100k rows by a text column into 1,000
// groups.
func BenchmarkGroupByText(b *testing.B) {
	s := postsSession(b)
	benchPrepared(b, s, "select u.name, count(*) from posts p join users u on u.id = p.user_id group by u.name", nil, func(int) []any { return nil })
}

// BenchmarkGroupByCountPrepared is BenchmarkGroupByCount through a
// prepared statement, as drivers send it.
func BenchmarkGroupByCountPrepared(b *testing.B) {
	s := postsSession(b)
	ctx := context.Background()
	p, err := s.Prepare(ctx, "select user_id, count(*) from posts group by user_id", nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rows, err := s.QueryPrepared(ctx, p, nil)
		if err != nil {
			b.Fatal(err)
		}
		for rows.Next() {
		}
		if err := rows.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
