package durable

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGroupCommitAcknowledgedIsSynced: with 8 concurrent committers, a
// commit's wait returns only after an fsync that started after its record
// was written has returned, and a crash keeps exactly the records the
// last such fsync covered, in order. The disk is modelled by the Sync
// hook: an fsync makes durable what the file held when it was called,
// once it returns; anything written later is lost in the crash.
func TestGroupCommitAcknowledgedIsSynced(t *testing.T) {
	path := t.TempDir()
	var (
		mu      sync.Mutex
		durable []byte       // the log as the disk holds it
		count   atomic.Int64 // records in durable
		syncs   atomic.Int64
	)
	opts := Options{Sync: func(f *os.File) error {
		if !strings.HasPrefix(filepath.Base(f.Name()), "wal.") {
			return f.Sync()
		}
		img, err := os.ReadFile(f.Name())
		if err != nil {
			return err
		}
		time.Sleep(300 * time.Microsecond) // commits pile up behind it
		syncs.Add(1)
		mu.Lock()
		defer mu.Unlock()
		if n := countRecords(t, img); n >= count.Load() {
			durable = img
			count.Store(n)
		}
		return nil
	}}
	d, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.ReadCheckpoint(); err != nil {
		t.Fatal(err)
	}
	if err := d.Replay(func([]byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var writer sync.Mutex // the engine's writer lock: appends in order
	var next uint64
	const writers, each = 8, 60
	var wg sync.WaitGroup
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				writer.Lock()
				next++
				n := next
				wait, err := d.Append(binary.AppendUvarint(nil, n))
				writer.Unlock()
				if err == nil {
					err = wait()
				}
				if err != nil {
					t.Error(err)
					return
				}
				if got := count.Load(); got < int64(n) {
					t.Errorf("commit %d acknowledged with %d records durable", n, got)
					return
				}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	if s := syncs.Load(); s > writers*each/2 {
		t.Errorf("%d commits from %d writers took %d fsyncs: not grouped", writers*each, writers, s)
	}
	// the crash: a copy of the directory holding the log as the disk has it
	mu.Lock()
	img, want := durable, count.Load()
	mu.Unlock()
	crashed := t.TempDir()
	format, err := os.ReadFile(filepath.Join(path, formatName))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(crashed, formatName), format, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(crashed, filepath.Base(d.wal.name)), img, 0o644); err != nil {
		t.Fatal(err)
	}
	abandonDir(d)
	d2, err := Open(crashed, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if _, err := d2.ReadCheckpoint(); err != nil {
		t.Fatal(err)
	}
	var got int64
	if err := d2.Replay(func(p []byte) error {
		v, _ := binary.Uvarint(p)
		if int64(v) != got+1 {
			t.Fatalf("record %d after %d", v, got)
		}
		got++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got != want || got < writers*each {
		t.Errorf("recovered %d records, want %d (all %d acknowledged)", got, want, writers*each)
	}
}

// countRecords counts the complete records of a log image.
func countRecords(t *testing.T, b []byte) int64 {
	t.Helper()
	var n int64
	for off := headerLen; off+recordHead <= len(b); n++ {
		l := int(binary.LittleEndian.Uint32(b[off:]))
		if l == 0 || off+recordHead+l > len(b) {
			break
		}
		off += recordHead + l
	}
	return n
}

// abandonDir stops using d without the final fsync Close makes.
func abandonDir(d *Dir) {
	d.walMu.Lock()
	w := d.wal
	d.wal = nil
	d.walMu.Unlock()
	if w != nil {
		w.f.Close()
	}
	d.unlock()
}
