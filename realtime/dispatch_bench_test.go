package realtime

import (
	"fmt"
	"sync"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// benchUser is the uuid of the dispatch benchmark's user i.
func benchUser(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }

// BenchmarkDispatch is the dispatcher's work for one INSERT into a table
// under RLS with 100 subscribers (matching, visibility checks, rendering,
// queueing), without sockets: the subscribers are one user (one group,
// each sees every row) or 100 users each seeing only their own rows
// (100 groups); a round is that many commits dispatched together. The
// time is per commit.
func BenchmarkDispatch(b *testing.B) {
	for _, bc := range []struct {
		distinct bool
		round    int
	}{{false, 1}, {true, 1}, {true, 20}} {
		distinct := bc.distinct
		b.Run(fmt.Sprintf("distinct=%t/round=%d", distinct, bc.round), func(b *testing.B) {
			e := enginetest.Migrated(b, `create table public.items (id bigserial primary key, owner uuid not null, body text not null);
alter table public.items enable row level security;
create policy own on public.items for select to authenticated using (owner = auth.uid() or auth.jwt() ->> 'team' = 'all');
grant select on public.items to authenticated;
alter publication supabase_realtime add table public.items;`)
			s := New(Config{Engine: e, SendQueue: 1 << 30, JanitorInterval: -1})
			defer s.Close()
			f := s.changes
			var mu sync.Mutex
			var got []engine.CommittedChanges
			cancel := e.SubscribeChanges(func(cc engine.CommittedChanges) {
				mu.Lock()
				got = append(got, cc)
				mu.Unlock()
			})
			db := enginetest.Session(b, e)
			for i := 0; i < 100; i++ {
				enginetest.Exec(b, db, fmt.Sprintf("insert into items (owner, body) values ('%s', 'row %d')", benchUser(i), i))
			}
			cancel()
			// a table of some size: the checks must be key lookups, not scans
			enginetest.Exec(b, db, fmt.Sprintf("insert into items (owner, body) select '%s', 'filler' from generate_series(1, 5000)", benchUser(999)))
			if len(got) != 100 {
				b.Fatalf("captured %d commits", len(got))
			}
			var conns []*conn
			for i := 0; i < 100; i++ {
				c := &conn{s: s, vsn: vsn2, done: make(chan struct{}), wake: make(chan struct{}, 1), channels: map[string]*channel{}}
				cl := &claims{role: "authenticated", json: `{"role":"authenticated","team":"all","sub":"` + benchUser(0) + `"}`}
				if distinct {
					cl.json = `{"role":"authenticated","sub":"` + benchUser(i) + `"}`
				}
				ch := &channel{c: c, topic: "realtime:bench", name: "bench", claims: cl,
					pg: []pgBinding{{id: 1, event: "*", schema: "public", table: "items"}}}
				ch.sig = signature(ch)
				f.add(ch)
				conns = append(conns, c)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f.round = append(f.round, got[i%100])
				if len(f.round) == bc.round || i == b.N-1 {
					f.dispatchRound()
				}
				if i%100 == 99 {
					for _, c := range conns {
						c.queue = c.queue[:0]
					}
					f.touched = f.touched[:0]
				}
			}
			b.StopTimer()
			n := 0
			for _, c := range conns {
				n += len(c.queue)
			}
			want := b.N % 100
			if !distinct {
				want *= 100
			}
			if n != want {
				b.Fatalf("%d frames queued, want %d", n, want)
			}
		})
	}
}
