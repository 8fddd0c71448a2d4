package durable

import (
	"encoding/binary"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGroupCommit: concurrent committers share fsyncs, every record
// whose wait returned is durable and replays in order of appending, and
// a committer left alone after others stop still gets its fsync.
func TestGroupCommit(t *testing.T) {
	path := t.TempDir()
	var syncs atomic.Int64
	slow := Options{Sync: func(f *os.File) error {
		syncs.Add(1)
		time.Sleep(2 * time.Millisecond) // a slow disk: commits pile up behind each fsync
		return f.Sync()
	}}
	d, err := Open(path, slow)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Replay(func([]byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex // the engine's writer lock: appends in order
	var next uint64
	commit := func() error {
		mu.Lock()
		next++
		wait, err := d.Append(binary.AppendUvarint(nil, next))
		mu.Unlock()
		if err != nil {
			return err
		}
		return wait()
	}
	const writers, each = 8, 40
	commitConcurrently(t, writers, each, commit)
	shared := syncs.Load()
	// one committer alone, after eight: its fsyncs do not wait for the
	// others forever
	for range 5 {
		if err := commit(); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if shared > writers*each/2 {
		t.Errorf("%d commits from %d writers took %d fsyncs: not grouped", writers*each, writers, shared)
	}
	d, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var got uint64
	if err := d.Replay(func(p []byte) error {
		v, _ := binary.Uvarint(p)
		if v != got+1 {
			t.Fatalf("record %d after %d", v, got)
		}
		got = v
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got != writers*each+5 {
		t.Errorf("replayed %d records, want %d", got, writers*each+5)
	}
}

// TestGroupCommitGathersEveryWriter: with 8 writers on a slow disk, an
// fsync covers the records of about all of them. The committers an fsync
// wakes are still waiters until they run again; counted as arrived, they
// let the next fsync start for the first one's record alone, and fsyncs
// alternated one commit and seven.
func TestGroupCommitGathersEveryWriter(t *testing.T) {
	var syncs atomic.Int64
	d, err := Open(t.TempDir(), Options{Sync: func(f *os.File) error {
		syncs.Add(1)
		// long enough that a loaded machine's scheduling delays stay inside
		// the gather's wait, which lasts as long as the last fsync took
		time.Sleep(5 * time.Millisecond)
		return f.Sync()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Replay(func([]byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	commit := func() error {
		mu.Lock()
		wait, err := d.Append([]byte("commit"))
		mu.Unlock()
		if err != nil {
			return err
		}
		return wait()
	}
	const writers, each = 8, 60
	commitConcurrently(t, writers, each, commit)
	perSync := float64(writers*each) / float64(syncs.Load())
	t.Logf("%.1f commits per fsync", perSync)
	if perSync < 5.5 {
		t.Errorf("%d writers made %.1f commits per fsync, want about %d", writers, perSync, writers)
	}
}

// commitConcurrently runs commit each times on each of writers
// goroutines and waits for them.
func commitConcurrently(t *testing.T, writers, each int, commit func() error) {
	var wg sync.WaitGroup
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				if err := commit(); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
