package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine/internal/durable"
)

// fsyncGate holds the log's fsyncs while closed: a commit's record is
// written but not durable until open is called.
type fsyncGate struct {
	armed   atomic.Bool
	entered chan struct{} // one value per fsync that reached the gate
	gate    chan struct{}
}

func newFsyncGate() *fsyncGate {
	return &fsyncGate{entered: make(chan struct{}, 64), gate: make(chan struct{})}
}

func (g *fsyncGate) sync(f *os.File) error {
	if g.armed.Load() && strings.HasPrefix(filepath.Base(f.Name()), "wal.") {
		select {
		case g.entered <- struct{}{}:
		default:
		}
		<-g.gate
	}
	return f.Sync()
}

func (g *fsyncGate) open() { close(g.gate) }

// TestDurableCommitVisibleOnlyWhenDurable: while a commit's fsync has not
// returned, no other session sees it (PostgreSQL shows a commit only
// after its record is flushed, synchronous_commit = on); an autocommit
// INSERT meanwhile runs its statement and logs its record (the writer
// lock is not held across the fsync), while a statement in a transaction
// block, whose rows reach the client before its commit, does not return
// rows built on the commit until it is durable; change subscribers
// (Realtime) get a commit only once it is durable.
func TestDurableCommitVisibleOnlyWhenDurable(t *testing.T) {
	g := newFsyncGate()
	e, err := openDurableWith(Options{DataDir: t.TempDir()}, durable.Options{Sync: g.sync})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	connect := func() *Session {
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a, b, c, r := connect(), connect(), connect(), connect()
	execAll(t, a, "create table t (id int primary key, v int)")
	execAll(t, c, "begin")
	if got := queryAll(t, c, "select count(*) from t"); got != "0\n" {
		t.Fatalf("block's first read: %q", got)
	}
	var delivered atomic.Int64 // commits delivered to change subscribers
	defer e.SubscribeChanges(func(CommittedChanges) { delivered.Add(1) })()
	g.armed.Store(true)
	defer func() {
		if g.armed.Swap(false) {
			g.open()
		}
	}()

	exec := func(s *Session, q string) <-chan error {
		done := make(chan error, 1)
		go func() {
			_, err := s.Exec(ctx, q)
			done <- err
		}()
		return done
	}
	aDone := exec(a, "insert into t values (1, 0)")
	select {
	case <-g.entered:
	case <-time.After(10 * time.Second):
		t.Fatal("the first commit never reached its fsync")
	}
	size := e.durable.dir.LogSize()
	bDone := exec(b, "insert into t values (2, 0)")
	for e.durable.dir.LogSize() == size {
		select {
		case err := <-bDone:
			t.Fatalf("the second insert returned before any fsync did: %v", err)
		case <-time.After(time.Millisecond):
		}
	}
	var cRows atomic.Value
	cDone := make(chan error, 1)
	go func() {
		rows, err := c.Query(ctx, "update t set v = v + 1 returning id")
		if err == nil {
			var ids []string
			for rows.Next() {
				ids = append(ids, *rows.Text()[0])
			}
			err = rows.Err()
			cRows.Store(strings.Join(ids, ","))
		}
		cDone <- err
	}()
	if got := queryAll(t, r, "select count(*) from t"); got != "0\n" {
		t.Errorf("a reader sees %q rows before any commit is durable", got)
	}
	if n := delivered.Load(); n != 0 {
		t.Errorf("%d commits delivered to change subscribers before they were durable", n)
	}
	early := map[string]<-chan error{
		"the first insert was acknowledged":                           aDone,
		"the second insert was acknowledged":                          bDone,
		"UPDATE ... RETURNING in a block returned rows built on them": cDone,
	}
	time.Sleep(50 * time.Millisecond)
	errs := map[string]error{}
	for what, done := range early {
		select {
		case err := <-done:
			t.Errorf("%s before the commits' fsyncs returned", what)
			errs[what] = err
		default:
		}
	}
	g.armed.Store(false)
	g.open()
	for what, done := range early {
		err, ok := errs[what]
		if !ok {
			err = <-done
		}
		if err != nil {
			t.Error(err)
		}
	}
	if t.Failed() {
		execAll(t, c, "rollback")
		return
	}
	if got := cRows.Load(); got != "1,2" {
		t.Errorf("UPDATE ... RETURNING in the block: %v", got)
	}
	execAll(t, c, "commit")
	if got := queryAll(t, r, "select id, v from t order by id"); got != "1|1\n2|1\n" {
		t.Errorf("after the fsyncs: %q", got)
	}
	if n := delivered.Load(); n != 3 {
		t.Errorf("%d commits delivered to change subscribers, want 3", n)
	}
}
