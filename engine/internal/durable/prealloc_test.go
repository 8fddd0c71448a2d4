package durable

import (
	"bytes"
	"os"
	"testing"
)

// TestLogPreallocation: a new log is created zero-filled by
// minPreallocate, so its first commit does not extend it, and grows in
// steps that double up to preallocate; every record appended across the
// steps replays.
func TestLogPreallocation(t *testing.T) {
	path := t.TempDir()
	var syncs int
	d, err := Open(path, Options{Sync: func(*os.File) error { syncs++; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Replay(func([]byte) error { return nil }); err != nil {
		t.Fatal(err)
	}
	file := d.name("wal.", 0)
	size := func() int64 {
		st, err := os.Stat(file)
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	if s := size(); s != headerLen+minPreallocate {
		t.Errorf("a new log is %d bytes, want %d", s, headerLen+minPreallocate)
	}
	rec := bytes.Repeat([]byte{7}, 1000)
	syncs = 0
	if _, err := d.Append(rec[:10]); err != nil {
		t.Fatal(err)
	}
	if syncs != 0 {
		t.Errorf("the first append to a new log fsynced %d times", syncs)
	}
	sizes := []int64{size()} // the file's size, then after each growth
	const n = 7000           // 7 MB of records: past a 4 MiB step
	for i := range n {
		rec[0] = byte(i)
		if _, err := d.Append(rec); err != nil {
			t.Fatal(err)
		}
		if s := size(); s != sizes[len(sizes)-1] {
			sizes = append(sizes, s)
		}
	}
	if first := sizes[0]; first > headerLen+minPreallocate+recordHead+int64(len(rec)) {
		t.Errorf("the first commit preallocated %d bytes", first)
	}
	for i := 1; i < len(sizes); i++ {
		// a step starts past the last record, which did not fit the zeros
		step, prev := sizes[i]-sizes[i-1], sizes[i-1]
		if step > preallocate || step < min(prev-headerLen, preallocate)-recordHead-int64(len(rec)) {
			t.Errorf("growth %d: %d bytes after %d", i, step, prev)
		}
	}
	t.Logf("sizes %v", sizes)
	if syncs != len(sizes)-1 {
		t.Errorf("%d fsyncs for %d growths", syncs, len(sizes)-1)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	d, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	got := 0
	if err := d.Replay(func(p []byte) error {
		if got == 0 && len(p) == 10 {
			return nil // the first, short record
		}
		got++
		if len(p) != len(rec) || p[0] != byte(got-1) {
			t.Fatalf("record %d: %d bytes starting %d", got, len(p), p[0])
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got != n {
		t.Errorf("replayed %d records, want %d", got, n)
	}
}
