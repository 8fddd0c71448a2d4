package pgcatalog

import (
	"net/netip"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ColumnSize is pg_column_size(v) (docs 9.27.7): the bytes the value's
// datum takes. A value read from a table column (stored) has the 1-byte
// varlena header PostgreSQL gives a short value on disk, and a long one
// is pglz-compressed when that saves space, as TOAST stores it; a value
// computed by the query has a 4-byte header. An unknown literal is a C
// string (its bytes and a terminator).
func ColumnSize(t *types.Type, v any, stored bool) (int32, error) {
	t = t.Base()
	if t.Kind == types.KindUnknown {
		return int32(len(types.Output(t, v, nil)) + 1), nil
	}
	if t.Len > 0 {
		return int32(t.Len), nil
	}
	if rec, ok := v.(*types.RecordVal); ok {
		if n, ok := recordDatum(t, rec); ok {
			return int32(n), nil
		}
	}
	payload, ok := datumPayload(t, v)
	if !ok {
		return 0, pgerror.New(pgerror.FeatureNotSupported, "pg_column_size of type %s is not supported yet", t.FormatType())
	}
	switch {
	case !stored || storageOf(t) == "p":
		return int32(4 + payload), nil
	case payload+1 <= 127:
		return int32(1 + payload), nil
	case payload+4 > toastTupleTarget:
		// compressed when pglz saves more than the bigger header (8
		// bytes) and two; otherwise moved out of line, where its size is
		// the bare data's
		if c, ok := pglzCompressedSize(storedBytes(t, v)); ok && c+8 < payload-2 {
			return int32(c + 8), nil
		}
		if storageOf(t) == "x" {
			return int32(payload), nil
		}
	}
	return int32(4 + payload), nil
}

// toastTupleTarget is TOAST_TUPLE_TARGET for 8 kB pages: a row longer
// than this has its long values compressed.
const toastTupleTarget = 2032

// storedBytes is the value's bytes as TOAST compresses them, for the
// types whose binary form is their text (text, varchar, char, json,
// bytea); nil for others, which stay uncompressed here.
func storedBytes(t *types.Type, v any) []byte {
	switch t.Kind {
	case types.KindText, types.KindVarchar, types.KindBpchar, types.KindJSON, types.KindName:
		if s, ok := v.(string); ok {
			return []byte(s)
		}
	case types.KindBytea:
		switch b := v.(type) {
		case []byte:
			return b
		case string:
			return []byte(b)
		}
	}
	return nil
}

// datumPayload is the bytes a variable-length value has after its
// varlena header, in PostgreSQL's binary layout; ok is false for a type
// whose layout is not modelled.
func datumPayload(t *types.Type, v any) (int, bool) {
	switch t.Kind {
	case types.KindText, types.KindVarchar, types.KindBpchar, types.KindJSON, types.KindXML:
		s, ok := v.(string)
		return len(s), ok
	case types.KindBytea:
		switch b := v.(type) {
		case []byte:
			return len(b), true
		case string:
			return len(b), true
		}
	case types.KindNumeric:
		return numericDatum(v), true
	case types.KindArray:
		if a, ok := v.(*types.Array); ok {
			return arrayDatum(t, a)
		}
	case types.KindJSONB:
		if d, ok := v.(types.JSONDoc); ok {
			return jsonbDatum(d.V), true
		}
	case types.KindTSVector:
		s, ok := v.(string)
		if !ok {
			return 0, false
		}
		vec, err := types.TSVectorOf(s)
		if err != nil {
			return 0, false
		}
		// a lexeme count, a 4-byte entry per lexeme, then each lexeme's
		// bytes and, when it has positions, their count and the
		// positions, 2 bytes each and 2-byte aligned
		data := 0
		for _, lx := range vec {
			data += len(lx.Word)
			if len(lx.Pos) > 0 {
				data = align(data, 2) + 2*(len(lx.Pos)+1)
			}
		}
		return 4 + 4*len(vec) + data, true
	case types.KindInet, types.KindCidr:
		s, ok := v.(string)
		if !ok {
			return 0, false
		}
		host, _, _ := strings.Cut(s, "/")
		a, err := netip.ParseAddr(host)
		if err != nil {
			return 0, false
		}
		return 2 + len(a.AsSlice()), true
	}
	return 0, false
}

// numericDatum is a numeric's size after its varlena header: a 2-byte
// header (4 when the weight or display scale does not fit the short
// form) and two bytes per base-10000 digit.
func numericDatum(v any) int {
	d, ok := v.(decimal.Decimal)
	if !ok {
		return 2 // NaN and the infinities: a header alone
	}
	scale := 0
	if e := d.Exponent(); e < 0 {
		scale = int(-e)
	}
	s := d.Abs().StringFixed(int32(scale))
	intPart, frac, _ := strings.Cut(s, ".")
	intPart = strings.TrimLeft(intPart, "0")
	for len(intPart)%4 != 0 {
		intPart = "0" + intPart
	}
	for len(frac)%4 != 0 {
		frac += "0"
	}
	weight := len(intPart)/4 - 1
	digits := intPart + frac
	var groups []string
	for i := 0; i+4 <= len(digits); i += 4 {
		groups = append(groups, digits[i:i+4])
	}
	for len(groups) > 0 && groups[0] == "0000" {
		groups, weight = groups[1:], weight-1
	}
	for len(groups) > 0 && groups[len(groups)-1] == "0000" {
		groups = groups[:len(groups)-1]
	}
	if len(groups) == 0 {
		weight = 0
	}
	head := 2
	if scale > 63 || weight < -64 || weight > 63 {
		head = 4
	}
	return head + 2*len(groups)
}

// arrayDatum is an array's size after its varlena header: the header
// with dimensions (and a null bitmap), MAXALIGNed, then each element
// with a 4-byte header where variable-length, aligned as its type says.
func arrayDatum(t *types.Type, a *types.Array) (int, bool) {
	elem := t.Elem
	if elem == nil {
		return 0, false
	}
	elem = elem.Base()
	ndim := len(a.Dims)
	if len(a.Values) == 0 {
		ndim = 0
	} else if ndim == 0 {
		ndim = 1
	}
	n := 16 + 8*ndim
	for _, e := range a.Values {
		if e == nil {
			n += (len(a.Values) + 7) / 8
			break
		}
	}
	n = maxAlign(n)
	for _, e := range a.Values {
		if e == nil {
			continue
		}
		if elem.Len > 0 {
			n = align(n+int(elem.Len), typAlign(elem))
			continue
		}
		p, ok := datumPayload(elem, e)
		if !ok {
			return 0, false
		}
		n = align(n+4+p, typAlign(elem))
	}
	return n - 4, true
}

// jsonbDatum is a jsonb value's size after its varlena header: each
// container a 4-byte header and a 4-byte entry per element (per key and
// value of an object), then the elements' data, numerics (with their own
// 4-byte header) and containers aligned to 4 bytes; a scalar document is
// a one-element array.
func jsonbDatum(v any) int {
	switch v.(type) {
	case []any, *types.JSONObject:
		return jsonbContainer(v, 4) - 4
	}
	return jsonbContainer([]any{v}, 4) - 4
}

// jsonbContainer lays out container v from offset off (counted from the
// start of the datum) and returns the offset after it.
func jsonbContainer(v any, off int) int {
	var items []any
	switch x := v.(type) {
	case []any:
		items = x
	case *types.JSONObject:
		for _, k := range x.Keys {
			items = append(items, k)
		}
		items = append(items, x.Vals...)
	}
	off = align(off, 4) + 4 + 4*len(items)
	for _, it := range items {
		switch x := it.(type) {
		case string:
			off += len(x)
		case decimal.Decimal:
			off = align(off, 4) + 4 + numericDatum(x)
		case []any, *types.JSONObject:
			off = jsonbContainer(x, off)
		}
	}
	return off
}

// recordDatum is a composite value's size: a heap tuple header (with a
// null bitmap when a field is NULL), MAXALIGNed, then the fields as a
// table row lays them out (short values with 1-byte headers). A field
// long enough for TOAST, or itself composite, is not modelled.
func recordDatum(rt *types.Type, r *types.RecordVal) (int, bool) {
	n := 23
	for _, v := range r.Vals {
		if v == nil {
			n += (len(r.Vals) + 7) / 8
			break
		}
	}
	n = maxAlign(n)
	for i, v := range r.Vals {
		if v == nil {
			continue
		}
		var t *types.Type
		switch {
		case i < len(r.Types) && r.Types[i] != nil:
			t = r.Types[i].Base()
		case i < len(rt.Fields) && rt.Fields[i].Type != nil:
			t = rt.Fields[i].Type.Base()
		default:
			return 0, false
		}
		if t.Kind == types.KindUnknown {
			t = types.Text // a ROW field from a literal is text
		}
		if t.Len > 0 {
			n = align(n, typAlign(t)) + int(t.Len)
			continue
		}
		if _, nested := v.(*types.RecordVal); nested {
			return 0, false
		}
		p, ok := datumPayload(t, v)
		if !ok || p+4 > toastTupleTarget {
			return 0, false
		}
		if p+1 <= 127 && storageOf(t) != "p" {
			n += 1 + p
		} else {
			n = align(n, typAlign(t)) + 4 + p
		}
	}
	return n, true
}
