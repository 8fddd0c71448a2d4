package pgcatalog

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The disk-space functions (PostgreSQL docs 9.27.7, "Database Object
// Management Functions") answer from a model of PostgreSQL's files, as
// tinybase keeps no pages: the rows a relation holds now, laid out as
// heap and btree pages of 8 kB. A relation with no rows has an empty
// main fork (a table: 0 bytes) or a metapage only (a btree: 8192); a few
// small rows fill one page, and a heap that grew past one page has a
// free space map, as in PostgreSQL. Dead row versions, visibility maps
// (VACUUM's), TOAST compression and btree deduplication are not
// modelled, so often-updated tables or large values differ from what
// PostgreSQL would report.

const (
	pageSize      = 8192
	pageHeader    = 24   // PageHeaderData
	linePointer   = 4    // ItemIdData
	btreeSpecial  = 16   // BTPageOpaqueData
	toastMaxTuple = 2032 // TOAST_TUPLE_THRESHOLD on 8 kB pages
)

// RelSize are one relation's modelled file sizes in bytes.
type RelSize struct {
	// Main is the main fork (pg_relation_size); FSM the free space map
	// fork; Toast is the TOAST table and its index (in pg_table_size);
	// Indexes sums the relation's indexes (pg_indexes_size).
	Main, FSM, Toast, Indexes int64
}

// RelationSizeByOID models the files of the relation with OID oid; ok
// is false when there is no such relation (the size functions then
// return NULL, as PostgreSQL's do for a dropped relation).
func (s *State) RelationSizeByOID(oid uint32) (RelSize, bool, error) {
	rel, ok, err := s.RelationByOID(oid)
	if err != nil || !ok {
		return RelSize{}, false, err
	}
	switch rel.Kind {
	case 'S':
		return RelSize{Main: pageSize}, true, nil // one page holds a sequence's row
	case 'r', 'm', 'i':
	default:
		return RelSize{}, true, nil // views, composite types, foreign tables: no storage
	}
	if rel.PartitionedIndex {
		return RelSize{}, true, nil // no storage of its own
	}
	table := rel.Name
	if rel.Kind == 'i' {
		table = rel.Table
	}
	if storage.IsSystemSchema(rel.Schema) || rel.Schema == "pg_catalog" || rel.Schema == "information_schema" {
		return RelSize{}, true, nil
	}
	t, ok, err := s.DB.Table(s.Ctx, rel.Schema, table)
	if err != nil || !ok {
		return RelSize{}, ok, err
	}
	rows, err := tableRows(s.Ctx, t)
	if err != nil {
		return RelSize{}, false, err
	}
	idx, err := s.Indexes(Relation{Schema: rel.Schema, Name: table, Table: t})
	if err != nil {
		return RelSize{}, false, err
	}
	cols := t.Schema()
	if rel.Kind == 'i' {
		for _, ix := range idx {
			if ix.Name == rel.Name {
				return RelSize{Main: btreeSize(ix, cols, rows)}, true, nil
			}
		}
		return RelSize{}, false, nil
	}
	out := RelSize{Main: heapSize(cols, rows)}
	out.FSM = fsmSize(out.Main / pageSize)
	if needsToast(cols) {
		out.Toast = pageSize // the TOAST table's btree index: its metapage
	}
	for _, ix := range idx {
		out.Indexes += btreeSize(ix, cols, rows)
	}
	return out, true, nil
}

// DatabaseSize is pg_database_size of the current database as the model
// gives it: every table's, index's and sequence's files. PostgreSQL's
// also counts its system catalogs (some 7 MB in a new database).
func (s *State) DatabaseSize() (int64, error) {
	rels, err := s.Tables()
	if err != nil {
		return 0, err
	}
	var total int64
	for _, r := range rels {
		sz, ok, err := s.RelationSizeByOID(RelationOID(r.Schema, r.Name))
		if err != nil {
			return 0, err
		}
		if ok {
			total += sz.Main + sz.FSM + sz.Toast + sz.Indexes
		}
	}
	return total + int64(len(s.Catalog.Sequences()))*pageSize, nil
}

func tableRows(ctx *sql.Context, t sql.Table) ([]sql.Row, error) {
	parts, err := t.Partitions(ctx)
	if err != nil {
		return nil, err
	}
	defer parts.Close(ctx)
	var out []sql.Row
	for {
		p, err := parts.Next(ctx)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		it, err := t.PartitionRows(ctx, p)
		if err != nil {
			return nil, err
		}
		for {
			r, err := it.Next(ctx)
			if err == io.EOF {
				break
			}
			if err != nil {
				it.Close(ctx)
				return nil, err
			}
			out = append(out, r)
		}
		if err := it.Close(ctx); err != nil {
			return nil, err
		}
	}
}

// heapSize packs the rows' tuples into heap pages in order, as inserts
// fill a new table: a tuple goes on the last page while it fits.
func heapSize(cols sql.Schema, rows []sql.Row) int64 {
	pages, free := int64(0), 0
	for _, r := range rows {
		need := maxAlign(heapTupleLen(cols, r)) + linePointer
		if pages == 0 || need > free {
			pages++
			free = pageSize - pageHeader
		}
		free -= need
	}
	return pages * pageSize
}

// fsmSize is the free space map PostgreSQL keeps for a heap of this many
// pages: none until an insert extends it past its first page, then its
// root, an intermediate page and the leaf pages covering the heap
// (fsm_logical_to_physical), 4069 heap pages a leaf.
func fsmSize(heapPages int64) int64 {
	if heapPages < 2 {
		return 0
	}
	const perLeaf = 4069
	leaves := (heapPages + perLeaf - 1) / perLeaf
	return (2 + leaves + (leaves-1)/perLeaf) * pageSize
}

// heapTupleLen is a heap tuple's length: the 23-byte header and a null
// bitmap when a value is NULL, MAXALIGNed, then the values aligned.
func heapTupleLen(cols sql.Schema, r sql.Row) int {
	hasNull := false
	for i := range cols {
		if i >= len(r) || r[i] == nil {
			hasNull = true
		}
	}
	hoff := 23
	if hasNull {
		hoff += (len(cols) + 7) / 8
	}
	n := maxAlign(hoff)
	for i, c := range cols {
		if i < len(r) && r[i] != nil {
			n = addDatum(n, colType(c), r[i])
		}
	}
	return n
}

// btreeSize is a btree index's size: a metapage, and when it has entries
// leaf pages filled to the default fillfactor (90%) and the internal
// levels above them (70%), as PostgreSQL leaves an index built over, or
// appended to in key order by, these rows. A non-unique index keeps equal
// keys once, with a posting list of their row pointers (deduplication).
func btreeSize(ix storage.IndexInfo, cols sql.Schema, rows []sql.Row) int64 {
	if len(rows) == 0 {
		return pageSize
	}
	keyCols := make([]int, 0, len(ix.Columns))
	for _, name := range ix.Columns {
		for i, c := range cols {
			if c.Name == name {
				keyCols = append(keyCols, i)
			}
		}
	}
	dedup := !ix.Unique && len(keyCols) > 0
	for _, i := range keyCols {
		switch colType(cols[i]).Kind {
		case types.KindNumeric, types.KindJSONB, types.KindFloat4, types.KindFloat8, types.KindArray, types.KindRecord, types.KindRange, types.KindMultirange:
			dedup = false // their equal values may differ in bytes: never deduplicated
		}
	}
	items, bytes := 0, 0
	if dedup {
		groups := map[string]int{}
		var order []string
		keyLen := map[string]int{}
		for _, r := range rows {
			k := fmt.Sprint(keyValues(keyCols, r))
			if _, ok := groups[k]; !ok {
				order = append(order, k)
				keyLen[k] = indexTupleLen(keyCols, cols, r) - linePointer
			}
			groups[k]++
		}
		for _, k := range order {
			n, kl := groups[k], keyLen[k]
			if n == 1 {
				items, bytes = items+1, bytes+kl+linePointer
				continue
			}
			per := (btreeMaxItem - kl) / 6 // 6-byte item pointers
			for n > 0 {
				m := min(n, per)
				items, bytes = items+1, bytes+maxAlign(kl+6*m)+linePointer
				n -= m
			}
		}
	} else {
		for _, r := range rows {
			items, bytes = items+1, bytes+indexTupleLen(keyCols, cols, r)
		}
	}
	usable := float64(pageSize - pageHeader - btreeSpecial)
	pages := int64(1) // the metapage
	level := levelPages(float64(items), float64(bytes)/float64(items), usable*0.9)
	pages += level
	for level > 1 {
		level = levelPages(float64(level), 16+linePointer, usable*0.7) // downlinks: a key-less tuple and its pointer
		pages += level
	}
	return pages * pageSize
}

// btreeMaxItem is BTMaxItemSize on 8 kB pages: a third of a page.
const btreeMaxItem = 2704

func keyValues(keyCols []int, r sql.Row) []any {
	out := make([]any, len(keyCols))
	for j, i := range keyCols {
		if i < len(r) {
			out[j] = r[i]
		}
	}
	return out
}

func levelPages(items, itemLen, room float64) int64 {
	per := int64(room / itemLen)
	if per < 2 {
		per = 2
	}
	n := int64(items)
	return (n + per - 1) / per
}

// indexTupleLen is one index entry with its line pointer: an 8-byte
// header (16 with a null bitmap) and the key values, MAXALIGNed. An
// expression index's key is taken as 8 bytes.
func indexTupleLen(keyCols []int, cols sql.Schema, r sql.Row) int {
	if len(keyCols) == 0 {
		return maxAlign(8+8) + linePointer
	}
	hasNull := false
	for _, i := range keyCols {
		if i >= len(r) || r[i] == nil {
			hasNull = true
		}
	}
	n := 8
	if hasNull {
		n = 16
	}
	for _, i := range keyCols {
		if i < len(r) && r[i] != nil {
			n = addDatum(n, colType(cols[i]), r[i])
		}
	}
	return maxAlign(n) + linePointer
}

func colType(c *sql.Column) *types.Type {
	if t, ok := c.Type.(*types.Type); ok {
		return t.Base()
	}
	return types.Text
}

// addDatum appends value v of type t at offset n of a tuple: aligned as
// the type's typalign says, a variable-length value with a 1-byte header
// when short enough (and not aligned), else a 4-byte one.
func addDatum(n int, t *types.Type, v any) int {
	if t.Len > 0 {
		return align(n, typAlign(t)) + int(t.Len)
	}
	size := varlenaPayload(t, v)
	if size+1 <= 127 && storageOf(t) != "p" {
		return n + 1 + size
	}
	return align(n, typAlign(t)) + 4 + size
}

// varlenaPayload is the bytes a variable-length value stores after its
// header, in PostgreSQL's binary layout where tinybase knows it (text,
// bytea, numeric, arrays) and as its text otherwise (jsonb).
func varlenaPayload(t *types.Type, v any) int {
	switch t.Kind {
	case types.KindBytea:
		if b, ok := v.([]byte); ok {
			return len(b)
		}
	case types.KindNumeric:
		return numericPayload(types.Output(t, v, nil))
	case types.KindArray:
		if a, ok := v.(*types.Array); ok {
			return arrayPayload(t, a)
		}
	}
	if s, ok := v.(string); ok {
		return len(s)
	}
	return len(types.Output(t, v, nil))
}

// numericPayload is a numeric's packed size: a 2-byte header and two
// bytes per base-10000 digit, leading and trailing zero digits dropped.
func numericPayload(s string) int {
	s = strings.TrimPrefix(s, "-")
	if s == "NaN" || strings.Contains(s, "Infinity") {
		return 2
	}
	intPart, frac, _ := strings.Cut(s, ".")
	intPart = strings.TrimLeft(intPart, "0")
	frac = strings.TrimRight(frac, "0")
	for len(intPart)%4 != 0 {
		intPart = "0" + intPart
	}
	for len(frac)%4 != 0 {
		frac += "0"
	}
	digits := intPart + frac
	groups := make([]string, 0, len(digits)/4)
	for i := 0; i+4 <= len(digits); i += 4 {
		groups = append(groups, digits[i:i+4])
	}
	for len(groups) > 0 && groups[0] == "0000" {
		groups = groups[1:]
	}
	for len(groups) > 0 && groups[len(groups)-1] == "0000" {
		groups = groups[:len(groups)-1]
	}
	return 2 + 2*len(groups)
}

// arrayPayload is an array's size after its varlena header: dimensions,
// a null bitmap when an element is NULL, and the elements, each aligned
// (elements never use short headers).
func arrayPayload(t *types.Type, a *types.Array) int {
	elem := t.Elem
	if elem == nil {
		elem = types.Text
	}
	elem = elem.Base()
	ndim := len(a.Dims)
	if len(a.Values) == 0 {
		ndim = 0
	} else if ndim == 0 {
		ndim = 1
	}
	hasNull := false
	for _, e := range a.Values {
		if e == nil {
			hasNull = true
		}
	}
	n := 16 + 8*ndim
	if hasNull {
		n += (len(a.Values) + 7) / 8
	}
	n = maxAlign(n)
	for _, e := range a.Values {
		if e == nil {
			continue
		}
		if elem.Len > 0 {
			n = align(n, typAlign(elem)) + int(elem.Len)
		} else {
			n = align(n, typAlign(elem)) + 4 + varlenaPayload(elem, e)
		}
	}
	return n - 4
}

// needsToast reports whether PostgreSQL gives a table with these columns
// a TOAST table: some column is variable-length, not PLAIN, and the row
// has no bound under the TOAST threshold (needs_toast_table).
func needsToast(cols sql.Schema) bool {
	toastable, unknown := false, false
	data := 0
	for _, c := range cols {
		t := colType(c)
		if t.Len > 0 {
			data = align(data, typAlign(t)) + int(t.Len)
			continue
		}
		if m := maxVarlena(t); m < 0 {
			unknown = true
		} else {
			data += m
		}
		if storageOf(t) != "p" {
			toastable = true
		}
	}
	if !toastable {
		return false
	}
	return unknown || maxAlign(23+(len(cols)+7)/8)+maxAlign(data) > toastMaxTuple
}

// maxVarlena is type_maximum_size: the bound a typmod puts on a value's
// size, or -1.
func maxVarlena(t *types.Type) int {
	switch t.Kind {
	case types.KindVarchar, types.KindBpchar:
		if t.Mod >= 4 {
			return int(t.Mod-4)*4 + 4 // UTF8: up to 4 bytes a character
		}
	case types.KindNumeric:
		if p, _, ok := types.NumericPrecisionScale(t.Mod); ok {
			return 8 + 2*int((p+7)/4)
		}
	case types.KindBit:
		if t.Mod > 0 {
			return 4 + 4 + int(t.Mod+7)/8
		}
	}
	return -1
}

// typAlign is pg_type.typalign in bytes.
func typAlign(t *types.Type) int {
	switch ioOf(t).align { // builtin_types.go
	case 'd':
		return 8
	case 's':
		return 2
	case 'c':
		return 1
	}
	return 4
}

func align(n, a int) int { return (n + a - 1) / a * a }

func maxAlign(n int) int { return align(n, 8) }
