package types

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// PostGIS's geometry and geography (PostGIS 3.3 as Supabase ships it).
// A value is a *Geometry: the OGC simple-features tree with its SRID and
// Z/M flags, coordinates kept flat (x, y[, z][, m] per point). The text
// output is hex EWKB, as `select geom` prints it; the input takes WKT,
// EWKT (`SRID=4326;POINT(1 2)`) and hex WKB/EWKB (ext_geometry_io.go).
// The typmod packs PostGIS's layout: SRID << 8 | type << 2 | Z << 1 | M,
// so format_type gives geometry(Point,4326) and atttypmod matches
// pg_attribute on PostgreSQL.

// Geometry type numbers (WKB).
const (
	GeomUnknown uint8 = iota // "Geometry" in a typmod: any type
	GeomPoint
	GeomLineString
	GeomPolygon
	GeomMultiPoint
	GeomMultiLineString
	GeomMultiPolygon
	GeomCollection
)

// geomTypeNames are PostGIS's names of the types (lwtype_name), as error
// messages and typmods spell them.
var geomTypeNames = [...]string{"Geometry", "Point", "LineString", "Polygon", "MultiPoint",
	"MultiLineString", "MultiPolygon", "GeometryCollection"}

// geomWKTNames are the WKT keywords of the types.
var geomWKTNames = [...]string{"GEOMETRY", "POINT", "LINESTRING", "POLYGON", "MULTIPOINT",
	"MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION"}

// Geometry is a value of type geometry or geography. Point and
// LineString hold their coordinates in Coords (a point with none is
// POINT EMPTY); a Polygon's rings, and the members of the Multi* types
// and of a GeometryCollection, are Parts (a ring is a LineString).
// Values are immutable once built.
type Geometry struct {
	Type   uint8
	SRID   int32
	Z, M   bool
	Coords []float64
	Parts  []*Geometry
	// Geog marks a geography value (it prints the same; it has no json
	// cast)
	Geog bool
}

// Dims is the number of ordinates per point.
func (g *Geometry) Dims() int {
	n := 2
	if g.Z {
		n++
	}
	if g.M {
		n++
	}
	return n
}

// TypeName is PostGIS's name of g's type ("Point").
func (g *Geometry) TypeName() string { return geomTypeNames[g.Type] }

// IsEmpty reports whether g has no points.
func (g *Geometry) IsEmpty() bool {
	if g.Type == GeomPoint || g.Type == GeomLineString {
		return len(g.Coords) == 0
	}
	for _, p := range g.Parts {
		if !p.IsEmpty() {
			return false
		}
	}
	return true
}

// Points calls f with the x and y of every point of g.
func (g *Geometry) Points(f func(x, y float64)) {
	d := g.Dims()
	for i := 0; i+1 < len(g.Coords); i += d {
		f(g.Coords[i], g.Coords[i+1])
	}
	for _, p := range g.Parts {
		p.Points(f)
	}
}

// WithSRID returns g with SRID srid (a shallow copy of the tree's root:
// members keep theirs, which the EWKB output does not write).
func (g *Geometry) WithSRID(srid int32) *Geometry {
	c := *g
	c.SRID = srid
	return &c
}

// String is the text output (hex EWKB).
func (g *Geometry) String() string { return strings.ToUpper(hexString(g.EWKB(true))) }

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

func (g *Geometry) appendSend(buf []byte) ([]byte, error) { return append(buf, g.EWKB(true)...), nil }

// GeomError is PostGIS's lwerror: an internal error (XX000) with msg.
func GeomError(format string, args ...any) *pgerror.Error {
	return pgerror.New(pgerror.InternalError, format, args...)
}

// Geometry typmods.

func geomTypmod(srid int32, typ uint8, z, m bool) int32 {
	mod := srid<<8 | int32(typ)<<2
	if z {
		mod |= 2
	}
	if m {
		mod |= 1
	}
	return mod
}

// GeomTypmodParts unpacks a typmod; ok is false for -1.
func GeomTypmodParts(mod int32) (srid int32, typ uint8, z, m bool, ok bool) {
	if mod < 0 {
		return 0, 0, false, false, false
	}
	return mod >> 8, uint8(mod>>2) & 63, mod&2 != 0, mod&1 != 0, true
}

// geomTypeFromName parses a type name with an optional Z, M or ZM suffix
// as PostGIS's geometry_type_from_string does (case-insensitive).
func geomTypeFromName(s string) (typ uint8, z, m bool, ok bool) {
	u := strings.ToUpper(strings.TrimSpace(s))
	for t, name := range geomWKTNames {
		if !strings.HasPrefix(u, name) {
			continue
		}
		switch strings.TrimSpace(u[len(name):]) {
		case "":
			return uint8(t), false, false, true
		case "Z":
			return uint8(t), true, false, true
		case "M":
			return uint8(t), false, true, true
		case "ZM":
			return uint8(t), true, true, true
		}
	}
	return 0, false, false, false
}

func geomTypmodIn(mods []string, geography bool) (int32, error) {
	if len(mods) < 1 || len(mods) > 2 {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "Invalid number of type modifiers")
	}
	typ, z, m, ok := geomTypeFromName(mods[0])
	if !ok {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "Invalid geometry type modifier: %s", mods[0])
	}
	var srid int32
	if len(mods) == 2 {
		n, err := strconv.ParseInt(strings.TrimSpace(mods[1]), 10, 32)
		if err != nil {
			return 0, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type integer: \"%s\"", mods[1])
		}
		if n > 0 {
			srid = int32(n)
		}
	}
	if geography && srid == 0 {
		srid = 4326
	}
	return geomTypmod(srid, typ, z, m), nil
}

func geomTypmodOut(mod int32) string {
	srid, typ, z, m, ok := GeomTypmodParts(mod)
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(geomTypeNames[typ])
	if z {
		b.WriteByte('Z')
	}
	if m {
		b.WriteByte('M')
	}
	if srid != 0 {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(int(srid)))
	}
	b.WriteByte(')')
	return b.String()
}

// geomApplyMod is PostGIS's postgis_valid_typmod: a geometry without an
// SRID takes the column's; otherwise SRID, type and dimensions must
// match.
func geomApplyMod(g *Geometry, mod int32) (*Geometry, error) {
	srid, typ, z, m, ok := GeomTypmodParts(mod)
	if !ok {
		return g, nil
	}
	if g.SRID == 0 && srid > 0 {
		g = g.WithSRID(srid)
	}
	if srid > 0 && g.SRID != srid {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "Geometry SRID (%d) does not match column SRID (%d)", g.SRID, srid)
	}
	if typ != GeomUnknown && g.Type != typ {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "Geometry type (%s) does not match column type (%s)", g.TypeName(), geomTypeNames[typ])
	}
	switch {
	case z && !g.Z:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "Column has Z dimension but geometry does not")
	case g.Z && !z:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "Geometry has Z dimension but column does not")
	case m && !g.M:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "Column has M dimension but geometry does not")
	case g.M && !m:
		return nil, pgerror.New(pgerror.InvalidParameterValue, "Geometry has M dimension but column does not")
	}
	return g, nil
}

// ExtTypmodText is an ExtBase whose typmods are words as well as
// numbers (PostGIS's geometry(Point,4326)): the type name's modifiers
// reach it as text, as PostgreSQL passes typmodin a cstring[].
type ExtTypmodText interface {
	TypmodInText(mods []string) (int32, error)
}

// geometryBase is PostGIS's geometry.
type geometryBase struct{}

func (geometryBase) Input(s string, mod int32) (any, error) {
	var g *Geometry
	var err error
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
		// geometry_in reads GeoJSON too (without a crs: no SRID), which
		// is how a PostgREST insert of a GeoJSON object arrives
		g, err = parseGeoJSON(t, 0)
	} else {
		g, err = ParseGeometry(s)
	}
	if err != nil {
		return nil, err
	}
	return geomApplyMod(g, mod)
}
func (geometryBase) Output(v any) string { return v.(*Geometry).String() }
func (geometryBase) AppendSend(buf []byte, v any) ([]byte, error) {
	return v.(*Geometry).appendSend(buf)
}
func (geometryBase) Receive(b []byte) (any, error) { return ParseWKB(b) }

// Compare orders geometries by their EWKB bytes: equal values compare
// equal, as PostGIS's btree class needs; the order between different
// values is not PostGIS's (it sorts along a Hilbert curve).
func (geometryBase) Compare(a, b any) int {
	return bytes.Compare(a.(*Geometry).EWKB(true), b.(*Geometry).EWKB(true))
}
func (geometryBase) TypmodIn(mods []int32) (int32, error) {
	return 0, pgerror.New(pgerror.InvalidParameterValue, "Invalid geometry type modifier: %d", mods[0])
}
func (geometryBase) TypmodInText(mods []string) (int32, error) { return geomTypmodIn(mods, false) }
func (geometryBase) TypmodOut(mod int32) string                { return geomTypmodOut(mod) }
func (geometryBase) ApplyMod(v any, mod int32) (any, error)    { return geomApplyMod(v.(*Geometry), mod) }

// CastContext: PostGIS's casts — geometry to geography implicitly and
// back explicitly, bytea both ways implicitly (WKB), json and jsonb
// (GeoJSON) from geometry.
func (geometryBase) CastContext(other *Type, toExt bool) CastContext {
	switch k := other.Base().Kind; {
	case k == KindExt && other.Name == "geography":
		if toExt {
			return CastExplicit
		}
		return CastImplicit
	case k == KindBytea:
		return CastImplicit
	case (k == KindJSON || k == KindJSONB) && !toExt:
		return CastExplicit
	}
	return castNone
}

func (geometryBase) CastFrom(v any, from *Type, mod int32) (any, error) {
	g, err := castGeometry(v, from, &Type{Kind: KindExt, Name: "geometry", SQLName: "geometry", Mod: -1, Ext: geometryBase{}})
	if err != nil {
		return nil, err
	}
	return geomApplyMod(g, mod)
}

// castGeometry reads a geometry or geography cast's source: a value of
// the other spatial type, or WKB bytes.
func castGeometry(v any, from, to *Type) (*Geometry, error) {
	switch x := v.(type) {
	case *Geometry:
		return x, nil
	case []byte:
		return ParseWKB(x)
	}
	return nil, CannotCast(from, to)
}

func (geometryBase) CastTo(v any, to *Type) (any, error) {
	g := v.(*Geometry)
	t := to.Base()
	switch {
	case t.Kind == KindBytea:
		return g.EWKB(true), nil
	case t.Kind == KindJSON:
		return GeoJSON(g, 9, GeoJSONShortCRS), nil
	case t.Kind == KindJSONB:
		return ParseJSON(GeoJSON(g, 9, GeoJSONShortCRS), JSONB)
	case t.Kind == KindExt && t.Name == "geography":
		return geographyBase{}.CastFrom(g, nil, to.Mod)
	}
	return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type geometry to %s", to.FormatType())
}

// geographyBase is PostGIS's geography: geodetic coordinates, SRID 4326
// unless another lon/lat system is named.
type geographyBase struct{}

func toGeography(g *Geometry) (*Geometry, error) {
	switch g.SRID {
	case 0:
		g = g.WithSRID(4326)
		g.Geog = true
		return g, nil
	case 4326, 4269, 4267, 4258, 4674:
		if !g.Geog {
			g = g.WithSRID(g.SRID)
			g.Geog = true
		}
		return g, nil
	}
	return nil, pgerror.New(pgerror.InvalidParameterValue, "Only lon/lat coordinate systems are supported in geography.")
}

func (geographyBase) Input(s string, mod int32) (any, error) {
	g, err := ParseGeometry(s)
	if err != nil {
		return nil, err
	}
	if g, err = toGeography(g); err != nil {
		return nil, err
	}
	return geomApplyMod(g, mod)
}
func (geographyBase) Output(v any) string { return v.(*Geometry).String() }
func (geographyBase) AppendSend(buf []byte, v any) ([]byte, error) {
	return v.(*Geometry).appendSend(buf)
}
func (geographyBase) Receive(b []byte) (any, error) {
	g, err := ParseWKB(b)
	if err != nil {
		return nil, err
	}
	return toGeography(g)
}
func (geographyBase) Compare(a, b any) int { return geometryBase{}.Compare(a, b) }
func (geographyBase) TypmodIn(mods []int32) (int32, error) {
	return geometryBase{}.TypmodIn(mods)
}
func (geographyBase) TypmodInText(mods []string) (int32, error) { return geomTypmodIn(mods, true) }
func (geographyBase) TypmodOut(mod int32) string                { return geomTypmodOut(mod) }
func (geographyBase) ApplyMod(v any, mod int32) (any, error)    { return geomApplyMod(v.(*Geometry), mod) }

func (geographyBase) CastContext(other *Type, toExt bool) CastContext {
	switch k := other.Base().Kind; {
	case k == KindExt && other.Name == "geometry":
		if toExt {
			return CastImplicit
		}
		return CastExplicit
	case k == KindBytea:
		return CastImplicit
	}
	return castNone
}

func (geographyBase) CastFrom(v any, from *Type, mod int32) (any, error) {
	g, err := castGeometry(v, from, &Type{Kind: KindExt, Name: "geography", SQLName: "geography", Mod: -1, Ext: geographyBase{}})
	if err != nil {
		return nil, err
	}
	g, err = toGeography(g)
	if err != nil {
		return nil, err
	}
	return geomApplyMod(g, mod)
}

func (geographyBase) CastTo(v any, to *Type) (any, error) {
	g := v.(*Geometry)
	t := to.Base()
	switch {
	case t.Kind == KindBytea:
		return g.EWKB(true), nil
	case t.Kind == KindExt && t.Name == "geometry":
		c := g.WithSRID(g.SRID)
		c.Geog = false
		return geomApplyMod(c, to.Mod)
	}
	return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type geography to %s", to.FormatType())
}

// JSONCaster is a value whose type has a cast to json (pg_cast), which
// to_json, row_to_json and json_agg use instead of its text form; ok is
// false when this value's type has none.
type JSONCaster interface {
	JSONCast() (s string, ok bool)
}

// JSONCast is PostGIS's geometry::json (GeoJSON with a short crs);
// geography has no such cast.
func (g *Geometry) JSONCast() (string, bool) {
	if g.Geog {
		return "", false
	}
	return GeoJSON(g, 9, GeoJSONShortCRS), true
}

// ExtCastFrom converts v to extension base type name (no typmod), for
// an extension's functions that convert (geography(geometry)).
func ExtCastFrom(name string, v any) (any, error) {
	return extBases[name].CastFrom(v, nil, -1)
}

// ExtInput reads s as a value of extension base type name.
func ExtInput(name, s string) (any, error) { return extBases[name].Input(s, -1) }
