package types

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Text and binary forms of geometry: WKT/EWKT, WKB/EWKB (OGC 06-103r4;
// PostGIS's EWKB adds an SRID and Z/M flags in the type word).

const (
	ewkbZ    = 0x80000000
	ewkbM    = 0x40000000
	ewkbSRID = 0x20000000
)

// ParseGeometry reads the text input of geometry: hex (E)WKB, or
// (E)WKT with an optional `SRID=n;` prefix.
func ParseGeometry(s string) (*Geometry, error) {
	t := strings.TrimSpace(s)
	var srid int32
	hasSRID := false
	if len(t) >= 5 && strings.EqualFold(t[:5], "SRID=") {
		semi := strings.IndexByte(t, ';')
		if semi < 0 {
			return nil, wktError(s, len(t))
		}
		n, err := strconv.ParseInt(strings.TrimSpace(t[5:semi]), 10, 32)
		if err != nil {
			return nil, wktError(s, semi)
		}
		srid, hasSRID = int32(n), true
		if srid < 0 {
			srid = 0
		}
		t = strings.TrimSpace(t[semi+1:])
	}
	var g *Geometry
	var err error
	if t != "" && t[0] >= '0' && t[0] <= '9' {
		g, err = parseHexWKB(t)
	} else {
		g, err = parseWKT(s, t)
	}
	if err != nil {
		return nil, err
	}
	if hasSRID {
		g = g.WithSRID(srid)
	}
	return g, nil
}

func parseHexWKB(t string) (*Geometry, error) {
	if len(t)%2 != 0 {
		return nil, GeomError("Invalid hex string, length (%d) has to be a multiple of two!", len(t))
	}
	b, err := hex.DecodeString(t)
	if err != nil {
		return nil, GeomError("Invalid hex string")
	}
	return ParseWKB(b)
}

func wktError(s string, pos int) *pgerror.Error {
	if pos > len(s) {
		pos = len(s)
	}
	e := GeomError("parse error - invalid geometry")
	if s != "" {
		e = e.WithHint("\"%s\" <-- parse error at position %d within geometry", s[:pos], pos)
	}
	return e
}

// wktParser is a recursive-descent reader of WKT.
type wktParser struct {
	src  string // the whole input, for error hints
	s    string // the geometry text
	off  int    // offset of s in src
	i    int
	z, m bool
	dims int // ordinates per point once known (0: not yet)
}

func parseWKT(src, s string) (*Geometry, error) {
	p := &wktParser{src: src, s: s, off: strings.Index(src, s)}
	if p.off < 0 {
		p.off = 0
	}
	g, err := p.geometry(true)
	if err != nil {
		return nil, err
	}
	p.skip()
	if p.i != len(p.s) {
		return nil, p.fail()
	}
	return g, nil
}

func (p *wktParser) fail() error { return wktError(p.src, p.off+p.i) }

func (p *wktParser) skip() {
	for p.i < len(p.s) && isSpaceByte(p.s[p.i]) {
		p.i++
	}
}

func (p *wktParser) word() string {
	p.skip()
	j := p.i
	for j < len(p.s) && (p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] >= 'a' && p.s[j] <= 'z') {
		j++
	}
	w := strings.ToUpper(p.s[p.i:j])
	p.i = j
	return w
}

func (p *wktParser) peek(c byte) bool {
	p.skip()
	return p.i < len(p.s) && p.s[p.i] == c
}

func (p *wktParser) expect(c byte) error {
	if !p.peek(c) {
		p.i++
		return p.fail()
	}
	p.i++
	return nil
}

// geometry reads `NAME [Z|M|ZM] (EMPTY | (...))`.
func (p *wktParser) geometry(top bool) (*Geometry, error) {
	w := p.word()
	typ, z, m, ok := geomTypeFromName(w)
	if !ok || typ == GeomUnknown {
		if p.i < len(p.s) {
			p.i++
		}
		return nil, p.fail()
	}
	if !z && !m {
		save := p.i
		switch p.word() {
		case "Z":
			z = true
		case "M":
			m = true
		case "ZM":
			z, m = true, true
		default:
			p.i = save
		}
	}
	if z || m {
		want := 2 + b2i(z) + b2i(m)
		if p.dims != 0 && p.dims != want {
			return nil, GeomError("can not mix dimensionality in a geometry")
		}
		p.dims, p.z, p.m = want, z, m
	}
	g := &Geometry{Type: typ}
	save := p.i
	if p.word() == "EMPTY" {
		g.Z, g.M = p.z, p.m
		return g, nil
	}
	p.i = save
	if err := p.expect('('); err != nil {
		return nil, err
	}
	var err error
	switch typ {
	case GeomPoint:
		g.Coords, err = p.coord(nil)
	case GeomLineString:
		g.Coords, err = p.coords(2)
	case GeomPolygon:
		g.Parts, err = p.rings()
	case GeomMultiPoint:
		for {
			pt := &Geometry{Type: GeomPoint}
			switch {
			case p.peek('('):
				p.i++
				if pt.Coords, err = p.coord(nil); err == nil {
					err = p.expect(')')
				}
			default:
				save := p.i
				if p.word() != "EMPTY" {
					p.i = save
					pt.Coords, err = p.coord(nil)
				}
			}
			if err != nil {
				return nil, err
			}
			g.Parts = append(g.Parts, pt)
			if !p.peek(',') {
				break
			}
			p.i++
		}
	case GeomMultiLineString, GeomMultiPolygon:
		for {
			part := &Geometry{Type: GeomLineString}
			if typ == GeomMultiPolygon {
				part.Type = GeomPolygon
			}
			save := p.i
			if p.word() != "EMPTY" {
				p.i = save
				if err = p.expect('('); err != nil {
					return nil, err
				}
				if typ == GeomMultiPolygon {
					part.Parts, err = p.rings()
				} else {
					part.Coords, err = p.coords(2)
				}
				if err == nil {
					err = p.expect(')')
				}
			}
			if err != nil {
				return nil, err
			}
			g.Parts = append(g.Parts, part)
			if !p.peek(',') {
				break
			}
			p.i++
		}
	case GeomCollection:
		for {
			part, err := p.geometry(false)
			if err != nil {
				return nil, err
			}
			g.Parts = append(g.Parts, part)
			if !p.peek(',') {
				break
			}
			p.i++
		}
	}
	if err != nil {
		return nil, err
	}
	if err := p.expect(')'); err != nil {
		return nil, err
	}
	g.setDims(p.z, p.m)
	return g, nil
}

// setDims sets the Z/M flags of g and its members.
func (g *Geometry) setDims(z, m bool) {
	g.Z, g.M = z, m
	for _, p := range g.Parts {
		p.setDims(z, m)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// coords reads a comma-separated list of at least min points.
func (p *wktParser) coords(min int) ([]float64, error) {
	var out []float64
	n := 0
	for {
		var err error
		if out, err = p.coord(out); err != nil {
			return nil, err
		}
		n++
		if !p.peek(',') {
			break
		}
		p.i++
	}
	if n < min {
		return nil, wktErrorMsg(p, "geometry requires more points")
	}
	return out, nil
}

func wktErrorMsg(p *wktParser, msg string) error {
	e := wktError(p.src, p.off+p.i)
	e.Message = msg
	return e
}

// rings reads a polygon's rings: `(x y, ...), (...)`.
func (p *wktParser) rings() ([]*Geometry, error) {
	var out []*Geometry
	for {
		if err := p.expect('('); err != nil {
			return nil, err
		}
		c, err := p.coords(1)
		if err != nil {
			return nil, err
		}
		if err := p.expect(')'); err != nil {
			return nil, err
		}
		d := p.dims
		n := len(c) / d
		if n < 4 {
			return nil, wktErrorMsg(p, "geometry requires more points")
		}
		if c[0] != c[(n-1)*d] || c[1] != c[(n-1)*d+1] {
			return nil, wktErrorMsg(p, "geometry contains non-closed rings")
		}
		out = append(out, &Geometry{Type: GeomLineString, Coords: c})
		if !p.peek(',') {
			break
		}
		p.i++
	}
	return out, nil
}

// coord reads one point's ordinates and appends them.
func (p *wktParser) coord(out []float64) ([]float64, error) {
	var vals [4]float64
	n := 0
	for {
		p.skip()
		j := p.i
		for j < len(p.s) && strings.IndexByte("+-.0123456789eE", p.s[j]) >= 0 {
			j++
		}
		if j == p.i {
			break
		}
		f, err := strconv.ParseFloat(p.s[p.i:j], 64)
		if err != nil || n == 4 {
			p.i = j
			return nil, p.fail()
		}
		vals[n] = f
		n++
		p.i = j
	}
	if n < 2 {
		p.i++
		return nil, p.fail()
	}
	if p.dims == 0 {
		p.dims, p.z, p.m = n, n >= 3, n == 4
	}
	if n != p.dims {
		return nil, GeomError("can not mix dimensionality in a geometry")
	}
	return append(out, vals[:n]...), nil
}

// ParseWKB reads (E)WKB, either byte order, EWKB or ISO dimension flags.
func ParseWKB(b []byte) (*Geometry, error) {
	r := wkbReader{b: b}
	g := r.geometry()
	if r.err != nil {
		return nil, r.err
	}
	return g, nil
}

type wkbReader struct {
	b   []byte
	bo  binary.ByteOrder
	err error
}

func (r *wkbReader) fail() {
	if r.err == nil {
		r.err = GeomError("WKB structure does not match expected size!")
	}
}

func (r *wkbReader) u32() uint32 {
	if r.err != nil || len(r.b) < 4 {
		r.fail()
		return 0
	}
	v := r.bo.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

func (r *wkbReader) f64() float64 {
	if r.err != nil || len(r.b) < 8 {
		r.fail()
		return 0
	}
	v := math.Float64frombits(r.bo.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

func (r *wkbReader) points(n uint32, d int) []float64 {
	if r.err != nil || uint64(n)*uint64(d)*8 > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	out := make([]float64, int(n)*d)
	for i := range out {
		out[i] = r.f64()
	}
	return out
}

func (r *wkbReader) geometry() *Geometry {
	if len(r.b) < 1 {
		r.fail()
		return nil
	}
	switch r.b[0] {
	case 0:
		r.bo = binary.BigEndian
	case 1:
		r.bo = binary.LittleEndian
	default:
		r.err = GeomError("Invalid endian flag value encountered.")
		return nil
	}
	r.b = r.b[1:]
	w := r.u32()
	g := &Geometry{Z: w&ewkbZ != 0, M: w&ewkbM != 0}
	if w&ewkbSRID != 0 {
		g.SRID = int32(r.u32())
	}
	base := w &^ (ewkbZ | ewkbM | ewkbSRID)
	switch base / 1000 {
	case 1:
		g.Z = true
	case 2:
		g.M = true
	case 3:
		g.Z, g.M = true, true
	}
	base %= 1000
	if base < 1 || base > 7 {
		if r.err == nil {
			r.err = GeomError("Unknown WKB type (%d)! Full WKB type number was (%d).", base, w)
		}
		return nil
	}
	g.Type = uint8(base)
	d := g.Dims()
	switch g.Type {
	case GeomPoint:
		c := r.points(1, d)
		if r.err == nil && math.IsNaN(c[0]) && math.IsNaN(c[1]) {
			c = nil // POINT EMPTY is written with NaN ordinates
		}
		g.Coords = c
	case GeomLineString:
		g.Coords = r.points(r.u32(), d)
	case GeomPolygon:
		n := r.u32()
		for i := uint32(0); i < n && r.err == nil; i++ {
			g.Parts = append(g.Parts, &Geometry{Type: GeomLineString, Z: g.Z, M: g.M, Coords: r.points(r.u32(), d)})
		}
	default:
		n := r.u32()
		for i := uint32(0); i < n && r.err == nil; i++ {
			p := r.geometry()
			if p != nil {
				p.SRID = 0
				g.Parts = append(g.Parts, p)
			}
		}
	}
	return g
}

// EWKB writes g little-endian; with srid, the EWKB SRID of the root when
// it has one (PostGIS's canonical output), else plain WKB with EWKB's
// dimension flags.
func (g *Geometry) EWKB(srid bool) []byte {
	return g.appendWKB(nil, srid && g.SRID != 0)
}

func (g *Geometry) appendWKB(b []byte, srid bool) []byte {
	b = append(b, 1)
	w := uint32(g.Type)
	if g.Z {
		w |= ewkbZ
	}
	if g.M {
		w |= ewkbM
	}
	if srid {
		w |= ewkbSRID
	}
	b = binary.LittleEndian.AppendUint32(b, w)
	if srid {
		b = binary.LittleEndian.AppendUint32(b, uint32(g.SRID))
	}
	putF := func(f float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f)) }
	d := g.Dims()
	switch g.Type {
	case GeomPoint:
		if len(g.Coords) == 0 {
			for i := 0; i < d; i++ {
				putF(math.Float64frombits(0x7FF8000000000000)) // the C library's NaN
			}
		}
		for _, f := range g.Coords {
			putF(f)
		}
	case GeomLineString:
		b = binary.LittleEndian.AppendUint32(b, uint32(len(g.Coords)/d))
		for _, f := range g.Coords {
			putF(f)
		}
	case GeomPolygon:
		b = binary.LittleEndian.AppendUint32(b, uint32(len(g.Parts)))
		for _, r := range g.Parts {
			b = binary.LittleEndian.AppendUint32(b, uint32(len(r.Coords)/d))
			for _, f := range r.Coords {
				putF(f)
			}
		}
	default:
		b = binary.LittleEndian.AppendUint32(b, uint32(len(g.Parts)))
		for _, p := range g.Parts {
			b = p.appendWKB(b, false)
		}
	}
	return b
}

// FormatCoord prints an ordinate as PostGIS's lwprint_double does: the
// shortest decimal that reads back, with at most prec digits after the
// point; scientific notation below 1e-8 and from 1e15.
func FormatCoord(f float64, prec int) string {
	if f == 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		if f == 0 {
			return "0"
		}
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	a := math.Abs(f)
	if a < 1e-8 || a >= 1e15 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		if dot := strings.IndexByte(mant, '.'); dot >= 0 && len(mant)-dot-1 > prec {
			s = strconv.FormatFloat(f, 'e', prec, 64)
			mant, exp, _ = strings.Cut(s, "e")
			if strings.IndexByte(mant, '.') >= 0 {
				mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
			}
		}
		sign := exp[0]
		digits := strings.TrimLeft(exp[1:], "0")
		if digits == "" {
			digits = "0"
		}
		return mant + "e" + string(sign) + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if dot := strings.IndexByte(s, '.'); dot >= 0 && len(s)-dot-1 > prec {
		// rounded half away from zero from the shortest decimal, as
		// PostGIS does (0.1234567895 to 9 digits is 0.12345679)
		s = roundDecimalString(s, dot, prec)
	}
	return s
}

// WKT writes g as ST_AsText (iso: dimension words, POINT Z (...)) or
// ST_AsEWKT (SRID=n; prefix, POINTM for measured geometries) does, with
// at most prec digits after the point.
func (g *Geometry) WKT(iso bool, prec int) string {
	var b strings.Builder
	if !iso && g.SRID != 0 {
		b.WriteString("SRID=")
		b.WriteString(strconv.Itoa(int(g.SRID)))
		b.WriteByte(';')
	}
	g.writeWKT(&b, iso, prec, true)
	return b.String()
}

func (g *Geometry) writeWKT(b *strings.Builder, iso bool, prec int, named bool) {
	if named {
		b.WriteString(geomWKTNames[g.Type])
		switch {
		case iso && g.Z && g.M:
			b.WriteString(" ZM ")
		case iso && g.Z:
			b.WriteString(" Z ")
		case g.M && !g.Z:
			if iso {
				b.WriteString(" M ")
			} else {
				b.WriteString("M")
			}
		}
	}
	if g.IsEmpty() && g.Type != GeomCollection || g.Type == GeomCollection && len(g.Parts) == 0 {
		if named && !strings.HasSuffix(b.String(), " ") {
			b.WriteByte(' ')
		}
		b.WriteString("EMPTY")
		return
	}
	d := g.Dims()
	list := func(c []float64) {
		for i := 0; i < len(c); i += d {
			if i > 0 {
				b.WriteByte(',')
			}
			for k := 0; k < d; k++ {
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(FormatCoord(c[i+k], prec))
			}
		}
	}
	b.WriteByte('(')
	switch g.Type {
	case GeomPoint, GeomLineString:
		list(g.Coords)
	default:
		for i, p := range g.Parts {
			if i > 0 {
				b.WriteByte(',')
			}
			switch {
			case g.Type == GeomCollection:
				p.writeWKT(b, iso, prec, true)
			case g.Type == GeomPolygon || g.Type == GeomMultiPoint || g.Type == GeomMultiLineString:
				if p.IsEmpty() {
					b.WriteString("EMPTY")
					continue
				}
				b.WriteByte('(')
				list(p.Coords)
				b.WriteByte(')')
			default:
				p.writeWKT(b, iso, prec, false)
			}
		}
	}
	b.WriteByte(')')
}

// roundDecimalString rounds the decimal s (its point at dot) to prec
// digits after the point, half away from zero, trimming zeros.
func roundDecimalString(s string, dot, prec int) string {
	neg := s[0] == '-'
	if neg {
		s, dot = s[1:], dot-1
	}
	digits := []byte(s[:dot] + s[dot+1:dot+1+prec])
	if s[dot+1+prec] >= '5' {
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
				continue
			}
			digits[i]++
			break
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
			dot++
		}
	}
	out := string(digits[:dot])
	if frac := strings.TrimRight(string(digits[dot:]), "0"); frac != "" {
		out += "." + frac
	}
	if out == "" {
		out = "0"
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}
