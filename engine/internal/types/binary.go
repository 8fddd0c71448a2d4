package types

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PostgreSQL type OIDs with a hand-written binary form.
const (
	oidBool        = 16
	oidBytea       = 17
	oidChar        = 18
	oidName        = 19
	oidInt8        = 20
	oidInt2        = 21
	oidInt4        = 23
	oidText        = 25
	oidOid         = 26
	oidJSON        = 114
	oidFloat4      = 700
	oidFloat8      = 701
	oidUnknown     = 705
	oidBpchar      = 1042
	oidVarchar     = 1043
	oidDate        = 1082
	oidTimestamp   = 1114
	oidTimestamptz = 1184
	oidUUID        = 2950
	oidJSONB       = 3802
)

// pgEpoch is 2000-01-01, the origin of binary dates and timestamps.
var pgEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

const pgEpochDays = 10957 // days from 1970-01-01 to 2000-01-01

// BinaryCodec converts values between tinybase's representation and
// PostgreSQL's binary send/receive formats: hand-written for the common
// scalar types, through pgx's pgtype codecs (from the text form) for the
// rest (numeric, interval, arrays, ...). It is not safe for concurrent use;
// keep one per connection. The zero value is ready.
type BinaryCodec struct {
	m *pgtype.Map
}

// AppendSend appends v's binary send form for a value of type oid; text is
// its text form (used for the types whose binary form is built from it).
func (c *BinaryCodec) AppendSend(buf []byte, oid uint32, v any, text string) ([]byte, error) {
	switch x := v.(type) {
	case *Array:
		if x.Elem != nil && !x.Vector && sentElementwise(x.Elem) {
			return c.appendArray(buf, x)
		}
	case *RecordVal:
		return c.appendRecord(buf, x)
	}
	switch oid {
	case oidBool:
		if b, ok := v.(bool); ok {
			if b {
				return append(buf, 1), nil
			}
			return append(buf, 0), nil
		}
	case oidInt2, oidInt4, oidInt8, oidOid:
		n, ok := binAsInt64(v)
		if !ok {
			break
		}
		switch oid {
		case oidInt2:
			return binary.BigEndian.AppendUint16(buf, uint16(n)), nil
		case oidInt8:
			return binary.BigEndian.AppendUint64(buf, uint64(n)), nil
		default:
			return binary.BigEndian.AppendUint32(buf, uint32(n)), nil
		}
	case oidFloat4:
		switch f := v.(type) {
		case float32:
			return binary.BigEndian.AppendUint32(buf, math.Float32bits(f)), nil
		case float64:
			return binary.BigEndian.AppendUint32(buf, math.Float32bits(float32(f))), nil
		}
	case oidFloat8:
		switch f := v.(type) {
		case float32:
			return binary.BigEndian.AppendUint64(buf, math.Float64bits(float64(f))), nil
		case float64:
			return binary.BigEndian.AppendUint64(buf, math.Float64bits(f)), nil
		}
	case oidText, oidVarchar, oidBpchar, oidName, oidUnknown, oidJSON:
		return append(buf, text...), nil
	case oidJSONB:
		return append(append(buf, 1), text...), nil
	case oidBytea:
		if b, ok := v.([]byte); ok {
			return append(buf, b...), nil
		}
	case oidChar:
		if s, ok := v.(string); ok && len(s) <= 1 {
			if s == "" {
				return append(buf, 0), nil
			}
			return append(buf, s[0]), nil
		}
	case oidUUID:
		if s, ok := v.(string); ok {
			if b, err := hex.DecodeString(strings.ReplaceAll(s, "-", "")); err == nil && len(b) == 16 {
				return append(buf, b...), nil
			}
		}
	case oidDate:
		switch text {
		case "infinity":
			return binary.BigEndian.AppendUint32(buf, math.MaxInt32), nil
		case "-infinity":
			return binary.BigEndian.AppendUint32(buf, 1<<31), nil
		}
		if d, ok := v.(DateVal); ok {
			return binary.BigEndian.AppendUint32(buf, uint32(int32(d)-pgEpochDays)), nil
		}
	case oidTimestamp, oidTimestamptz:
		switch text {
		case "infinity":
			return binary.BigEndian.AppendUint64(buf, math.MaxInt64), nil
		case "-infinity":
			return binary.BigEndian.AppendUint64(buf, 1<<63), nil
		}
		if t, ok := v.(time.Time); ok {
			return binary.BigEndian.AppendUint64(buf, uint64(t.UnixMicro()-pgEpoch.UnixMicro())), nil
		}
	}
	if x, ok := v.(extSender); ok { // ext.go
		return x.appendSend(buf)
	}
	if out, ok, err := c.appendSendExtra(buf, v); ok { // binary_extra.go
		return out, err
	}
	if _, ok := v.(string); ok && oid >= firstUserOID {
		// a user-defined type held as a string is an enum (a domain's
		// column carries its base type's OID): enum_send writes the label
		return append(buf, text...), nil
	}
	return c.binaryViaPgtype(buf, oid, text)
}

// AppendSendValue appends the binary form of a result value of type oid
// when it is encoded from the value alone (integers, booleans, floats,
// dates, timestamps): a client reading binary results then costs no text
// formatting. ok is false for anything else, which AppendSend encodes.
func (c *BinaryCodec) AppendSendValue(buf []byte, oid uint32, v any) (_ []byte, ok bool) {
	switch oid {
	case oidBool:
		if b, ok := v.(bool); ok {
			if b {
				return append(buf, 1), true
			}
			return append(buf, 0), true
		}
	case oidInt2, oidInt4, oidInt8:
		n, ok := binAsInt64(v)
		if !ok {
			break
		}
		switch oid {
		case oidInt2:
			return binary.BigEndian.AppendUint16(buf, uint16(n)), true
		case oidInt8:
			return binary.BigEndian.AppendUint64(buf, uint64(n)), true
		default:
			return binary.BigEndian.AppendUint32(buf, uint32(n)), true
		}
	case oidFloat8:
		if f, ok := v.(float64); ok {
			return binary.BigEndian.AppendUint64(buf, math.Float64bits(f)), true
		}
	case oidDate:
		if d, ok := v.(DateVal); ok {
			switch d {
			case DateInfinity:
				return binary.BigEndian.AppendUint32(buf, math.MaxInt32), true
			case DateNegInfinity:
				return binary.BigEndian.AppendUint32(buf, 1<<31), true
			}
			return binary.BigEndian.AppendUint32(buf, uint32(int32(d)-pgEpochDays)), true
		}
	case oidTimestamp, oidTimestamptz:
		if t, ok := v.(time.Time); ok {
			switch inf, _ := infiniteTimestamp(t); inf {
			case "infinity":
				return binary.BigEndian.AppendUint64(buf, math.MaxInt64), true
			case "-infinity":
				return binary.BigEndian.AppendUint64(buf, 1<<63), true
			}
			return binary.BigEndian.AppendUint64(buf, uint64(t.UnixMicro()-pgEpoch.UnixMicro())), true
		}
	}
	return buf, false
}

func binAsInt64(v any) (int64, bool) {
	switch n := v.(type) {
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case uint32:
		return int64(n), true
	case int:
		return int64(n), true
	}
	return 0, false
}

// binaryViaPgtype converts a text value to binary with pgx's codec for
// oid (numeric, interval, arrays, ...).
func (c *BinaryCodec) binaryViaPgtype(buf []byte, oid uint32, text string) ([]byte, error) {
	t, ok := c.typeMap().TypeForOID(oid)
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "binary output of type with OID %d is not supported yet", oid)
	}
	if ac, ok := t.Codec.(*pgtype.ArrayCodec); ok && text == "{}" {
		// PostgreSQL's array_send writes an empty array with no
		// dimensions (ndim 0); pgtype writes one dimension of length 0.
		buf = binary.BigEndian.AppendUint32(buf, 0)
		buf = binary.BigEndian.AppendUint32(buf, 0)
		return binary.BigEndian.AppendUint32(buf, ac.ElementType.OID), nil
	}
	var val any
	var err error
	if ac, isArray := t.Codec.(*pgtype.ArrayCodec); isArray {
		// pgtype.Array keeps the dimensions and lower bounds that
		// DecodeValue's flat slice loses. JSON elements stay text, as
		// printed, rather than being decoded and re-encoded.
		if e := ac.ElementType.OID; e == oidJSON || e == oidJSONB {
			var arr pgtype.Array[*string]
			err = c.typeMap().Scan(oid, pgtype.TextFormatCode, []byte(text), &arr)
			val = arr
		} else {
			var arr pgtype.Array[any]
			err = c.typeMap().Scan(oid, pgtype.TextFormatCode, []byte(text), &arr)
			val = arr
		}
	} else {
		val, err = t.Codec.DecodeValue(c.typeMap(), oid, pgtype.TextFormatCode, []byte(text))
	}
	if err != nil {
		return nil, pgerror.New(pgerror.InternalError, "binary output of %s value %q: %v", t.Name, text, err)
	}
	out, err := c.typeMap().Encode(oid, pgtype.BinaryFormatCode, val, buf)
	if err != nil {
		return nil, pgerror.New(pgerror.InternalError, "binary output of %s value %q: %v", t.Name, text, err)
	}
	return out, nil
}

// sentElementwise reports whether an array of elem is written element by
// element through AppendSend rather than through pgtype, which knows no
// user-defined types (enums, composites, domains) and cannot encode the
// ranges it decodes from text inside an array.
func sentElementwise(elem *Type) bool {
	k := elem.Base().Kind
	return elem.Domain != nil || elem.OID >= firstUserOID || k == KindRange || k == KindMultirange || k == KindEnum
}

// firstUserOID is where OIDs of user-defined objects start
// (FirstNormalObjectId).
const firstUserOID = 16384

// appendArray writes array_send's format: dimensions, a has-NULL flag,
// the element type (a domain's own OID, as PostgreSQL writes it), each
// dimension's length and lower bound, then each element's send form.
func (c *BinaryCodec) appendArray(buf []byte, a *Array) ([]byte, error) {
	dims := a.Dims
	if len(dims) == 0 && len(a.Values) > 0 {
		dims = []int{len(a.Values)}
	}
	hasNull := uint32(0)
	for _, e := range a.Values {
		if e == nil {
			hasNull = 1
		}
	}
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(dims)))
	buf = binary.BigEndian.AppendUint32(buf, hasNull)
	buf = binary.BigEndian.AppendUint32(buf, a.Elem.OID)
	for i, d := range dims {
		lower := 1
		if i < len(a.Lower) {
			lower = a.Lower[i]
		}
		buf = binary.BigEndian.AppendUint32(buf, uint32(d))
		buf = binary.BigEndian.AppendUint32(buf, uint32(lower))
	}
	for _, e := range a.Values {
		var err error
		if buf, err = c.appendDatum(buf, a.Elem, e); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// appendRecord writes record_send's format: the field count, then each
// field's type OID (a domain's own) and send form.
func (c *BinaryCodec) appendRecord(buf []byte, r *RecordVal) ([]byte, error) {
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(r.Vals)))
	for i, v := range r.Vals {
		t := Text
		if i < len(r.Types) && r.Types[i] != nil {
			t = r.Types[i]
		}
		buf = binary.BigEndian.AppendUint32(buf, t.OID)
		var err error
		if buf, err = c.appendDatum(buf, t, v); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// appendDatum writes one length-prefixed element or field (-1 for NULL):
// a domain's value in its base type's form, an enum's as its label.
func (c *BinaryCodec) appendDatum(buf []byte, t *Type, v any) ([]byte, error) {
	if v == nil {
		return binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF), nil
	}
	at := len(buf)
	buf = append(buf, 0, 0, 0, 0)
	base := t.Base()
	text := Output(base, v, nil)
	var err error
	if base.Kind == KindEnum {
		buf = append(buf, text...)
	} else if buf, err = c.AppendSend(buf, base.OID, v, text); err != nil {
		return nil, err
	}
	binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
	return buf, nil
}

func (c *BinaryCodec) typeMap() *pgtype.Map {
	if c.m == nil {
		c.m = pgtype.NewMap()
	}
	return c.m
}

// ReceiveText converts a binary value of type oid (a bound parameter, a
// binary COPY field) to its text form, for the type's input function.
// Types the codec does not know (enums) are received as their text.
func (c *BinaryCodec) ReceiveText(oid uint32, data []byte) (string, error) {
	bad := func() (string, error) {
		return "", pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in bind parameter")
	}
	if s, ok, err := c.receiveExtra(oid, data); ok { // binary_extra.go
		return s, err
	}
	switch oid {
	case oidText, oidVarchar, oidBpchar, oidName, oidUnknown, oidJSON, 0:
		return string(data), nil
	case oidJSONB:
		if len(data) == 0 || data[0] != 1 {
			return "", pgerror.New(pgerror.InvalidBinaryRepresentation, "unsupported jsonb version number %d", firstByte(data))
		}
		return string(data[1:]), nil
	case oidBytea:
		return `\x` + hex.EncodeToString(data), nil
	case oidBool:
		if len(data) != 1 {
			return bad()
		}
		if data[0] != 0 {
			return "t", nil
		}
		return "f", nil
	case oidInt2:
		if len(data) != 2 {
			return bad()
		}
		return strconv.FormatInt(int64(int16(binary.BigEndian.Uint16(data))), 10), nil
	case oidInt4:
		if len(data) != 4 {
			return bad()
		}
		return strconv.FormatInt(int64(int32(binary.BigEndian.Uint32(data))), 10), nil
	case oidOid:
		if len(data) != 4 {
			return bad()
		}
		return strconv.FormatUint(uint64(binary.BigEndian.Uint32(data)), 10), nil
	case oidInt8:
		if len(data) != 8 {
			return bad()
		}
		return strconv.FormatInt(int64(binary.BigEndian.Uint64(data)), 10), nil
	case oidFloat4:
		if len(data) != 4 {
			return bad()
		}
		return strconv.FormatFloat(float64(math.Float32frombits(binary.BigEndian.Uint32(data))), 'g', -1, 32), nil
	case oidFloat8:
		if len(data) != 8 {
			return bad()
		}
		return strconv.FormatFloat(math.Float64frombits(binary.BigEndian.Uint64(data)), 'g', -1, 64), nil
	case oidUUID:
		if len(data) != 16 {
			return bad()
		}
		h := hex.EncodeToString(data)
		return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:], nil
	case oidDate:
		if len(data) != 4 {
			return bad()
		}
		d := int32(binary.BigEndian.Uint32(data))
		switch d {
		case math.MaxInt32:
			return "infinity", nil
		case math.MinInt32:
			return "-infinity", nil
		}
		return pgEpoch.AddDate(0, 0, int(d)).Format("2006-01-02"), nil
	case oidTimestamp, oidTimestamptz:
		if len(data) != 8 {
			return bad()
		}
		us := int64(binary.BigEndian.Uint64(data))
		switch us {
		case math.MaxInt64:
			return "infinity", nil
		case math.MinInt64:
			return "-infinity", nil
		}
		t := time.UnixMicro(pgEpoch.UnixMicro() + us).UTC()
		s := t.Format("2006-01-02 15:04:05.999999")
		if oid == oidTimestamptz {
			s += "+00"
		}
		return s, nil
	}
	t, ok := c.typeMap().TypeForOID(oid)
	if !ok {
		return string(data), nil // enums and other text-like user types
	}
	val, err := t.Codec.DecodeValue(c.typeMap(), oid, pgtype.BinaryFormatCode, data)
	if err != nil {
		return bad()
	}
	out, err := c.typeMap().Encode(oid, pgtype.TextFormatCode, val, nil)
	if err != nil {
		return bad()
	}
	return string(out), nil
}

func firstByte(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	return int(b[0])
}

// ReceiveTextFor is ReceiveText for a value of type t: arrays whose element
// type pgx's codecs do not know (arrays of enums) are decoded here.
func (c *BinaryCodec) ReceiveTextFor(t *Type, data []byte) (string, error) {
	b := t.Base()
	if b.Kind == KindExt {
		v, err := b.Ext.Receive(data) // ext.go
		if err != nil {
			return "", err
		}
		return b.Ext.Output(v), nil
	}
	if b.Kind == KindArray && b.Elem != nil {
		if _, known := c.typeMap().TypeForOID(b.OID); !known || intArrayFromOne(b.Elem, data) {
			return c.receiveArray(b.Elem, data)
		}
	}
	return c.ReceiveText(b.OID, data)
}

// intArrayFromOne reports whether data is an array of integers whose
// every dimension starts at 1 (a driver's id list for = ANY($1)), which
// receiveArray decodes to the same text as pgx's codec (its reflective
// decode and re-encode were a tenth of such a statement).
func intArrayFromOne(elem *Type, data []byte) bool {
	switch elem.Base().Kind {
	case KindInt2, KindInt4, KindInt8:
	default:
		return false
	}
	if len(data) < 12 {
		return false
	}
	ndim := int(int32(binary.BigEndian.Uint32(data)))
	if ndim < 0 || ndim > 6 || len(data) < 12+8*ndim {
		return false
	}
	for i := 0; i < ndim; i++ {
		if int32(binary.BigEndian.Uint32(data[16+8*i:])) != 1 {
			return false
		}
	}
	return true
}

// receiveArray decodes the binary array format (ndim, has-null flag,
// element OID, dimensions, elements) to the array's text form.
func (c *BinaryCodec) receiveArray(elem *Type, data []byte) (string, error) {
	bad := pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in array")
	if len(data) < 12 {
		return "", bad
	}
	ndim := int(int32(binary.BigEndian.Uint32(data)))
	if ndim == 0 {
		return "{}", nil
	}
	if ndim < 0 || ndim > 6 || len(data) < 12+8*ndim {
		return "", bad
	}
	dims := make([]int, ndim)
	total := 1
	for i := range dims {
		dims[i] = int(int32(binary.BigEndian.Uint32(data[12+8*i:])))
		if dims[i] < 0 || dims[i] > 1<<24 {
			return "", bad
		}
		total *= dims[i]
	}
	off := 12 + 8*ndim
	elems := make([]*string, total)
	for i := range elems {
		if len(data) < off+4 {
			return "", bad
		}
		l := int(int32(binary.BigEndian.Uint32(data[off:])))
		off += 4
		if l == -1 {
			continue
		}
		if l < 0 || len(data) < off+l {
			return "", bad
		}
		s, err := c.ReceiveTextFor(elem, data[off:off+l])
		if err != nil {
			return "", err
		}
		elems[i] = &s
		off += l
	}
	var sb strings.Builder
	var write func(d int)
	k := 0
	write = func(d int) {
		sb.WriteByte('{')
		for i := 0; i < dims[d]; i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			if d+1 < ndim {
				write(d + 1)
				continue
			}
			if e := elems[k]; e == nil {
				sb.WriteString("NULL")
			} else {
				sb.WriteString(quoteArrayElem(*e))
			}
			k++
		}
		sb.WriteByte('}')
	}
	write(0)
	return sb.String(), nil
}

// ReceiveValue decodes the binary form of a value of type t straight to
// tinybase's value, for the types whose binary form maps to it without a
// text form: integers and arrays of them (a driver's id list for
// = ANY($1), which went through text at a tenth of the statement). ok is
// false for every other type, and for integers of a wrong length, which
// the text path reports; an array's errors are array_recv's.
func ReceiveValue(t *Type, data []byte) (v any, ok bool, err error) {
	if t.Domain != nil {
		return nil, false, nil // domain checks belong to the input path
	}
	switch t.Kind {
	case KindInt2, KindInt4, KindInt8:
		v, ok := receiveInt(t.Kind, data)
		return v, ok, nil
	case KindArray:
		if e := t.Elem; e != nil && e.Domain == nil && (e.Kind == KindInt2 || e.Kind == KindInt4 || e.Kind == KindInt8) {
			v, err := receiveIntArray(e, data)
			return v, err == nil, err
		}
	}
	return nil, false, nil
}

// receiveInt reads a big-endian integer of kind's width.
func receiveInt(kind Kind, data []byte) (any, bool) {
	switch {
	case kind == KindInt2 && len(data) == 2:
		return int16(binary.BigEndian.Uint16(data)), true
	case kind == KindInt4 && len(data) == 4:
		return int32(binary.BigEndian.Uint32(data)), true
	case kind == KindInt8 && len(data) == 8:
		return int64(binary.BigEndian.Uint64(data)), true
	}
	return nil, false
}

// PostgreSQL's limits on arrays: MAXDIM and MaxArraySize.
const (
	maxArrayDims  = 6
	maxArrayElems = 134217727
)

// receiveIntArray is array_recv for arrays of integers: ndim, has-null
// flag, element OID, then length and lower bound per dimension, then each
// element as length and bytes, with array_recv's errors.
func receiveIntArray(elem *Type, data []byte) (*Array, error) {
	short := func() error { return pgerror.New(pgerror.ProtocolViolation, "insufficient data left in message") }
	if len(data) < 12 {
		return nil, short()
	}
	ndim := int(int32(binary.BigEndian.Uint32(data)))
	switch {
	case ndim < 0:
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "invalid number of dimensions: %d", ndim)
	case ndim > maxArrayDims:
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (%d)", ndim, maxArrayDims)
	}
	if flags := binary.BigEndian.Uint32(data[4:]); flags > 1 {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "invalid array flags")
	}
	if oid := binary.BigEndian.Uint32(data[8:]); oid != elem.OID {
		got := "???"
		if t, ok := ByOID(oid); ok {
			got = t.FormatType()
		}
		return nil, pgerror.New(pgerror.DatatypeMismatch, "binary data has array element type %d (%s) instead of expected %d (%s)", oid, got, elem.OID, elem.FormatType())
	}
	if ndim == 0 {
		if len(data) > 12 {
			return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in bind parameter")
		}
		return &Array{Elem: elem}, nil
	}
	if len(data) < 12+8*ndim {
		return nil, short()
	}
	a := &Array{Elem: elem}
	total := 1
	for d := 0; d < ndim; d++ {
		n := int(int32(binary.BigEndian.Uint32(data[12+8*d:])))
		lb := int(int32(binary.BigEndian.Uint32(data[16+8*d:])))
		if n != 0 && int64(lb)+int64(n)-1 > math.MaxInt32 {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "integer out of range")
		}
		if n < 0 || total*n > maxArrayElems {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "array size exceeds the maximum allowed (%d)", maxArrayElems)
		}
		a.Dims, a.Lower = append(a.Dims, n), append(a.Lower, lb)
		total *= n
	}
	if total == 0 {
		return &Array{Elem: elem}, nil // a dimension of length 0 is the empty array
	}
	off := 12 + 8*ndim
	if total > (len(data)-off)/4 {
		return nil, short() // not even a length per element: allocate nothing
	}
	a.Values = make([]any, total)
	for i := range a.Values {
		if len(data) < off+4 {
			return nil, short()
		}
		l := int(int32(binary.BigEndian.Uint32(data[off:])))
		off += 4
		if l == -1 {
			continue // NULL element
		}
		if l < -1 || l > len(data)-off {
			return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
		}
		v, ok := receiveInt(elem.Kind, data[off:off+l])
		switch {
		case ok:
		case l < int(elem.Len):
			return nil, short() // the element's recv function reads past its end
		default:
			return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "improper binary format in array element %d", i+1)
		}
		a.Values[i] = v
		off += l
	}
	if off != len(data) {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in bind parameter")
	}
	return a, nil
}
