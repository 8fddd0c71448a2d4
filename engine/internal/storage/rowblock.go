package storage

import (
	"reflect"
	"time"
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
)

// A stored row of self-contained values lives in one allocation with its
// primary entry (issue 19's memory target): the entry, then the row's
// interface words, then the values they point to — fixed-size values
// (integers, floats, booleans, UTC times, pointer-free structs of named
// types) and strings with their bytes. The engine hands a row over as a
// slice plus one allocation per value, interleaved in the heap's size
// classes with the statement's garbage, whose freed slots then kept
// partly empty spans alive; one block a row is also smaller.
//
// Only the entry part of a block holds pointers the collector must
// follow; the rest is pointer-free memory to it. That is sound because
// every pointer written there points into the block itself (a value, a
// string's bytes) or to a static type descriptor: a value whose type is
// not a named, compile-time type, or that points anywhere else (a
// time.Time with a zone, a decimal, a slice), sends the whole row to the
// ordinary layout (copied slice, values shared). A stored row is never
// written after it is stored (entry), so nothing can store a heap
// pointer into a block later.

// rowBlock is a primary entry with words of pointer-free room after it.
type rowBlock[P any] struct {
	e    entry
	data P
}

func newBlock[P any]() *entry { return &new(rowBlock[P]).e }

// mallocHeader is the word the Go allocator puts before an object with
// pointers larger than 512 bytes: the block sizes below are chosen so
// that block plus header is exactly a size class, wasting nothing.
const mallocHeader = 8

// blockSizes lists the blocks by their room in words, smallest first.
var blockSizes = [...]struct {
	words int
	alloc func() *entry
}{
	{2, newBlock[[2]uint64]}, // 64-byte class
	{4, newBlock[[4]uint64]},
	{6, newBlock[[6]uint64]},
	{8, newBlock[[8]uint64]},
	{10, newBlock[[10]uint64]},
	{12, newBlock[[12]uint64]},
	{14, newBlock[[14]uint64]},
	{16, newBlock[[16]uint64]},
	{18, newBlock[[18]uint64]},
	{20, newBlock[[20]uint64]},
	{22, newBlock[[22]uint64]},
	{24, newBlock[[24]uint64]},
	{26, newBlock[[26]uint64]}, // 256
	{30, newBlock[[30]uint64]},
	{34, newBlock[[34]uint64]},
	{38, newBlock[[38]uint64]},
	{42, newBlock[[42]uint64]},
	{46, newBlock[[46]uint64]},
	{50, newBlock[[50]uint64]},
	{54, newBlock[[54]uint64]},
	{58, newBlock[[58]uint64]}, // 512
	{(576 - 48 - mallocHeader) / 8, newBlock[[65]uint64]},
	{(640 - 48 - mallocHeader) / 8, newBlock[[73]uint64]},
	{(768 - 48 - mallocHeader) / 8, newBlock[[89]uint64]},
	{(1024 - 48 - mallocHeader) / 8, newBlock[[121]uint64]},
}

// eface is the layout of an interface value.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

var timeType = reflect.TypeFor[time.Time]()

// payload returns the bytes value v needs in a block after its
// interface word (rounded up to words, a string's bytes excepted), and
// false when v cannot live in one.
func payload(v any) (int, bool) {
	switch x := v.(type) {
	case nil:
		return 0, true
	case int64, int32, int16, float64, float32, bool:
		return 8, true
	case string:
		return 16 + len(x), true
	case time.Time:
		// UTC's zone is nil or the static time.UTC; any other may be
		// a zone loaded on the heap
		return 24, x.Location() == time.UTC
	}
	t := reflect.TypeOf(v)
	if t.Name() == "" || t.Size() == 0 || !pointerFree(t) {
		return 0, false
	}
	return int(t.Size()+7) &^ 7, true
}

// pointerFree reports whether values of t hold no pointer.
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return pointerFree(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// storedEntry returns the primary entry of a row about to be stored,
// with a copy of row (which the caller may reuse) as its row and the
// primary key key(stored row) as its key.
func storedEntry(row sql.Row, key func(sql.Row) sql.Row, tid int64, xmin uint32) *entry {
	e, stored := blockEntry(row)
	if e == nil {
		stored = row.Copy()
		e = &entry{}
	}
	e.tid, e.xmin = tid, xmin
	e.setKey(key(stored))
	e.setRow(stored)
	return e
}

// blockEntry copies row into a new block, nil when it does not fit one.
func blockEntry(row sql.Row) (*entry, sql.Row) {
	if len(row) == 0 {
		return nil, nil
	}
	need := 16 * len(row)
	for _, v := range row {
		n, ok := payload(v)
		if !ok {
			return nil, nil
		}
		need += n
	}
	words := (need + 7) / 8
	i := 0
	for i < len(blockSizes) && blockSizes[i].words < words {
		i++
	}
	if i == len(blockSizes) {
		return nil, nil
	}
	e := blockSizes[i].alloc()
	base := unsafe.Add(unsafe.Pointer(e), unsafe.Sizeof(entry{}))
	stored := unsafe.Slice((*any)(base), len(row))
	// fixed-size values first, word-aligned; strings' bytes last
	off := uintptr(16 * len(row))
	var strs uintptr
	for _, v := range row {
		if s, ok := v.(string); ok {
			strs += uintptr(len(s))
		}
	}
	tail := uintptr(need) - strs
	for i, v := range row {
		if v == nil {
			continue
		}
		p := unsafe.Add(base, off)
		src := (*eface)(unsafe.Pointer(&v))
		switch x := v.(type) {
		case string:
			off += 16
			if len(x) == 0 {
				break // "" points nowhere (its bytes would be past the block)
			}
			b := unsafe.Add(base, tail)
			copy(unsafe.Slice((*byte)(b), len(x)), x)
			*(*string)(p) = unsafe.String((*byte)(b), len(x))
			tail += uintptr(len(x))
		default:
			n, _ := payload(v)
			copy(unsafe.Slice((*byte)(p), n), unsafe.Slice((*byte)(src.data), reflect.TypeOf(v).Size()))
			off += uintptr(n)
		}
		*(*eface)(unsafe.Pointer(&stored[i])) = eface{typ: src.typ, data: p}
	}
	return e, stored
}
