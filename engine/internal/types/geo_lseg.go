package types

import "github.com/tinybase/tinybase/internal/pgerror"

// LsegType is lseg (docs 8.8.3), a line segment kept as its canonical
// text "[(x1,y1),(x2,y2)]" as point and polygon are.
var LsegType = &Type{Kind: KindLseg, OID: 601, Name: "lseg", SQLName: "lseg", Category: 'G', Mod: -1, ArrayOID: 1018, Len: 32}

// ParseLseg is lseg_in: two points, as "[(x1,y1),(x2,y2)]",
// "((x1,y1),(x2,y2))", "(x1,y1),(x2,y2)" or "x1,y1,x2,y2".
func ParseLseg(s string) (string, error) {
	pts, err := LsegPoints(s)
	if err != nil {
		return "", err
	}
	return "[" + FormatPoint(pts[0].X, pts[0].Y) + "," + FormatPoint(pts[1].X, pts[1].Y) + "]", nil
}

// LsegPoints reads a segment's end points from its text form: the
// points of a path (PolygonPoints) of exactly two, which the brackets
// of an open path may enclose.
func LsegPoints(s string) ([]GeoPoint, error) {
	in := trimSpace(s)
	if len(in) > 0 && in[0] == '[' {
		if in[len(in)-1] != ']' {
			return nil, badInput(LsegType, s)
		}
		in = "(" + in[1:len(in)-1] + ")"
	}
	pts, err := PolygonPoints(in)
	if e, ok := err.(*pgerror.Error); ok && e.Code == pgerror.InvalidTextRepresentation || err == nil && len(pts) != 2 {
		return nil, badInput(LsegType, s)
	}
	return pts, err
}

// LsegCenter is lseg_center, the cast lseg → point.
func LsegCenter(s string) (string, error) {
	pts, err := LsegPoints(s)
	if err != nil {
		return "", err
	}
	return FormatPoint((pts[0].X+pts[1].X)/2, (pts[0].Y+pts[1].Y)/2), nil
}
