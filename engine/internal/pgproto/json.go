package pgproto

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// errAmbiguous stops the JSON decoder at an Integer written as {}: the
// JSON libpg_query writes omits every value but a positive one
// (_outInteger), so 0 and negative numbers read alike; Parse then takes
// the protobuf path for the statement.
var errAmbiguous = errors.New("pgproto: an Integer node without its value")

// jdec reads the compact JSON libpg_query writes (pg_query_outfuncs_json.c):
// no whitespace, keys without escapes, strings escaped by _outToken.
// Anything else is errFallback.
type jdec struct {
	s string
	i int
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
