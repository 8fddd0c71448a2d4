package storage

import (
	"context"
	"fmt"
	"math"
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/btree"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// treeDegree is the B-tree degree. Copy-on-write copies one node per level on
// the first write to a shared path, so a moderate degree keeps that cheap.
const treeDegree = 32

// entry is one item of a B-tree.
//
// In a table's primary tree key is the primary key (or the hidden row id of a
// table without one) and row is the stored row. In a secondary index tree key
// is the index key followed by the primary key, and row is nil, except in
// the tree of an index whose key is a run of the row's columns, which
// holds the primary entries themselves (keyOrder.self). In the row
// locator of a keyless table key is every column value followed by the row id.
//
// A primary tree entry is also the table's heap entry (heap.go): tid is its
// tuple number and xmin the transaction that wrote it. Secondary index and
// locator entries leave both zero.
//
// A secondary index entry's ref is the primary entry of its row in the same
// table version, so an index scan reaches the row without a second descent
// of the primary tree (at 100k rows that descent was most of an index
// scan's time). Every write that replaces or removes a primary entry
// replaces or removes the row's index entries with it, even those whose key
// is unchanged (mutate.go); nil (a pivot) means "look the key up". A
// primary entry's ref is the first version of its HOT chain
// (heap_lookup.go), or nil. An index entry with tail set stores only the
// index key: the primary key that follows it is its ref's key, which the
// entry never outlives (indexEntry).
//
// Entries stored in a tree are never mutated: a write replaces the entry.
// Search pivots are entries whose key may be a prefix and whose bias places
// them just before (-1) or just after (+1) every entry starting with that
// prefix, so a pivot never equals a stored entry.
//
// A table holds one entry a row and one per index whose key is not a
// run of the row's columns, so an entry is kept to 48 bytes (issue 19's
// memory target): key and row are stored as a pointer to their first
// value and a length (setKey, setRow) instead of slice headers, and a
// primary key that is a run of the row's columns points into the row
// rather than into a copy (tableDef.ownKey). A primary entry usually
// shares one allocation with its row (rowblock.go).
//
// hint is the key's first value when it is an integer that fits in 32
// bits (hinted): a descent of an integer tree compares keys at every
// level, and reading the value itself costs two more cache misses (the
// key's array, the boxed integer) than the entry it is compared through.
type entry struct {
	keyp   *any
	rowp   *any
	ref    *entry
	tid    int64
	xmin   uint32
	hint   int32
	keyn   uint16
	rown   uint16
	bias   int8
	tail   bool
	hinted bool
}

// emptyRow anchors the stored rows of a table without columns, which
// are empty but not nil.
var emptyRow [1]any

// key returns the entry's key values.
func (e *entry) key() sql.Row {
	if e.keyp == nil {
		return nil
	}
	return unsafe.Slice(e.keyp, e.keyn)
}

// row returns the stored row of a primary entry, nil for any other.
func (e *entry) row() sql.Row {
	if e.rowp == nil {
		return nil
	}
	return unsafe.Slice(e.rowp, e.rown)
}

// parts returns the entry's whole key in two parts: the stored values
// and, for a tail entry, its ref's key.
func (e *entry) parts() (head, tail sql.Row) {
	if e.tail {
		return e.key(), e.ref.key()
	}
	return e.key(), nil
}

// at is value i of a key stored in two parts.
func at(head, tail sql.Row, i int) any {
	if i < len(head) {
		return head[i]
	}
	return tail[i-len(head)]
}

// setKey sets the key; k must not change afterwards.
func (e *entry) setKey(k sql.Row) {
	if len(k) > math.MaxUint16 {
		panic(compareError{fmt.Errorf("storage: a key of %d values is too long", len(k))})
	}
	e.keyp, e.keyn = nil, uint16(len(k))
	e.hint, e.hinted = 0, false
	if len(k) > 0 {
		e.keyp = &k[0]
		switch x := k[0].(type) {
		case int64:
			if x == int64(int32(x)) {
				e.hint, e.hinted = int32(x), true
			}
		case int32:
			e.hint, e.hinted = x, true
		}
	}
}

// setRow sets the stored row; r must not change afterwards.
func (e *entry) setRow(r sql.Row) {
	if len(r) > math.MaxUint16 {
		panic(compareError{fmt.Errorf("storage: a row of %d values is too long", len(r))})
	}
	e.rowp, e.rown = nil, uint16(len(r))
	switch {
	case len(r) > 0:
		e.rowp = &r[0]
	case r != nil:
		e.rowp = &emptyRow[0]
	}
}

// pivot returns a search entry for key with bias.
func pivot(key sql.Row, bias int8) *entry {
	e := &entry{bias: bias}
	e.setKey(key)
	return e
}

// primary returns a primary tree entry for a row and its primary key.
func primary(key, row sql.Row, tid int64, xmin uint32) *entry {
	e := &entry{tid: tid, xmin: xmin}
	e.setKey(key)
	e.setRow(row)
	return e
}

// hotPos is where an index (or bitmap) fetch finds the row in the heap:
// the root of its HOT chain, or its own tuple number.
func (e *entry) hotPos() int64 {
	if e.ref != nil {
		return e.ref.tid
	}
	return e.tid
}

// tree is a copy-on-write B-tree of entries.
type tree = btree.BTreeG[*entry]

// keyOrder orders entries by their keys: column by column with each column's
// sql.Type.Compare, NULL after every value (PostgreSQL's default ASC order).
// A nil type marks the hidden int64 row id.
type keyOrder struct {
	types []sql.Type
	// self marks the order of an index whose key is the row's columns
	// first..first+n-1 (a run): its tree holds the rows' primary entries
	// themselves, an index key being that part of the row and the
	// primary key after it the entry's key, so the index costs no entry
	// of its own a row (issue 19's memory target). A self tree may also
	// hold entries with the whole key (keepIndexEntry) and is searched
	// with pivots; both have no row, which tells them apart. An index
	// whose keys are integers only is not self: its entries' hints
	// decide most comparisons without reading the row (an index probe
	// per outer row of a semi join cost a fifth more CPU through the
	// row).
	self     bool
	first, n int
	// notNull marks a primary tree's order: its first column is never
	// NULL, so a range ending where NULLs begin (`id > $1`) runs to the
	// tree's end (boxSpan), and the scan tests no entry against a pivot.
	notNull bool
}

// parts returns the whole key of an entry of a tree ordered by o in two
// parts, as entry.parts does.
func (o *keyOrder) parts(e *entry) (head, tail sql.Row) {
	if o.self && e.rowp != nil {
		r := e.row()
		return r[o.first : o.first+o.n : o.first+o.n], e.key()
	}
	return e.parts()
}

// keyAt is value i of the whole key of e in a tree ordered by o.
func (o *keyOrder) keyAt(e *entry, i int) any {
	head, tail := o.parts(e)
	return at(head, tail, i)
}

// fullKey returns the whole key of e in a tree ordered by o, copied
// unless it is stored in one piece.
func (o *keyOrder) fullKey(e *entry) sql.Row {
	if head, tail := o.parts(e); tail != nil {
		return concat(head, tail)
	}
	return e.key()
}

// split returns the first n values of the whole key of index entry e
// (the index key) and the rest (the primary key), without copying when
// the key is stored in two parts split at n.
func (o *keyOrder) split(e *entry, n int) (key, pk sql.Row) {
	if head, tail := o.parts(e); tail != nil && len(head) == n {
		return head, tail
	}
	full := o.fullKey(e)
	return full[:n], full[n:]
}

func newTree(o *keyOrder) *tree {
	switch {
	case o.self:
		return btree.NewG[*entry](treeDegree, o.less)
	case len(o.types) == 1 && intKey(o.types[0]):
		return btree.NewG[*entry](treeDegree, o.lessInt)
	case intKeys(o.types):
		return btree.NewG[*entry](treeDegree, o.lessInts)
	}
	return btree.NewG[*entry](treeDegree, o.less)
}

// intKeys reports whether keys of these types are integers only, which
// compare through the hints of their entries (lessInt, lessInts).
func intKeys(types []sql.Type) bool {
	for _, t := range types {
		if !intKey(t) {
			return false
		}
	}
	return len(types) > 0
}

// intKey reports whether a one-column key of type typ orders as its Go
// integers do (compareValue's integer cases): a bigint or integer column,
// or the hidden row id.
func intKey(typ sql.Type) bool {
	if typ == nil {
		return true
	}
	t, ok := typ.(*types.Type)
	return ok && (t.Kind == types.KindInt8 || t.Kind == types.KindInt4)
}

// lessInt is less for a tree of one integer column (most primary keys),
// inlined: a load or lookup compares keys at every level of the tree, and
// a restart's 100k-row load spent a third of its time in the general
// comparison. Anything else (NULL, a pivot with a shorter key) takes less.
func (o *keyOrder) lessInt(a, b *entry) bool {
	if a.hinted && b.hinted {
		if a.hint != b.hint {
			return a.hint < b.hint
		}
		if a.keyn == 1 && b.keyn == 1 && !a.tail && !b.tail {
			return a.bias < b.bias
		}
	}
	if a.keyn == 1 && b.keyn == 1 && !a.tail && !b.tail {
		switch x := (*a.keyp).(type) {
		case int64:
			if y, ok := (*b.keyp).(int64); ok {
				if x != y {
					return x < y
				}
				return a.bias < b.bias
			}
		case int32:
			if y, ok := (*b.keyp).(int32); ok {
				if x != y {
					return x < y
				}
				return a.bias < b.bias
			}
		}
	}
	if c, ok := nullFirst(a, b); ok {
		return c
	}
	return o.less(a, b)
}

// nullFirst decides a < b when one of the two first values is an integer
// (hinted) and the other NULL, which sorts after every value: a range
// scan's stop pivot for `id > $1` is NULL's (the range ends where NULLs
// begin), and its test at every row the scan returned went through the
// general comparison.
func nullFirst(a, b *entry) (less, ok bool) {
	switch {
	case a.hinted && !b.hinted && b.keyn > 0 && *b.keyp == nil:
		return true, true
	case b.hinted && !a.hinted && a.keyn > 0 && *a.keyp == nil:
		return false, true
	}
	return false, false
}

// lessInts is less for a tree whose key columns are all integers (an
// index on an integer column, followed by an integer primary key): an
// index probe per outer row of a semi join compares keys at every level.
// Anything but two int64s or two int32s at a position takes less.
func (o *keyOrder) lessInts(a, b *entry) bool {
	// equal hints are equal first values: the comparison goes on from the
	// second (an index scan's stop test meets one at every row it returns)
	from := 0
	if a.hinted && b.hinted {
		if a.hint != b.hint {
			return a.hint < b.hint
		}
		// a one-value key (a probe's pivot) is decided by the lengths
		// alone: an index scan's stop test then reads neither key's
		// values nor, for an index entry, its row entry (a tail entry's
		// key is longer than its stored values), which were three cache
		// misses per row the scan returns
		sa, sb := a.keyn == 1 && !a.tail, b.keyn == 1 && !b.tail
		switch {
		case sa && sb:
			return a.bias < b.bias
		case sa: // b is longer
			return lengthBias(a, b, 1, 2) < 0
		case sb:
			return lengthBias(a, b, 2, 1) < 0
		}
		from = 1
	}
	if c, ok := nullFirst(a, b); ok {
		return c
	}
	// the stored values first: a probe's comparisons are mostly decided
	// there, without reading the primary key from a tail entry's row entry
	if a.tail || b.tail {
		ah, bh := a.key(), b.key()
		for i := from; i < min(len(ah), len(bh)); i++ {
			switch x := ah[i].(type) {
			case int64:
				if y, ok := bh[i].(int64); ok && x != y {
					return x < y
				} else if !ok {
					return o.less(a, b)
				}
			case int32:
				if y, ok := bh[i].(int32); ok && x != y {
					return x < y
				} else if !ok {
					return o.less(a, b)
				}
			default:
				return o.less(a, b)
			}
		}
	}
	ah, at2 := a.parts()
	bh, bt := b.parts()
	la, lb := len(ah)+len(at2), len(bh)+len(bt)
	n := min(la, lb)
	for i := from; i < n; i++ {
		switch x := at(ah, at2, i).(type) {
		case int64:
			y, ok := at(bh, bt, i).(int64)
			if !ok {
				return o.less(a, b)
			}
			if x != y {
				return x < y
			}
		case int32:
			y, ok := at(bh, bt, i).(int32)
			if !ok {
				return o.less(a, b)
			}
			if x != y {
				return x < y
			}
		default:
			return o.less(a, b)
		}
	}
	return lengthBias(a, b, la, lb) < 0
}

func (o *keyOrder) less(a, b *entry) bool {
	return o.compare(a, b) < 0
}

func (o *keyOrder) compare(a, b *entry) int {
	if a.tail || b.tail || o.self {
		ah, at2 := o.parts(a)
		bh, bt := o.parts(b)
		la, lb := len(ah)+len(at2), len(bh)+len(bt)
		for i := 0; i < min(la, lb); i++ {
			if c := compareValue(o.types[i], at(ah, at2, i), at(bh, bt, i)); c != 0 {
				return c
			}
		}
		return lengthBias(a, b, la, lb)
	}
	ak, bk := a.key(), b.key()
	n := min(len(ak), len(bk))
	if c := o.comparePrefix(ak, bk, n); c != 0 {
		return c
	}
	return lengthBias(a, b, len(ak), len(bk))
}

// lengthBias orders two keys equal over their common prefix, la and lb
// values long: by bias when equally long, else by the shorter one's bias
// (a pivot).
func lengthBias(a, b *entry, la, lb int) int {
	switch {
	case la == lb:
		return int(a.bias) - int(b.bias)
	case la < lb:
		if a.bias > 0 {
			return 1
		}
		return -1
	default:
		if b.bias > 0 {
			return -1
		}
		return 1
	}
}

// comparePrefix compares the first n values of two keys.
func (o *keyOrder) comparePrefix(a, b sql.Row, n int) int {
	for i := 0; i < n; i++ {
		if c := compareValue(o.types[i], a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// compareError carries a sql.Type.Compare failure (or the error of a
// table definition built lazily) out of a B-tree less
// function; guard turns it back into an error at the package boundary.
type compareError struct{ err error }

// compareValue compares two column values, NULL last. It panics with
// compareError if the type cannot compare them.
func compareValue(typ sql.Type, a, b any) int {
	if a == nil || b == nil {
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			return 1
		default:
			return -1
		}
	}
	if typ == nil {
		x, y := a.(int64), b.(int64)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	if c, ok := compareInts(typ, a, b); ok {
		return c
	}
	c, err := typ.Compare(context.Background(), a, b)
	if err != nil {
		panic(compareError{fmt.Errorf("storage: comparing %v and %v as %s: %w", a, b, typ, err)})
	}
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}

// compareInts compares two values of an integer column without the
// general comparison's dispatch: most keys are integers, and a lookup
// compares a key at every level of the tree.
func compareInts(typ sql.Type, a, b any) (int, bool) {
	t, ok := typ.(*types.Type)
	if !ok {
		return 0, false
	}
	var x, y int64
	switch t.Kind {
	case types.KindInt8:
		xa, ok1 := a.(int64)
		yb, ok2 := b.(int64)
		if !ok1 || !ok2 {
			return 0, false
		}
		x, y = xa, yb
	case types.KindInt4:
		xa, ok1 := a.(int32)
		yb, ok2 := b.(int32)
		if !ok1 || !ok2 {
			return 0, false
		}
		x, y = int64(xa), int64(yb)
	default:
		return 0, false
	}
	switch {
	case x < y:
		return -1, true
	case x > y:
		return 1, true
	}
	return 0, true
}

// guard converts a compareError panic raised by a B-tree comparison into
// *err. Use as `defer guard(&err)` in functions that search or modify trees.
func guard(err *error) {
	if r := recover(); r != nil {
		ce, ok := r.(compareError)
		if !ok {
			panic(r)
		}
		*err = ce.err
	}
}

// hasNull reports whether any value of key is NULL.
func hasNull(key sql.Row) bool {
	for _, v := range key {
		if v == nil {
			return true
		}
	}
	return false
}

// concat returns a new row holding a followed by b.
func concat(a, b sql.Row) sql.Row {
	out := make(sql.Row, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}
