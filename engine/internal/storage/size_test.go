package storage

import (
	"testing"
	"unsafe"
)

// TestEntrySize keeps a B-tree entry in Go's 48-byte size class: a table
// holds two or three entries a row (issue 19's memory target).
func TestEntrySize(t *testing.T) {
	if n := unsafe.Sizeof(entry{}); n > 48 {
		t.Errorf("entry is %d bytes, want at most 48", n)
	}
}
