package pgproto

import (
	"errors"
	"math"
	"unicode/utf8"
	"unsafe"

	pg "github.com/pganalyze/pg_query_go/v5"

	"google.golang.org/protobuf/encoding/protowire"
)

// errFallback stops a generated decoder where it cannot promise
// proto.Unmarshal's answer (malformed or unexpected input, a field
// proto would merge or keep as unknown); Unmarshal then asks proto.
var errFallback = errors.New("pgproto: fall back to proto.Unmarshal")

func bytesField(typ protowire.Type, b []byte) (v, rest []byte, err error) {
	if typ != protowire.BytesType {
		return nil, b, errFallback
	}
	v, n := protowire.ConsumeBytes(b)
	if n < 0 {
		return nil, b, errFallback
	}
	return v, b[n:], nil
}

// stringField returns a string that shares the decoded buffer's memory
// (Unmarshal owns it and never writes it), so strings cost no copy.
func stringField(typ protowire.Type, b []byte) (string, []byte, error) {
	v, rest, err := bytesField(typ, b)
	if err != nil || len(v) == 0 {
		return "", rest, err
	}
	s := unsafe.String(&v[0], len(v))
	if !utf8.ValidString(s) {
		return "", b, errFallback // proto rejects invalid UTF-8 in a proto3 string
	}
	return s, rest, nil
}

func varintField(typ protowire.Type, b []byte) (uint64, []byte, error) {
	if typ != protowire.VarintType {
		return 0, b, errFallback
	}
	v, n := protowire.ConsumeVarint(b)
	if n < 0 {
		return 0, b, errFallback
	}
	return v, b[n:], nil
}

func boolField(typ protowire.Type, b []byte) (bool, []byte, error) {
	v, rest, err := varintField(typ, b)
	return v != 0, rest, err
}

func doubleField(typ protowire.Type, b []byte) (float64, []byte, error) {
	if typ != protowire.Fixed64Type {
		return 0, b, errFallback
	}
	v, n := protowire.ConsumeFixed64(b)
	if n < 0 {
		return 0, b, errFallback
	}
	return math.Float64frombits(v), b[n:], nil
}

// uint64sField appends a repeated uint64, packed or not.
func uint64sField(typ protowire.Type, b []byte, dst []uint64) ([]uint64, []byte, error) {
	if typ == protowire.VarintType {
		v, rest, err := varintField(typ, b)
		return append(dst, v), rest, err
	}
	v, rest, err := bytesField(typ, b)
	if err != nil {
		return dst, b, err
	}
	for len(v) > 0 {
		x, n := protowire.ConsumeVarint(v)
		if n < 0 {
			return dst, b, errFallback
		}
		dst = append(dst, x)
		v = v[n:]
	}
	return dst, rest, nil
}

// slowNode decodes a Node newNode does not expect.
func slowNode(b []byte) (*pg.Node, error) {
	x := new(pg.Node)
	return x, decodeNode(b, x)
}
