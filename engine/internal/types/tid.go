package types

import (
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

// ParseTID is tidin: "(block,offset)", a block of at most 32 bits and an
// offset of at most 16, each optionally surrounded by spaces.
func ParseTID(s string) (string, error) {
	b, o, ok := splitTID(s)
	if !ok {
		return "", badInput(TIDType, s)
	}
	return FormatTID(b, o), nil
}

func splitTID(s string) (uint32, uint16, bool) {
	in := strings.TrimSpace(s)
	if len(in) < 2 || in[0] != '(' || in[len(in)-1] != ')' {
		return 0, 0, false
	}
	bs, os, ok := strings.Cut(in[1:len(in)-1], ",")
	if !ok {
		return 0, 0, false
	}
	b, err := strconv.ParseUint(strings.TrimSpace(bs), 10, 32)
	if err != nil {
		return 0, 0, false
	}
	o, err := strconv.ParseUint(strings.TrimSpace(os), 10, 16)
	if err != nil {
		return 0, 0, false
	}
	return uint32(b), uint16(o), true
}

func compareTID(a, b any) int {
	ab, ao, _ := splitTID(a.(string))
	bb, bo, _ := splitTID(b.(string))
	if c := cmpInt(int(ab), int(bb)); c != 0 {
		return c
	}
	return cmpInt(int(ao), int(bo))
}
