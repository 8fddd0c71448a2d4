package types

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// GeoJSON (RFC 7946) as PostGIS's ST_AsGeoJSON writes it and
// ST_GeomFromGeoJSON reads it.

// ST_AsGeoJSON's options bits.
const (
	GeoJSONBBox          = 1
	GeoJSONShortCRS      = 2
	GeoJSONLongCRS       = 4
	GeoJSONShortCRSNot84 = 8 // the default: a short crs unless SRID 4326
)

// GeoJSON writes g with at most maxdd digits after the point.
func GeoJSON(g *Geometry, maxdd int, opts int) string {
	var b strings.Builder
	crs := ""
	if g.SRID != 0 {
		switch {
		case opts&GeoJSONLongCRS != 0:
			crs = "urn:ogc:def:crs:EPSG::" + strconv.Itoa(int(g.SRID))
		case opts&GeoJSONShortCRS != 0 || opts&GeoJSONShortCRSNot84 != 0 && g.SRID != 4326:
			crs = "EPSG:" + strconv.Itoa(int(g.SRID))
		}
	}
	g.writeGeoJSON(&b, maxdd, crs, opts&GeoJSONBBox != 0)
	return b.String()
}

func (g *Geometry) writeGeoJSON(b *strings.Builder, maxdd int, crs string, bbox bool) {
	b.WriteString(`{"type":"`)
	b.WriteString(geomTypeNames[g.Type])
	b.WriteByte('"')
	if crs != "" {
		b.WriteString(`,"crs":{"type":"name","properties":{"name":"`)
		b.WriteString(crs)
		b.WriteString(`"}}`)
	}
	if bbox && !g.IsEmpty() {
		minx, miny, maxx, maxy := g.BBox()
		b.WriteString(`,"bbox":[`)
		for i, f := range []float64{minx, miny, maxx, maxy} {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatFloat(f, 'f', maxdd, 64))
		}
		b.WriteByte(']')
	}
	if g.Type == GeomCollection {
		b.WriteString(`,"geometries":[`)
		for i, p := range g.Parts {
			if i > 0 {
				b.WriteByte(',')
			}
			p.writeGeoJSON(b, maxdd, "", false)
		}
		b.WriteString("]}")
		return
	}
	b.WriteString(`,"coordinates":`)
	d := g.Dims()
	point := func(c []float64) {
		b.WriteByte('[')
		b.WriteString(FormatCoord(c[0], maxdd))
		b.WriteByte(',')
		b.WriteString(FormatCoord(c[1], maxdd))
		if g.Z {
			b.WriteByte(',')
			b.WriteString(FormatCoord(c[2], maxdd))
		}
		b.WriteByte(']')
	}
	list := func(c []float64) {
		b.WriteByte('[')
		for i := 0; i+d <= len(c); i += d {
			if i > 0 {
				b.WriteByte(',')
			}
			point(c[i:])
		}
		b.WriteByte(']')
	}
	rings := func(ps []*Geometry) {
		b.WriteByte('[')
		for i, r := range ps {
			if i > 0 {
				b.WriteByte(',')
			}
			list(r.Coords)
		}
		b.WriteByte(']')
	}
	switch g.Type {
	case GeomPoint:
		if len(g.Coords) == 0 {
			b.WriteString("[]")
		} else {
			point(g.Coords)
		}
	case GeomLineString:
		list(g.Coords)
	case GeomPolygon:
		rings(g.Parts)
	case GeomMultiPoint:
		b.WriteByte('[')
		for i, p := range g.Parts {
			if i > 0 {
				b.WriteByte(',')
			}
			if len(p.Coords) > 0 {
				point(p.Coords)
			}
		}
		b.WriteByte(']')
	case GeomMultiLineString:
		rings(g.Parts)
	case GeomMultiPolygon:
		b.WriteByte('[')
		for i, p := range g.Parts {
			if i > 0 {
				b.WriteByte(',')
			}
			rings(p.Parts)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
}

// BBox is g's bounding box in x and y.
func (g *Geometry) BBox() (minx, miny, maxx, maxy float64) {
	minx, miny, maxx, maxy = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	g.Points(func(x, y float64) {
		minx, miny = math.Min(minx, x), math.Min(miny, y)
		maxx, maxy = math.Max(maxx, x), math.Max(maxy, y)
	})
	return
}

type geoJSONIn struct {
	Type        string          `json:"type"`
	Coordinates json.RawMessage `json:"coordinates"`
	Geometries  []json.RawMessage
	CRS         *struct {
		Properties struct {
			Name string `json:"name"`
		} `json:"properties"`
	} `json:"crs"`
}

// ParseGeoJSON reads a GeoJSON geometry (ST_GeomFromGeoJSON): SRID 4326
// unless a crs names another EPSG code.
func ParseGeoJSON(s string) (*Geometry, error) { return parseGeoJSON(s, 4326) }

// parseGeoJSON reads GeoJSON, SRID def unless a crs names one.
func parseGeoJSON(s string, def int32) (*Geometry, error) {
	var in geoJSONIn
	if err := json.Unmarshal([]byte(s), &in); err != nil {
		return nil, GeomError("GeoJSON parsing error")
	}
	g, err := geoJSONGeometry(&in)
	if err != nil {
		return nil, err
	}
	g.SRID = def
	if in.CRS != nil {
		name := in.CRS.Properties.Name
		if i := strings.LastIndexByte(name, ':'); i >= 0 {
			if n, err := strconv.Atoi(name[i+1:]); err == nil {
				g.SRID = int32(n)
			}
		}
	}
	return g, nil
}

func geoJSONGeometry(in *geoJSONIn) (*Geometry, error) {
	typ, _, _, ok := geomTypeFromName(in.Type)
	if !ok || typ == GeomUnknown || !strings.EqualFold(in.Type, geomTypeNames[typ]) {
		return nil, GeomError("unknown GeoJSON type")
	}
	g := &Geometry{Type: typ}
	if typ == GeomCollection {
		for _, raw := range in.Geometries {
			var sub geoJSONIn
			if err := json.Unmarshal(raw, &sub); err != nil {
				return nil, GeomError("GeoJSON parsing error")
			}
			p, err := geoJSONGeometry(&sub)
			if err != nil {
				return nil, err
			}
			g.Parts = append(g.Parts, p)
		}
		if len(g.Parts) > 0 {
			g.setDims(g.Parts[0].Z, false)
		}
		return g, nil
	}
	if len(in.Coordinates) == 0 {
		return nil, GeomError("Unable to find 'coordinates' in GeoJSON string")
	}
	var coords any
	if err := json.Unmarshal(in.Coordinates, &coords); err != nil {
		return nil, GeomError("GeoJSON parsing error")
	}
	z := false
	var point func(v any) ([]float64, error)
	point = func(v any) ([]float64, error) {
		a, ok := v.([]any)
		if !ok {
			return nil, GeomError("The 'coordinates' in GeoJSON are not sufficiently nested")
		}
		if len(a) == 0 {
			return nil, nil
		}
		if len(a) < 2 {
			return nil, GeomError("Too few ordinates in GeoJSON")
		}
		out := make([]float64, 0, 3)
		for i, e := range a {
			f, ok := e.(float64)
			if !ok {
				return nil, GeomError("The 'coordinates' in GeoJSON are not sufficiently nested")
			}
			if i < 3 {
				out = append(out, f)
			}
		}
		if len(out) == 3 {
			z = true
		} else {
			out = append(out, 0) // a 2D point among 3D ones gets Z 0
		}
		return out, nil
	}
	list := func(v any) ([]float64, error) {
		a, ok := v.([]any)
		if !ok {
			return nil, GeomError("The 'coordinates' in GeoJSON are not sufficiently nested")
		}
		var out []float64
		for _, e := range a {
			p, err := point(e)
			if err != nil {
				return nil, err
			}
			out = append(out, p...)
		}
		return out, nil
	}
	rings := func(v any) ([]*Geometry, error) {
		a, ok := v.([]any)
		if !ok {
			return nil, GeomError("The 'coordinates' in GeoJSON are not sufficiently nested")
		}
		var out []*Geometry
		for _, e := range a {
			c, err := list(e)
			if err != nil {
				return nil, err
			}
			out = append(out, &Geometry{Type: GeomLineString, Coords: c})
		}
		return out, nil
	}
	members := func(v any, f func(e any) (*Geometry, error)) error {
		a, ok := v.([]any)
		if !ok {
			return GeomError("The 'coordinates' in GeoJSON are not sufficiently nested")
		}
		for _, e := range a {
			p, err := f(e)
			if err != nil {
				return err
			}
			g.Parts = append(g.Parts, p)
		}
		return nil
	}
	var err error
	switch typ {
	case GeomPoint:
		g.Coords, err = point(coords)
	case GeomLineString:
		g.Coords, err = list(coords)
	case GeomPolygon:
		g.Parts, err = rings(coords)
	case GeomMultiPoint:
		err = members(coords, func(e any) (*Geometry, error) {
			c, err := point(e)
			return &Geometry{Type: GeomPoint, Coords: c}, err
		})
	case GeomMultiLineString:
		err = members(coords, func(e any) (*Geometry, error) {
			c, err := list(e)
			return &Geometry{Type: GeomLineString, Coords: c}, err
		})
	case GeomMultiPolygon:
		err = members(coords, func(e any) (*Geometry, error) {
			r, err := rings(e)
			return &Geometry{Type: GeomPolygon, Parts: r}, err
		})
	}
	if err != nil {
		return nil, err
	}
	if !z {
		g.dropZ()
	}
	g.setDims(z, false)
	return g, nil
}

// dropZ removes the third ordinate of every point of g.
func (g *Geometry) dropZ() {
	if len(g.Coords) > 0 {
		out := make([]float64, 0, len(g.Coords)/3*2)
		for i := 0; i+2 < len(g.Coords); i += 3 {
			out = append(out, g.Coords[i], g.Coords[i+1])
		}
		g.Coords = out
	}
	for _, p := range g.Parts {
		p.dropZ()
	}
}
