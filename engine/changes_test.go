package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// changeLog collects committed changes as lines "OP table old -> new".
type changeLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *changeLog) add(cc engine.CommittedChanges) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var parts []string
	for _, c := range cc.Changes {
		parts = append(parts, fmt.Sprintf("%s %s.%s %s -> %s", c.Op, c.Schema, c.Table, rowText(c, c.Old), rowText(c, c.New)))
	}
	l.lines = append(l.lines, strings.Join(parts, "; "))
}

func (l *changeLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.lines
	l.lines = nil
	return out
}

func rowText(c engine.Change, row []json.RawMessage) string {
	if row == nil {
		return "-"
	}
	var f []string
	for i, v := range row {
		s := "null"
		if v != nil {
			s = string(v)
		}
		f = append(f, c.Columns[i].Name+"="+s)
	}
	return "{" + strings.Join(f, ",") + "}"
}

// TestChangeCapture: committed row changes reach subscribers in commit
// order with their before and after images as to_json values; rolled
// back transactions, savepoints rolled back to and failed statements
// deliver nothing; table rewrites are not row changes; a DELETE without
// WHERE is its rows, not a TRUNCATE; MERGE's actions are row changes.
func TestChangeCapture(t *testing.T) {
	e := enginetest.New(t)
	s := enginetest.Session(t, e)
	enginetest.Exec(t, s, `create table public.t (id int primary key, body text, tags text[], meta jsonb, at timestamptz, ok boolean)`)
	var log changeLog
	cancel := e.SubscribeChanges(log.add)
	defer cancel()

	steps := []struct {
		name string
		sql  string
		want []string
	}{
		{"insert", `insert into t values (1, 'a', '{x,y}', '{"k": [1, 2]}', '2024-01-02 03:04:05.5+00', true)`,
			[]string{`INSERT public.t - -> {id=1,body="a",tags=["x","y"],meta={"k": [1, 2]},at="2024-01-02T03:04:05.5+00:00",ok=true}`}},
		{"update", `update t set body = null where id = 1`,
			[]string{`UPDATE public.t {id=1,body="a",tags=["x","y"],meta={"k": [1, 2]},at="2024-01-02T03:04:05.5+00:00",ok=true} -> {id=1,body=null,tags=["x","y"],meta={"k": [1, 2]},at="2024-01-02T03:04:05.5+00:00",ok=true}`}},
		{"writable CTE", `with u as (update t set body = 'b' where id = 1 returning id) select * from u`,
			[]string{`UPDATE public.t {id=1,body=null,tags=["x","y"],meta={"k": [1, 2]},at="2024-01-02T03:04:05.5+00:00",ok=true} -> {id=1,body="b",tags=["x","y"],meta={"k": [1, 2]},at="2024-01-02T03:04:05.5+00:00",ok=true}`}},
		{"rolled back", `begin; insert into t (id) values (2); rollback`, nil},
		{"savepoint", `begin; insert into t (id) values (3); savepoint s; insert into t (id) values (4); rollback to savepoint s; insert into t (id) values (5); commit`,
			[]string{`INSERT public.t - -> {id=3,body=null,tags=null,meta=null,at=null,ok=null}; INSERT public.t - -> {id=5,body=null,tags=null,meta=null,at=null,ok=null}`}},
		{"failed statement", `begin; insert into t (id) values (6); insert into t (id) values (7), (1); rollback`, nil},
		{"rewrite", `alter table t add column n int default 7`, nil},
		{"delete", `delete from t where id in (3, 5)`,
			[]string{`DELETE public.t {id=3,body=null,tags=null,meta=null,at=null,ok=null,n=7} -> -; DELETE public.t {id=5,body=null,tags=null,meta=null,at=null,ok=null,n=7} -> -`}},
		{"delete without where", `insert into t (id) values (9), (10); delete from t`,
			[]string{`INSERT public.t - -> {id=9,body=null,tags=null,meta=null,at=null,ok=null,n=7}; INSERT public.t - -> {id=10,body=null,tags=null,meta=null,at=null,ok=null,n=7}`,
				`DELETE public.t {id=1,body="b",tags=["x","y"],meta={"k": [1, 2]},at="2024-01-02T03:04:05.5+00:00",ok=true,n=7} -> -; DELETE public.t {id=9,body=null,tags=null,meta=null,at=null,ok=null,n=7} -> -; DELETE public.t {id=10,body=null,tags=null,meta=null,at=null,ok=null,n=7} -> -`}},
		{"merge", `merge into t using (values (20, 'm'), (21, 'n')) s(id, body) on t.id = s.id when not matched then insert (id, body) values (s.id, s.body)`,
			[]string{`INSERT public.t - -> {id=20,body="m",tags=null,meta=null,at=null,ok=null,n=7}; INSERT public.t - -> {id=21,body="n",tags=null,meta=null,at=null,ok=null,n=7}`}},
		{"merge update and delete", `merge into t using (values (20), (21)) s(id) on t.id = s.id when matched and t.id = 20 then update set body = 'u' when matched then delete`,
			[]string{`UPDATE public.t {id=20,body="m",tags=null,meta=null,at=null,ok=null,n=7} -> {id=20,body="u",tags=null,meta=null,at=null,ok=null,n=7}; DELETE public.t {id=21,body="n",tags=null,meta=null,at=null,ok=null,n=7} -> -`}},
		{"truncate", `insert into t (id) values (11); truncate t`, []string{`INSERT public.t - -> {id=11,body=null,tags=null,meta=null,at=null,ok=null,n=7}`, `TRUNCATE public.t - -> -`}},
	}
	for _, st := range steps {
		_, _ = s.Exec(context.Background(), st.sql)
		if s.TxStatus() != 'I' { // the failed statement left the block aborted
			enginetest.Exec(t, s, "rollback")
		}
		if got := log.take(); !cmp.Equal(got, st.want) {
			t.Errorf("%s: changes\n%s", st.name, cmp.Diff(st.want, got))
		}
	}

	cancel()
	enginetest.Exec(t, s, `insert into t (id) values (8)`)
	if got := log.take(); got != nil {
		t.Errorf("after cancel: %v", got)
	}
}

// TestChangeCaptureOrder: concurrent writers' commits arrive in the
// order they committed (each row's value counts up per writer).
func TestChangeCaptureOrder(t *testing.T) {
	e := enginetest.New(t)
	s := enginetest.Session(t, e)
	enginetest.Exec(t, s, `create table public.c (w int, n int, primary key (w, n))`)
	var mu sync.Mutex
	var seen []string
	cancel := e.SubscribeChanges(func(cc engine.CommittedChanges) {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range cc.Changes {
			seen = append(seen, string(c.New[0])+":"+string(c.New[1]))
		}
	})
	defer cancel()
	const writers, each = 4, 25
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		ws := enginetest.Session(t, e)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < each; n++ {
				if _, err := ws.Exec(context.Background(), fmt.Sprintf(`insert into c values (%d, %d)`, w, n)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != writers*each {
		t.Fatalf("got %d changes, want %d", len(seen), writers*each)
	}
	next := map[string]int{}
	for _, v := range seen {
		w, n, _ := strings.Cut(v, ":")
		if want := fmt.Sprint(next[w]); n != want {
			t.Fatalf("writer %s: got row %s, want %s (order %v)", w, n, want, seen)
		}
		next[w]++
	}
}

// BenchmarkCaptureOverhead is a one-row INSERT (autocommit) with no
// change subscriber and with one that only counts: the cost change
// capture adds to the committing session (row images, to_json values).
func BenchmarkCaptureOverhead(b *testing.B) {
	for _, sub := range []bool{false, true} {
		b.Run(fmt.Sprintf("subscribed=%v", sub), func(b *testing.B) {
			e := enginetest.New(b)
			s := enginetest.Session(b, e)
			enginetest.Exec(b, s, `create table public.items (id bigserial primary key, body text, n int, at timestamptz default now())`)
			var n int
			if sub {
				cancel := e.SubscribeChanges(func(cc engine.CommittedChanges) { n += len(cc.Changes) })
				defer cancel()
			}
			ctx := context.Background()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rows, err := s.Query(ctx, "insert into items (body, n) values ('hello', 42)")
				if err != nil {
					b.Fatal(err)
				}
				rows.Close()
			}
			if sub && n != b.N {
				b.Fatalf("%d changes for %d inserts", n, b.N)
			}
		})
	}
}
