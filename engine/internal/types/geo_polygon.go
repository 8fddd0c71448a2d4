package types

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// PolygonType is polygon (docs 8.8.7), kept as its canonical text
// "((x1,y1),...,(xn,yn))" as point is.
var PolygonType = &Type{Kind: KindPolygon, OID: 604, Name: "polygon", SQLName: "polygon", Category: 'G', Mod: -1, ArrayOID: 1027, Len: -1}

// GeoPoint is one vertex of a geometric value.
type GeoPoint struct{ X, Y float64 }

// ParsePolygon is poly_in: the points of "((x1,y1),...)", "(x1,y1),...",
// "(x1,y1,...)" or "x1,y1,..."; an odd number of commas is one pair
// short, and an open path's brackets are refused.
func ParsePolygon(s string) (string, error) {
	pts, err := PolygonPoints(s)
	if err != nil {
		return "", err
	}
	return FormatPolygon(pts), nil
}

// PolygonPoints reads a polygon's vertices from its text form, as
// PostgreSQL's path_decode does for a closed path.
func PolygonPoints(s string) ([]GeoPoint, error) {
	bad := badInput(PolygonType, s)
	commas := strings.Count(s, ",")
	if commas%2 == 0 {
		return nil, bad
	}
	n := (commas + 1) / 2
	i := skipSpace(s, 0)
	depth := 0
	if i < len(s) && s[i] == '(' {
		// "((" or a single "(" around the whole list opens a level; a "("
		// of the first pair does not.
		j := skipSpace(s, i+1)
		if j < len(s) && s[j] == '(' {
			depth++
			i = j
		} else if strings.LastIndexByte(s, '(') == i {
			depth++
			i = j
		}
	}
	pts := make([]GeoPoint, n)
	for k := range pts {
		var err error
		if pts[k], i, err = geoPair(s, i); err == errGeoSyntax {
			return nil, bad
		} else if err != nil {
			return nil, err
		}
		if i < len(s) && s[i] == ',' {
			i++
		}
	}
	for ; depth > 0; depth-- {
		if i >= len(s) || s[i] != ')' {
			return nil, bad
		}
		i = skipSpace(s, i+1)
	}
	if i != len(s) {
		return nil, bad
	}
	return pts, nil
}

// errGeoSyntax marks input the caller reports as invalid syntax for its
// own type.
var errGeoSyntax = errors.New("geometric syntax")

// geoPair is pair_decode: "x,y" or "(x,y)", spaces around each part.
func geoPair(s string, i int) (GeoPoint, int, error) {
	i = skipSpace(s, i)
	paren := i < len(s) && s[i] == '('
	if paren {
		i++
	}
	x, i, err := geoFloat(s, i)
	if err != nil {
		return GeoPoint{}, i, err
	}
	if i >= len(s) || s[i] != ',' {
		return GeoPoint{}, i, errGeoSyntax
	}
	y, i, err := geoFloat(s, i+1)
	if err != nil {
		return GeoPoint{}, i, err
	}
	if paren {
		if i >= len(s) || s[i] != ')' {
			return GeoPoint{}, i, errGeoSyntax
		}
		i = skipSpace(s, i+1)
	}
	return GeoPoint{x, y}, i, nil
}

// geoFloat is float8in_internal reading a prefix: spaces, a number (or
// NaN / Infinity), spaces; a number that overflows or underflows to zero
// is float8in's range error naming it.
func geoFloat(s string, i int) (float64, int, error) {
	i = skipSpace(s, i)
	rest := strings.ToLower(s[i:])
	for _, w := range []string{"-infinity", "+infinity", "infinity", "-inf", "+inf", "inf", "nan"} {
		if strings.HasPrefix(rest, w) {
			v := math.Inf(1)
			switch {
			case w == "nan":
				v = math.NaN()
			case w[0] == '-':
				v = math.Inf(-1)
			}
			return v, skipSpace(s, i+len(w)), nil
		}
	}
	j := i
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	digits := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
		digits++
	}
	if j < len(s) && s[j] == '.' {
		j++
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
			digits++
		}
	}
	if digits == 0 {
		return 0, i, errGeoSyntax
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			j = k
		}
	}
	v, err := strconv.ParseFloat(s[i:j], 64)
	if err == nil && v == 0 && strings.ContainsAny(strings.SplitN(strings.ToLower(s[i:j]), "e", 2)[0], "123456789") {
		err = &strconv.NumError{Err: strconv.ErrRange} // underflow, which strtod reports as ERANGE
	}
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, i, pgerror.New(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type double precision", s[i:j])
		}
		return 0, i, errGeoSyntax
	}
	return v, skipSpace(s, j), nil
}

// FormatPolygon is poly_out.
func FormatPolygon(pts []GeoPoint) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(FormatPoint(p.X, p.Y))
	}
	b.WriteByte(')')
	return b.String()
}
