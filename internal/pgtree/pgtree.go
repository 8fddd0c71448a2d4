// Package pgtree parses SQL into pg_query's parse tree and walks and
// copies such trees, without protobuf reflection.
//
// pg_query_go hands its C parser's tree over as protobuf bytes and decodes
// them with protobuf-go, which builds its reflection tables for a message
// type the first time a process decodes, reflects on or clones one: for
// pg_query's ~250 types that first use cost milliseconds (most of a
// process's first statement), and the tables stay in the heap. The code
// here is generated from the same message definitions
// (internal/gen, tree_gen.go) and touches only the structs: the trees it
// returns are the ones pg_query.Parse returns, field for field
// (TestParseMatchesPgQuery), so every other use of them, protobuf's
// included, still works.
//
// Parse takes the tree as JSON when it can (json.go, json_gen.go from
// internal/genjson): libpg_query writes JSON several times faster than
// protobuf, whose protobuf-c writer walks all ~250 fields of a Node's
// descriptor to size, and again to pack, every node. The JSON leaves out
// an Integer of 0 or below; such a constant is read from the statement's
// text at its location, an array bound's [] from the brackets, and any
// other statement the JSON cannot carry (5 of the conformance corpus's
// 5944) comes through protobuf. json_test.go holds the JSON trees to the
// protobuf ones over the corpus.
package pgtree

//go:generate go run ./internal/gen -o tree_gen.go
//go:generate go run ./internal/genjson json_gen.go

import (
	"errors"
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
	"google.golang.org/protobuf/encoding/protowire"
)

// maxDepth bounds nesting as protobuf-go's decoder does (its default
// recursion limit).
const maxDepth = 10000

// Parse parses SQL text as pg_query.Parse does, with the same errors.
// The tree comes through libpg_query's JSON when that carries all of it
// (json.go), and through protobuf otherwise.
func Parse(sql string) (*pg.ParseResult, error) {
	if tree, ok, err := parseJSON(sql); ok || err != nil {
		return tree, err
	}
	buf, err := parser.ParseToProtobuf(sql)
	if err != nil {
		return nil, err
	}
	return Decode(buf)
}

// Scan splits SQL text into tokens as pg_query.Scan does, with the same
// errors.
func Scan(sql string) (*pg.ScanResult, error) {
	buf, err := parser.ScanToProtobuf(sql)
	if err != nil {
		return nil, err
	}
	d := &decoder{}
	r := decodeScanResult(d, buf)
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}

// Deparse turns a parse tree back into SQL text, as pg_query.Deparse
// does, with the same errors.
func Deparse(tree *pg.ParseResult) (string, error) {
	return parser.DeparseFromProtobuf(Encode(tree))
}

// Encode returns a ParseResult's protobuf encoding, byte for byte what
// proto.Marshal returns for it.
func Encode(tree *pg.ParseResult) []byte {
	e := &encoder{}
	if tree != nil {
		encodeParseResult(e, tree)
	}
	return e.buf
}

// encoder appends a message's encoding to buf. A nested message is
// encoded in place after a length prefix of the largest size, then moved
// down when its length needs fewer bytes.
type encoder struct {
	buf []byte
}

func (e *encoder) varint(num protowire.Number, v uint64) {
	e.buf = protowire.AppendTag(e.buf, num, protowire.VarintType)
	e.buf = protowire.AppendVarint(e.buf, v)
}

func (e *encoder) fixed64(num protowire.Number, v uint64) {
	e.buf = protowire.AppendTag(e.buf, num, protowire.Fixed64Type)
	e.buf = protowire.AppendFixed64(e.buf, v)
}

func (e *encoder) str(num protowire.Number, s string) {
	e.buf = protowire.AppendTag(e.buf, num, protowire.BytesType)
	e.buf = protowire.AppendString(e.buf, s)
}

func (e *encoder) packed(num protowire.Number, vs []uint64) {
	if len(vs) == 0 {
		return
	}
	n := 0
	for _, v := range vs {
		n += protowire.SizeVarint(v)
	}
	e.buf = protowire.AppendTag(e.buf, num, protowire.BytesType)
	e.buf = protowire.AppendVarint(e.buf, uint64(n))
	for _, v := range vs {
		e.buf = protowire.AppendVarint(e.buf, v)
	}
}

func (e *encoder) message(num protowire.Number, body func()) {
	e.buf = protowire.AppendTag(e.buf, num, protowire.BytesType)
	// reserve the longest length a message this size can need
	const reserve = 5
	at := len(e.buf)
	e.buf = append(e.buf, make([]byte, reserve)...)
	body()
	size := len(e.buf) - at - reserve
	var l [reserve]byte
	ln := protowire.AppendVarint(l[:0], uint64(size))
	copy(e.buf[at:], ln)
	if len(ln) < reserve {
		copy(e.buf[at+len(ln):], e.buf[at+reserve:])
		e.buf = e.buf[:len(e.buf)-(reserve-len(ln))]
	}
}

// Decode decodes a pg_query ParseResult from its protobuf encoding.
func Decode(buf []byte) (*pg.ParseResult, error) {
	d := &decoder{}
	r := decodeParseResult(d, buf)
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}

// Clone returns a deep copy of a parse tree message (*pg.Node, *pg.SelectStmt,
// ...), as proto.Clone does. A nil message clones to nil.
func Clone[T any](m T) T {
	return cloneAny(m).(T)
}

// Walk calls f on m and on every message below it, parents before
// children and fields in their declaration order, while f returns true;
// it reports whether the walk ran to the end. Only set fields are
// visited: nil messages and empty lists are skipped, as protobuf
// reflection's Range skips them.
func Walk(m any, f func(any) bool) bool {
	if !f(m) {
		return false
	}
	return children(m, func(c any) bool { return Walk(c, f) })
}

// Children calls f on each message directly below m, in field order,
// while f returns true; it reports whether every call returned true.
func Children(m any, f func(any) bool) bool {
	return children(m, f)
}

// Location returns a message's location field (the byte offset in the
// statement text it was parsed from, -1 when unknown), and false for a
// message without one.
func Location(m any) (int32, bool) {
	return location(m)
}

// Fields calls f on the fields of m that hold messages or its location,
// in declaration order, as protobuf reflection's Range visits them: for
// each set message field and each element of a message list f(child, 0),
// for a non-zero location field f(nil, location). f returning false ends
// the walk of m's fields.
func Fields(m any, f func(child any, location int32) bool) {
	fields(m, f)
}

// ClearLocations sets every location field in the tree below m, m's
// included, to 0.
func ClearLocations(m any) {
	Walk(m, func(x any) bool {
		clearLocation(x)
		return true
	})
}

// Equal reports whether two parse tree messages are equal, as proto.Equal
// does: a nil list equals an empty one, a nil message does not equal an
// empty one.
func Equal[T any](a, b T) bool {
	return equalAny(a, b)
}

var (
	errInvalid = errors.New("proto: cannot parse invalid wire-format data")
	errUTF8    = errors.New("string field contains invalid UTF-8")
	errDepth   = errors.New("proto: exceeded maximum recursion depth")
)

// decoder holds a decode's first error and its nesting depth.
type decoder struct {
	err   error
	depth int
}

func (d *decoder) fail(int) {
	if d.err == nil {
		d.err = errInvalid
	}
}

// enter counts one level of nesting; false (with the error set) past
// maxDepth. The caller decrements depth after decoding the message.
func (d *decoder) enter() bool {
	d.depth++
	if d.depth > maxDepth {
		if d.err == nil {
			d.err = errDepth
		}
		return false
	}
	return true
}

// str consumes a length-delimited string, which proto3 requires to be
// valid UTF-8.
func (d *decoder) str(buf *[]byte) (string, bool) {
	v, n := protowire.ConsumeBytes(*buf)
	if n < 0 {
		d.fail(n)
		return "", false
	}
	*buf = (*buf)[n:]
	if !utf8.Valid(v) {
		if d.err == nil {
			d.err = errUTF8
		}
		return "", false
	}
	return string(v), true
}

// skip consumes a field the message does not know (or knows with another
// wire type), as protobuf keeps such a field aside.
func (d *decoder) skip(num protowire.Number, typ protowire.Type, buf []byte) []byte {
	n := protowire.ConsumeFieldValue(num, typ, buf)
	if n < 0 {
		d.fail(n)
		return nil
	}
	return buf[n:]
}

func (d *decoder) skipAll(buf []byte) {
	for len(buf) > 0 && d.err == nil {
		num, typ, n := protowire.ConsumeTag(buf)
		if n < 0 {
			d.fail(n)
			return
		}
		buf = d.skip(num, typ, buf[n:])
	}
}

// Normalize is sql with its constants replaced by $n, numbered after
// its own parameters: the text pg_stat_statements shows for a query.
func Normalize(sql string) (string, error) { return parser.Normalize(sql) }
