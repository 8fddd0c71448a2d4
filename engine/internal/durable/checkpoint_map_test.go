package durable

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// ReadCheckpoint's sections are the file mapped: they read back as
// written, ReleaseCheckpoint may be called more than once (and by Close),
// and a damaged file is refused with nothing left mapped.
func TestCheckpointMapped(t *testing.T) {
	path := t.TempDir()
	d, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]byte{[]byte("meta"), {}, bytes.Repeat([]byte("row"), 10000)}
	gen, err := d.Rotate()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteCheckpoint(gen, want); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	d, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.ReadCheckpoint()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d sections, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("section %d differs", i)
		}
	}
	if err := d.ReleaseCheckpoint(); err != nil {
		t.Fatal(err)
	}
	if err := d.ReleaseCheckpoint(); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	file := d.name("checkpoint.", gen)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var ce *CorruptError
	if _, err := d.ReadCheckpoint(); !errors.As(err, &ce) {
		t.Fatalf("damaged checkpoint: %v", err)
	}
	if d.unmap != nil {
		t.Error("a refused checkpoint stays mapped")
	}
}
