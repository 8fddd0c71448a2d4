package types

import (
	"math"
	"strconv"
	"strings"
)

// PointType is point (docs 8.8.1), kept as its canonical text "(x,y)".
var PointType = &Type{Kind: KindPoint, OID: 600, Name: "point", SQLName: "point", Category: 'G', Mod: -1, ArrayOID: 1017, Len: 16}

// ParsePoint is point_in: "(x,y)" or "x,y", spaces allowed around each
// part; the coordinates print as float8 does.
func ParsePoint(s string) (string, error) {
	x, y, err := PointXY(s)
	if err != nil {
		return "", err
	}
	return FormatPoint(x, y), nil
}

// PointXY reads a point's coordinates from its text form.
func PointXY(s string) (float64, float64, error) {
	str := trimSpace(s)
	if strings.HasPrefix(str, "(") {
		if !strings.HasSuffix(str, ")") {
			return 0, 0, badInput(PointType, s)
		}
		str = str[1 : len(str)-1]
	}
	xs, ys, ok := strings.Cut(str, ",")
	if !ok {
		return 0, 0, badInput(PointType, s)
	}
	x, err1 := strconv.ParseFloat(trimSpace(xs), 64)
	y, err2 := strconv.ParseFloat(trimSpace(ys), 64)
	if err1 != nil || err2 != nil || strings.Contains(ys, ",") {
		return 0, 0, badInput(PointType, s)
	}
	return x, y, nil
}

// FormatPoint is point_out.
func FormatPoint(x, y float64) string {
	return "(" + formatFloat(x, 64) + "," + formatFloat(y, 64) + ")"
}

// PointDistance is point <-> point.
func PointDistance(a, b string) (float64, error) {
	x1, y1, err := PointXY(a)
	if err != nil {
		return 0, err
	}
	x2, y2, err := PointXY(b)
	if err != nil {
		return 0, err
	}
	return math.Hypot(x1-x2, y1-y2), nil
}
