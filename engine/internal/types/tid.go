package types

import (
	"math"
	"strconv"
	"strings"
)

// TIDType is tid (docs 8.19), a row version's physical address: block
// number and line pointer offset, written "(block,offset)". Values are
// kept as that canonical text and compare block first, then offset.
var TIDType = &Type{Kind: KindTID, OID: 27, Name: "tid", SQLName: "tid", Category: 'U', Mod: -1, ArrayOID: 1010, Len: 6}

// FormatTID returns the canonical text of a tid.
func FormatTID(block uint32, offset uint16) string {
	return "(" + strconv.FormatUint(uint64(block), 10) + "," + strconv.FormatUint(uint64(offset), 10) + ")"
}

// ParseTID is tidin: "(block,offset)", a block number of 32 bits and an
// offset of 16.
func ParseTID(s string) (string, error) {
	b, o, ok := splitTID(s)
	if !ok {
		return "", badInput(TIDType, s)
	}
	return FormatTID(b, o), nil
}

// splitTID reads a tid as PostgreSQL's tidin does: the block number
// starts after the first "(" (or ","), the offset after the next ",";
// each may have leading spaces and a sign and must end right at "," and
// ")" respectively.
func splitTID(s string) (uint32, uint16, bool) {
	var coord [2]int
	n := 0
	for i := 0; i < len(s) && n < 2 && s[i] != ')'; i++ {
		if s[i] == ',' || (s[i] == '(' && n == 0) {
			coord[n] = i + 1
			n++
		}
	}
	if n < 2 {
		return 0, 0, false
	}
	b, end, ok := cInteger(s, coord[0])
	if !ok || end >= len(s) || s[end] != ',' || b > math.MaxUint32 || b < math.MinInt32 {
		return 0, 0, false
	}
	o, end, ok := cInteger(s, coord[1])
	if !ok || end >= len(s) || s[end] != ')' || o < 0 || o > math.MaxUint16 {
		return 0, 0, false
	}
	return uint32(b), uint16(o), true
}

// cInteger reads a decimal integer at s[i:] as strtol does: leading white
// space and an optional sign; end is where the digits stop.
func cInteger(s string, i int) (v int64, end int, ok bool) {
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == digits || i-digits > 18 {
		return 0, i, false
	}
	v, err := strconv.ParseInt(s[start:i], 10, 64)
	return v, i, err == nil
}

func compareTID(a, b any) int {
	ab, ao, _ := splitTID(a.(string))
	bb, bo, _ := splitTID(b.(string))
	if c := cmpInt(int(ab), int(bb)); c != 0 {
		return c
	}
	return cmpInt(int(ao), int(bo))
}
