package durable

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Value tags. The common Go representations are written as they are, so
// they come back as the very same value; any other value is written as
// its column type's PostgreSQL text form and read back with that type's
// input function (the bootstrap image's round trip).
const (
	tagNull byte = iota
	tagInt64
	tagInt32
	tagInt16
	tagInt8
	tagUint32
	tagFloat64
	tagFloat32
	tagTrue
	tagFalse
	tagString
	tagBytes
	tagTime
	tagText
	tagUint64
)

// textEnv is the environment values are printed and read in: UTC, so
// the text of a time is the same whatever the session's TimeZone was.
var textEnv = &types.Env{Loc: time.UTC}

// ColumnTypes returns the PostgreSQL types of a table's columns.
func ColumnTypes(cols sql.Schema) ([]*types.Type, error) {
	return AppendColumnTypes(make([]*types.Type, 0, len(cols)), cols)
}

// AppendColumnTypes is ColumnTypes appending to dst (a commit's log
// record reuses one slice).
func AppendColumnTypes(dst []*types.Type, cols sql.Schema) ([]*types.Type, error) {
	for _, c := range cols {
		t, ok := c.Type.(*types.Type)
		if !ok {
			return nil, fmt.Errorf("durable: column %s has no PostgreSQL type", c.Name)
		}
		dst = append(dst, t)
	}
	return dst, nil
}

// AppendRow appends row, typed by cols, to buf.
func AppendRow(buf []byte, cols []*types.Type, row sql.Row) ([]byte, error) {
	if len(row) != len(cols) {
		return nil, fmt.Errorf("durable: %d values for %d columns", len(row), len(cols))
	}
	for i, v := range row {
		var err error
		if buf, err = appendValue(buf, cols[i], v); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

func appendValue(buf []byte, t *types.Type, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(buf, tagNull), nil
	case int64:
		return binary.AppendVarint(append(buf, tagInt64), x), nil
	case int32:
		return binary.AppendVarint(append(buf, tagInt32), int64(x)), nil
	case int16:
		return binary.AppendVarint(append(buf, tagInt16), int64(x)), nil
	case int8:
		return binary.AppendVarint(append(buf, tagInt8), int64(x)), nil
	case uint32:
		return binary.AppendUvarint(append(buf, tagUint32), uint64(x)), nil
	case uint64:
		return binary.AppendUvarint(append(buf, tagUint64), x), nil
	case float64:
		return binary.LittleEndian.AppendUint64(append(buf, tagFloat64), math.Float64bits(x)), nil
	case float32:
		return binary.LittleEndian.AppendUint32(append(buf, tagFloat32), math.Float32bits(x)), nil
	case bool:
		if x {
			return append(buf, tagTrue), nil
		}
		return append(buf, tagFalse), nil
	case string:
		return appendBytes(append(buf, tagString), []byte(x)), nil
	case []byte:
		return appendBytes(append(buf, tagBytes), x), nil
	case time.Time:
		b, err := x.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("durable: %w", err)
		}
		return appendBytes(append(buf, tagTime), b), nil
	}
	return appendBytes(append(buf, tagText), []byte(types.Output(t, v, textEnv))), nil
}

func appendBytes(buf, b []byte) []byte {
	return append(binary.AppendUvarint(buf, uint64(len(b))), b...)
}

// Reader reads what the Append functions wrote. Errors are sticky: after
// the first one every read returns a zero value, and Err reports it.
type Reader struct {
	b   []byte
	err error
}

// NewReader reads b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

var errShort = errors.New("durable: record ends early")

// Err is the first error met.
func (r *Reader) Err() error { return r.err }

// Done reports whether everything was read.
func (r *Reader) Done() bool { return len(r.b) == 0 }

func (r *Reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if len(r.b) < 1 {
		r.fail(errShort)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// Uvarint reads an unsigned varint.
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Varint reads a signed varint.
func (r *Reader) Varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail(errShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Bytes reads a length-prefixed byte string (sharing the reader's buffer).
func (r *Reader) Bytes() []byte {
	n := r.Uvarint()
	if uint64(len(r.b)) < n {
		r.fail(errShort)
		return nil
	}
	b := r.b[:n:n]
	r.b = r.b[n:]
	return b
}

// String reads a length-prefixed string.
func (r *Reader) String() string { return string(r.Bytes()) }

// AppendString appends a length-prefixed string.
func AppendString(buf []byte, s string) []byte { return appendBytes(buf, []byte(s)) }

// Row reads a row typed by cols.
func (r *Reader) Row(cols []*types.Type) sql.Row {
	return r.RowInto(make(sql.Row, len(cols)), cols)
}

// RowInto reads a row typed by cols into row (len(cols) values), so a
// caller reading many rows can allocate their values together.
func (r *Reader) RowInto(row sql.Row, cols []*types.Type) sql.Row {
	for i, t := range cols {
		row[i] = r.value(t)
		if r.err != nil {
			return nil
		}
	}
	return row
}

func (r *Reader) value(t *types.Type) any {
	switch tag := r.Byte(); tag {
	case tagNull:
		return nil
	case tagInt64:
		return r.Varint()
	case tagInt32:
		return int32(r.Varint())
	case tagInt16:
		return int16(r.Varint())
	case tagInt8:
		return int8(r.Varint())
	case tagUint32:
		return uint32(r.Uvarint())
	case tagUint64:
		return r.Uvarint()
	case tagFloat64:
		if len(r.b) < 8 {
			r.fail(errShort)
			return nil
		}
		v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
		r.b = r.b[8:]
		return v
	case tagFloat32:
		if len(r.b) < 4 {
			r.fail(errShort)
			return nil
		}
		v := math.Float32frombits(binary.LittleEndian.Uint32(r.b))
		r.b = r.b[4:]
		return v
	case tagTrue:
		return true
	case tagFalse:
		return false
	case tagString:
		return r.String()
	case tagBytes:
		return append([]byte(nil), r.Bytes()...)
	case tagTime:
		var tm time.Time
		if err := tm.UnmarshalBinary(r.Bytes()); err != nil && r.err == nil {
			r.fail(fmt.Errorf("durable: %w", err))
		}
		return tm
	case tagText:
		s := r.String()
		if r.err != nil {
			return nil
		}
		v, err := types.Input(t, s, textEnv)
		if err != nil {
			r.fail(fmt.Errorf("durable: reading a %s value %q: %w", t.Name, s, err))
			return nil
		}
		return v
	default:
		r.fail(fmt.Errorf("durable: unknown value tag %d", tag))
		return nil
	}
}
