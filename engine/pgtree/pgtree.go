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
package pgtree

//go:generate go run ./internal/gen -o tree_gen.go

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
func Parse(sql string) (*pg.ParseResult, error) {
	buf, err := parser.ParseToProtobuf(sql)
	if err != nil {
		return nil, err
	}
	return Decode(buf)
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
