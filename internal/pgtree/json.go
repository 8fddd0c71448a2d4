package pgtree

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
)

// errFallback stops the JSON decoder where it cannot promise
// pg_query_go's tree; Parse then decodes the protobuf tree.
var errFallback = errors.New("pgtree: fall back to the protobuf tree")

// errAmbiguous stops the JSON decoder at an Integer written as {}: the
// JSON libpg_query writes omits every value but a positive one
// (_outInteger), so 0 and negative numbers read alike where neither the
// text (jsonA_Const) nor the grammar (jsonBoundNode) tells them apart.
var errAmbiguous = errors.New("pgtree: an Integer node without its value")

// jdec reads the compact JSON libpg_query writes (pg_query_outfuncs_json.c):
// no whitespace, keys without escapes, strings escaped by _outToken.
// Anything else is errFallback.
type jdec struct {
	s string
	i int
	// src is the parsed SQL text; pending is an A_Const's Integer
	// written as {}, read from src at the constant's location.
	src     string
	pending *pg.Integer
	// zeroBound is 1 when no bracketed text of src holds a 0, 2 when
	// one does, 0 before bracketZero looked.
	zeroBound uint8
}

// lit consumes c when it is next.
func (d *jdec) lit(c byte) bool {
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

// next consumes a ',' and reports true, or a closing c and reports
// false; anything else is an error.
func (d *jdec) next(c byte) (bool, error) {
	if d.lit(',') {
		return true, nil
	}
	if d.lit(c) {
		return false, nil
	}
	return false, errFallback
}

// key reads `"name":`.
func (d *jdec) key() (string, error) {
	if !d.lit('"') {
		return "", errFallback
	}
	end := strings.IndexByte(d.s[d.i:], '"')
	if end < 0 {
		return "", errFallback
	}
	k := d.s[d.i : d.i+end]
	d.i += end + 1
	if !d.lit(':') {
		return "", errFallback
	}
	return k, nil
}

// str reads a string (null reads as "", as protobuf has no null string).
func (d *jdec) str() (string, error) {
	if strings.HasPrefix(d.s[d.i:], "null") {
		d.i += 4
		return "", nil
	}
	if !d.lit('"') {
		return "", errFallback
	}
	start := d.i
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case '"':
			v := d.s[start:d.i]
			d.i++
			return v, nil
		case '\\':
			return d.escaped(start)
		}
		d.i++
	}
	return "", errFallback
}

// escaped finishes a string holding escapes, from start (after the
// opening quote).
func (d *jdec) escaped(start int) (string, error) {
	b := []byte(d.s[start:d.i])
	for d.i < len(d.s) {
		c := d.s[d.i]
		d.i++
		switch c {
		case '"':
			return unsafe.String(unsafe.SliceData(b), len(b)), nil
		case '\\':
			if d.i >= len(d.s) {
				return "", errFallback
			}
			e := d.s[d.i]
			d.i++
			switch e {
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case '"', '\\', '/':
				b = append(b, e)
			case 'u':
				if d.i+4 > len(d.s) {
					return "", errFallback
				}
				r, err := strconv.ParseUint(d.s[d.i:d.i+4], 16, 16)
				if err != nil || r >= utf8.RuneSelf {
					return "", errFallback // _outToken escapes ASCII only
				}
				b = append(b, byte(r))
				d.i += 4
			default:
				return "", errFallback
			}
		default:
			b = append(b, c)
		}
	}
	return "", errFallback
}

// number reads an integer's text.
func (d *jdec) number() (string, error) {
	start := d.i
	if d.i < len(d.s) && d.s[d.i] == '-' {
		d.i++
	}
	for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
		d.i++
	}
	if d.i == start || d.i < len(d.s) && (d.s[d.i] == '.' || d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		return "", errFallback
	}
	return d.s[start:d.i], nil
}

func (d *jdec) int32() (int32, error) {
	t, err := d.number()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseInt(t, 10, 32)
	if err != nil {
		return 0, errFallback
	}
	return int32(v), nil
}

func (d *jdec) int64() (int64, error) {
	t, err := d.number()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, errFallback
	}
	return v, nil
}

func (d *jdec) uint32() (uint32, error) {
	t, err := d.number()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseUint(t, 10, 32)
	if err != nil {
		return 0, errFallback
	}
	return uint32(v), nil
}

func (d *jdec) uint64() (uint64, error) {
	t, err := d.number()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, errFallback
	}
	return v, nil
}

func (d *jdec) bool() (bool, error) {
	if strings.HasPrefix(d.s[d.i:], "true") {
		d.i += 4
		return true, nil
	}
	if strings.HasPrefix(d.s[d.i:], "false") {
		d.i += 5
		return false, nil
	}
	return false, errFallback
}

// enum reads an enum value's name and maps it with names.
func (d *jdec) enum(names map[string]int32) (int32, error) {
	if !d.lit('"') {
		return 0, errFallback
	}
	end := strings.IndexByte(d.s[d.i:], '"')
	if end < 0 {
		return 0, errFallback
	}
	v, ok := names[d.s[d.i:d.i+end]]
	d.i += end + 1
	if !ok {
		return 0, errFallback
	}
	return v, nil
}

// slowJSONNode decodes a Node that is not {"Type":{...}}: an empty one
// (a NULL list element).
func slowJSONNode(d *jdec) (*pg.Node, error) {
	if d.lit('{') && d.lit('}') {
		return &pg.Node{}, nil
	}
	return nil, errFallback
}

// jsonInteger reads an Integer, which _outInteger writes as {"ival":N}
// only when N is positive: {} is 0 or negative, errAmbiguous.
func jsonInteger(d *jdec, m *pg.Integer) error {
	if !d.lit('{') {
		return errFallback
	}
	if d.lit('}') {
		return errAmbiguous
	}
	k, err := d.key()
	if err != nil || k != "ival" {
		return errFallback
	}
	if m.Ival, err = d.int32(); err != nil {
		return err
	}
	if !d.lit('}') {
		return errFallback
	}
	return nil
}

// jsonConstInteger reads an A_Const's Integer; one written as {} (0 or
// below) is left for jsonA_Const to read from the source text.
func jsonConstInteger(d *jdec, m *pg.Integer) error {
	if strings.HasPrefix(d.s[d.i:], "{}") {
		d.i += 2
		d.pending = m
		return nil
	}
	return jsonInteger(d, m)
}

// jsonA_Const reads an A_Const. An integer constant of 0 or below, which
// the JSON leaves out, is read from the statement's text at the
// constant's location: the grammar puts it on the literal's digits, or on
// the minus sign it folded in (doNegate); any other text there (a hex,
// octal, binary or underscored literal, a comment or parenthesis after
// the sign, a value that is not 0 or below) is errAmbiguous.
func jsonA_Const(d *jdec, m *pg.A_Const) error {
	d.pending = nil
	if err := jsonA_ConstFields(d, m); err != nil {
		return err
	}
	if d.pending != nil {
		v, ok := intAt(d.src, m.Location)
		if !ok || v > 0 {
			return errAmbiguous
		}
		d.pending.Ival = v
		d.pending = nil
	}
	return nil
}

// intAt reads a decimal integer literal, with an optional minus sign and
// whitespace after it, at byte offset loc of src.
func intAt(src string, loc int32) (int32, bool) {
	if loc < 0 || int(loc) >= len(src) {
		return 0, false
	}
	s := src[loc:]
	neg := s[0] == '-'
	if neg {
		s = strings.TrimLeft(s[1:], " \t\n\r\f\v")
	}
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || n < len(s) && (s[n] == '_' || s[n] == '.' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= utf8.RuneSelf) {
		return 0, false
	}
	v, err := strconv.ParseInt(s[:n], 10, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		v = -v
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, false
	}
	return int32(v), true
}

// jsonBoundNode reads an element of a TypeName's arrayBounds: an Integer
// that is -1 for `[]` (and `ARRAY`) and the constant for `[n]`. The JSON
// writes both -1 and 0 as {}; it is -1 unless some bracketed text of the
// statement holds a 0 (a `[0]` bound, or anything the scan cannot tell
// from one), which is errAmbiguous.
func jsonBoundNode(d *jdec) (*pg.Node, error) {
	const empty = `{"Integer":{}}`
	if !strings.HasPrefix(d.s[d.i:], empty) {
		return jsonNewNode(d)
	}
	if d.bracketZero() {
		return nil, errAmbiguous
	}
	d.i += len(empty)
	x := new(struct {
		n pg.Node
		w pg.Node_Integer
		m pg.Integer
	})
	x.m.Ival = -1
	x.w.Integer = &x.m
	x.n.Node = &x.w
	return &x.n, nil
}

// bracketZero reports whether a '0' appears between brackets in the
// statement's text.
func (d *jdec) bracketZero() bool {
	if d.zeroBound == 0 {
		d.zeroBound = 1
		depth := 0
		for i := 0; i < len(d.src); i++ {
			switch c := d.src[i]; {
			case c == '[':
				depth++
			case c == ']' && depth > 0:
				depth--
			case c == '0' && depth > 0:
				d.zeroBound = 2
			}
		}
	}
	return d.zeroBound == 2
}

// parseJSON parses sql through libpg_query's JSON tree, which it writes
// several times faster than protobuf (protobuf-c sizes and packs every
// message by walking all of its descriptor's fields, and a Node has one
// per node type, ~250); ok is false when the JSON does not say everything
// (an integer of 0 or below that is neither a decimal constant in the
// text nor an array bound's [], invalid UTF-8, any shape the decoder
// does not expect), and Parse then decodes the protobuf tree.
func parseJSON(sql string) (tree *pg.ParseResult, ok bool, err error) {
	j, err := parser.ParseToJSON(sql)
	if err != nil {
		return nil, false, err
	}
	tree = &pg.ParseResult{}
	if decodeJSON(j, sql, tree) != nil {
		return nil, false, nil
	}
	return tree, true, nil
}

// decodeJSON decodes the JSON libpg_query writes for a parse of sql into
// an empty tree; on an error the tree is unusable. The tree's strings
// share j's memory.
func decodeJSON(j, sql string, tree *pg.ParseResult) error {
	if !utf8.ValidString(j) {
		return errFallback // the protobuf tree fails to decode as proto.Unmarshal's UTF-8 check does
	}
	d := jdec{s: j, src: sql}
	if err := jsonParseResult(&d, tree); err != nil {
		return err
	}
	if d.i != len(j) {
		return errFallback
	}
	return nil
}
