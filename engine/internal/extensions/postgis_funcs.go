package extensions

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Go implementations of the PostGIS stand-in's functions.

func geomArg(a any) *types.Geometry { return a.(*types.Geometry) }

func i32(a any) int32 {
	switch x := a.(type) {
	case int32:
		return x
	case int64:
		return int32(x)
	case int16:
		return int32(x)
	}
	return 0
}

func f64(a any) float64 {
	switch x := a.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	}
	return 0
}

// sameSRID is PostGIS's gserialized_error_if_srid_mismatch.
func sameSRID(fn string, a, b *types.Geometry) error {
	if a.SRID != b.SRID {
		return types.GeomError("%s: Operation on mixed SRID geometries (%s, %d) != (%s, %d)", fn, a.TypeName(), a.SRID, b.TypeName(), b.SRID)
	}
	return nil
}

func point(x, y float64, srid int32, extra ...float64) *types.Geometry {
	g := &types.Geometry{Type: types.GeomPoint, SRID: srid, Coords: append([]float64{x, y}, extra...)}
	g.Z = len(extra) >= 1
	g.M = len(extra) == 2
	return g
}

func postgisFuncs() map[string]Func {
	g1 := func(f func(g *types.Geometry) (any, error)) Func {
		return Scalar(func(a []any) (any, error) { return f(geomArg(a[0])) })
	}
	g2 := func(name string, f func(a, b *types.Geometry) (any, error)) Func {
		return Scalar(func(a []any) (any, error) {
			x, y := geomArg(a[0]), geomArg(a[1])
			if err := sameSRID(name, x, y); err != nil {
				return nil, err
			}
			return f(x, y)
		})
	}
	fromText := func(s string, srid int32, keep bool) (any, error) {
		g, err := types.ParseGeometry(s)
		if err != nil {
			return nil, err
		}
		if !keep {
			g = g.WithSRID(srid)
		}
		return g, nil
	}
	m := map[string]Func{
		"postgis_version":      Scalar(func([]any) (any, error) { return "3.3 USE_GEOS=1 USE_PROJ=1 USE_STATS=1", nil }),
		"postgis_lib_version":  Scalar(func([]any) (any, error) { return "3.3.7", nil }),
		"postgis_full_version": Scalar(func([]any) (any, error) { return `POSTGIS="3.3.7 tinybase" [EXTENSION]`, nil }),
		"postgis_typmod_dims": Scalar(func(a []any) (any, error) {
			_, _, z, m, ok := types.GeomTypmodParts(i32(a[0]))
			if !ok {
				return nil, nil
			}
			return int32(2 + b2i(z) + b2i(m)), nil
		}),
		"postgis_typmod_srid": Scalar(func(a []any) (any, error) {
			srid, _, _, _, ok := types.GeomTypmodParts(i32(a[0]))
			if !ok {
				return nil, nil
			}
			return srid, nil
		}),
		"postgis_typmod_type": Scalar(func(a []any) (any, error) {
			_, typ, z, m, ok := types.GeomTypmodParts(i32(a[0]))
			if !ok {
				return nil, nil
			}
			s := (&types.Geometry{Type: typ}).TypeName()
			if z {
				s += "Z"
			}
			if m {
				s += "M"
			}
			return s, nil
		}),
		"geometry_from_geography": g1(func(g *types.Geometry) (any, error) {
			c := g.WithSRID(g.SRID)
			c.Geog = false
			return c, nil
		}),
		"geography_from_geometry": Scalar(func(a []any) (any, error) {
			return types.ExtCastFrom("geography", a[0])
		}),
		"st_geomfromtext":      Scalar(func(a []any) (any, error) { return fromText(a[0].(string), 0, false) }),
		"st_geomfromtext_srid": Scalar(func(a []any) (any, error) { return fromText(a[0].(string), i32(a[1]), false) }),
		"st_geomfromewkt":      Scalar(func(a []any) (any, error) { return fromText(a[0].(string), 0, true) }),
		"st_geogfromtext": Scalar(func(a []any) (any, error) {
			return types.ExtInput("geography", a[0].(string))
		}),
		"st_geomfromwkb": Scalar(func(a []any) (any, error) { return types.ParseWKB(a[0].([]byte)) }),
		"st_geomfromwkb_srid": Scalar(func(a []any) (any, error) {
			g, err := types.ParseWKB(a[0].([]byte))
			if err != nil {
				return nil, err
			}
			return g.WithSRID(i32(a[1])), nil
		}),
		"st_geomfromgeojson": Scalar(func(a []any) (any, error) { return types.ParseGeoJSON(a[0].(string)) }),
		"st_geomfromgeojson_jsonb": Scalar(func(a []any) (any, error) {
			return types.ParseGeoJSON(types.Output(types.JSONB, a[0], nil))
		}),
		"st_makepoint": Scalar(func(a []any) (any, error) {
			extra := make([]float64, 0, 2)
			for _, v := range a[2:] {
				extra = append(extra, f64(v))
			}
			return point(f64(a[0]), f64(a[1]), 0, extra...), nil
		}),
		"st_point_srid": Scalar(func(a []any) (any, error) { return point(f64(a[0]), f64(a[1]), i32(a[2])), nil }),
		"st_makeenvelope": Scalar(func(a []any) (any, error) {
			x0, y0, x1, y1 := f64(a[0]), f64(a[1]), f64(a[2]), f64(a[3])
			ring := &types.Geometry{Type: types.GeomLineString, Coords: []float64{x0, y0, x0, y1, x1, y1, x1, y0, x0, y0}}
			return &types.Geometry{Type: types.GeomPolygon, SRID: i32(a[4]), Parts: []*types.Geometry{ring}}, nil
		}),
		"st_setsrid": Scalar(func(a []any) (any, error) { return geomArg(a[0]).WithSRID(i32(a[1])), nil }),
		"st_setsrid_geog": Scalar(func(a []any) (any, error) {
			return types.ExtCastFrom("geography", geomArg(a[0]).WithSRID(i32(a[1])))
		}),
		"st_srid": g1(func(g *types.Geometry) (any, error) { return g.SRID, nil }),
		"st_transform": Scalar(func(a []any) (any, error) {
			g, to := geomArg(a[0]), i32(a[1])
			switch {
			case g.SRID == 0:
				return nil, types.GeomError("ST_Transform: Input geometry has unknown (0) SRID")
			case to != 4326 && to != 3857:
				return nil, types.GeomError("Cannot find SRID (%d) in spatial_ref_sys", to)
			case g.SRID == to:
				return g, nil
			case g.SRID == 4326 && to == 3857:
				out := mapCoords(g, toMercator)
				out.SRID = to
				return out, nil
			case g.SRID == 3857 && to == 4326:
				out := mapCoords(g, fromMercator)
				out.SRID = to
				return out, nil
			}
			return nil, types.GeomError("Cannot find SRID (%d) in spatial_ref_sys", g.SRID)
		}),
		"st_astext":      g1(func(g *types.Geometry) (any, error) { return g.WKT(true, 15), nil }),
		"st_astext_prec": Scalar(func(a []any) (any, error) { return geomArg(a[0]).WKT(true, precArg(a[1])), nil }),
		"st_asewkt":      g1(func(g *types.Geometry) (any, error) { return g.WKT(false, 15), nil }),
		"st_asewkt_prec": Scalar(func(a []any) (any, error) { return geomArg(a[0]).WKT(false, precArg(a[1])), nil }),
		"st_asgeojson": Scalar(func(a []any) (any, error) {
			return types.GeoJSON(geomArg(a[0]), precArg(a[1]), int(i32(a[2]))), nil
		}),
		"st_asgeojson_row": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
			r, ok := a[0].(*types.RecordVal)
			if !ok {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "argument must be a record")
			}
			return geoJSONFeature(r, a[1].(string), precArg(a[2]), c.Env())
		}),
		"st_asbinary": g1(func(g *types.Geometry) (any, error) { return g.EWKB(false), nil }),
		"st_asewkb":   g1(func(g *types.Geometry) (any, error) { return g.EWKB(true), nil }),
		"st_x":        ordinate("ST_X", 0),
		"st_y":        ordinate("ST_Y", 1),
		"st_z":        ordinate("ST_Z", 2),
		"st_geometrytype": g1(func(g *types.Geometry) (any, error) {
			return "ST_" + g.TypeName(), nil
		}),
		"geometrytype": g1(func(g *types.Geometry) (any, error) {
			s := strings.ToUpper(g.TypeName())
			if g.M && !g.Z {
				s += "M"
			}
			return s, nil
		}),
		"st_isempty": g1(func(g *types.Geometry) (any, error) { return g.IsEmpty(), nil }),
		"st_npoints": g1(func(g *types.Geometry) (any, error) {
			n := int32(0)
			g.Points(func(_, _ float64) { n++ })
			return n, nil
		}),
		"st_distance": g2("ST_Distance", func(a, b *types.Geometry) (any, error) {
			return nullNaN(planarDistance(a, b)), nil
		}),
		"st_distance_geog": Scalar(func(a []any) (any, error) {
			x, y := geomArg(a[0]), geomArg(a[1])
			if err := sameSRID("ST_Distance", x, y); err != nil {
				return nil, err
			}
			d := geodesicDistance(x, y, a[2].(bool))
			if math.IsNaN(d) {
				return nil, nil
			}
			// PostGIS rounds geography distances to 1e-8 m
			return math.Round(d*1e8) / 1e8, nil
		}),
		"geography_distance_knn": g2("geography_distance_knn", func(a, b *types.Geometry) (any, error) {
			return nullNaN(geodesicDistance(a, b, false)), nil
		}),
		"st_dwithin": Scalar(func(a []any) (any, error) {
			x, y := geomArg(a[0]), geomArg(a[1])
			if err := sameSRID("ST_DWithin", x, y); err != nil {
				return nil, err
			}
			d := f64(a[2])
			if d < 0 {
				return nil, types.GeomError("Tolerance cannot be less than zero")
			}
			return planarDistance(x, y) <= d, nil
		}),
		"st_dwithin_geog": Scalar(func(a []any) (any, error) {
			x, y := geomArg(a[0]), geomArg(a[1])
			if err := sameSRID("ST_DWithin", x, y); err != nil {
				return nil, err
			}
			d := f64(a[2])
			if d < 0 {
				return nil, types.GeomError("Tolerance cannot be less than zero")
			}
			return geodesicDistance(x, y, a[3].(bool)) <= d, nil
		}),
		"st_intersects": g2("ST_Intersects", func(a, b *types.Geometry) (any, error) {
			return planarDistance(a, b) == 0, nil
		}),
		"st_intersects_geog": g2("ST_Intersects", func(a, b *types.Geometry) (any, error) {
			return planarDistance(a, b) == 0, nil
		}),
		"st_contains": g2("ST_Contains", func(a, b *types.Geometry) (any, error) { return contains(a, b), nil }),
		"st_within":   g2("ST_Within", func(a, b *types.Geometry) (any, error) { return contains(b, a), nil }),
		"st_buffer": Scalar(func(a []any) (any, error) {
			return buffer(geomArg(a[0]), f64(a[1]), int(i32(a[2])))
		}),
		"st_buffer_opts": Scalar(func(a []any) (any, error) {
			segs := 8
			for _, opt := range strings.Fields(a[2].(string)) {
				if k, v, ok := strings.Cut(opt, "="); ok && strings.EqualFold(k, "quad_segs") {
					if n, err := strconv.Atoi(v); err == nil {
						segs = n
					}
				}
			}
			return buffer(geomArg(a[0]), f64(a[1]), segs)
		}),
		"st_centroid": g1(func(g *types.Geometry) (any, error) {
			x, y, ok := centroid(splitGeom(g))
			if !ok {
				return &types.Geometry{Type: types.GeomPoint, SRID: g.SRID}, nil
			}
			return point(x, y, g.SRID), nil
		}),
		"st_area": g1(func(g *types.Geometry) (any, error) {
			p := splitGeom(g)
			s := 0.0
			for _, poly := range p.polys {
				s += math.Abs(ringArea(poly[0]))
				for _, h := range poly[1:] {
					s -= math.Abs(ringArea(h))
				}
			}
			return s, nil
		}),
		"st_length": g1(func(g *types.Geometry) (any, error) {
			if g.Type != types.GeomLineString && g.Type != types.GeomMultiLineString && g.Type != types.GeomCollection {
				return 0.0, nil
			}
			s := 0.0
			var walk func(g *types.Geometry)
			walk = func(g *types.Geometry) {
				if g.Type == types.GeomLineString {
					c := coordsOf(g)
					for i := 0; i+1 < len(c); i++ {
						s += math.Hypot(c[i+1].x-c[i].x, c[i+1].y-c[i].y)
					}
				}
				if g.Type != types.GeomPolygon && g.Type != types.GeomMultiPolygon {
					for _, p := range g.Parts {
						walk(p)
					}
				}
			}
			walk(g)
			return s, nil
		}),
		"geometry_overlaps": g2("geometry_overlaps", func(a, b *types.Geometry) (any, error) {
			if a.IsEmpty() || b.IsEmpty() {
				return false, nil
			}
			ax0, ay0, ax1, ay1 := a.BBox()
			bx0, by0, bx1, by1 := b.BBox()
			return ax0 <= bx1 && bx0 <= ax1 && ay0 <= by1 && by0 <= ay1, nil
		}),
	}
	m["geometry_distance_centroid"] = m["st_distance"]
	// the text forms read their argument as geometry (a literal's type)
	textForm := func(f func(g *types.Geometry) string) Func {
		return Scalar(func(a []any) (any, error) {
			g, err := types.ParseGeometry(a[0].(string))
			if err != nil {
				return nil, err
			}
			return f(g), nil
		})
	}
	m["st_astext_text"] = textForm(func(g *types.Geometry) string { return g.WKT(true, 15) })
	m["st_asewkt_text"] = textForm(func(g *types.Geometry) string { return g.WKT(false, 15) })
	m["st_asgeojson_text"] = textForm(func(g *types.Geometry) string { return types.GeoJSON(g, 9, 0) })
	for _, t := range []string{"geometry", "geography"} {
		for _, op := range vectorCmpOps {
			test := op.test
			m[t+"_"+op.name] = Scalar(func(a []any) (any, error) { return test(types.CompareExt(a[0], a[1])), nil })
		}
		m[t+"_cmp"] = Scalar(func(a []any) (any, error) { return int32(types.CompareExt(a[0], a[1])), nil })
	}
	return m
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nullNaN(d float64) any {
	if math.IsNaN(d) {
		return nil
	}
	return d
}

// precArg is a maxdecimaldigits argument: PostGIS clamps it to 0..15.
func precArg(a any) int {
	n := int(i32(a))
	if n < 0 {
		n = 0
	}
	if n > 15 {
		n = 15
	}
	return n
}

func ordinate(fn string, i int) Func {
	return Scalar(func(a []any) (any, error) {
		g := geomArg(a[0])
		if g.Type != types.GeomPoint {
			return nil, types.GeomError("Argument to %s() must have type POINT", fn)
		}
		if len(g.Coords) == 0 || i == 2 && !g.Z {
			return nil, nil
		}
		return g.Coords[i], nil
	})
}

// buffer is ST_Buffer of a point: a polygon of 4 * quadSegs edges
// around it, starting east and turning clockwise as GEOS does. Other
// geometries need GEOS's offset curves, which tinybase does not have.
func buffer(g *types.Geometry, r float64, quadSegs int) (any, error) {
	if g.Type != types.GeomPoint {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "ST_Buffer of a %s is not supported by tinybase's PostGIS stand-in (only points)", g.TypeName())
	}
	if len(g.Coords) == 0 || r <= 0 {
		return &types.Geometry{Type: types.GeomPolygon, SRID: g.SRID}, nil
	}
	if quadSegs < 1 {
		quadSegs = 1
	}
	n := 4 * quadSegs
	x, y := g.Coords[0], g.Coords[1]
	c := make([]float64, 0, 2*(n+1))
	for i := 0; i < n; i++ {
		ang := -float64(i) * 2 * math.Pi / float64(n)
		c = append(c, x+r*math.Cos(ang), y+r*math.Sin(ang))
	}
	c = append(c, c[0], c[1])
	return &types.Geometry{Type: types.GeomPolygon, SRID: g.SRID, Parts: []*types.Geometry{{Type: types.GeomLineString, Coords: c}}}, nil
}

// geoJSONFeature is ST_AsGeoJSON(record): a Feature whose geometry is
// the record's geometry column (the first, or the one named) and whose
// properties are the other columns.
func geoJSONFeature(r *types.RecordVal, geomCol string, prec int, env *types.Env) (any, error) {
	gi := -1
	for i, t := range r.Types {
		b := t.Base()
		if b.Kind == types.KindExt && b.Name == "geometry" && (geomCol == "" || r.Names[i] == geomCol) {
			gi = i
			break
		}
	}
	if gi < 0 {
		if geomCol != "" {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "Specified geometry column \"%s\" is not a geometry column", geomCol)
		}
		return nil, pgerror.New(pgerror.InvalidParameterValue, "geometry column is missing")
	}
	var b strings.Builder
	b.WriteString(`{"type": "Feature", "geometry": `)
	if g, ok := r.Vals[gi].(*types.Geometry); ok {
		b.WriteString(types.GeoJSON(g, prec, types.GeoJSONShortCRSNot84))
	} else {
		b.WriteString("null")
	}
	b.WriteString(`, "properties": {`)
	first := true
	for i, name := range r.Names {
		if i == gi {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(strconv.Quote(name))
		b.WriteString(": ")
		b.WriteString(propertyJSON(r.Types[i], r.Vals[i], env))
	}
	b.WriteString("}}")
	return b.String(), nil
}

// propertyJSON writes one value as to_json would.
func propertyJSON(t *types.Type, v any, env *types.Env) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case int16, int32, int64, decimal.Decimal:
		return types.Output(t, v, env)
	case float64, float32:
		s := types.Output(t, v, env)
		if strings.ContainsAny(s, "Nn") { // NaN, Infinity
			return strconv.Quote(s)
		}
		return s
	case *types.Geometry:
		if s, ok := x.JSONCast(); ok {
			return s
		}
	case types.JSONDoc:
		return types.Output(t, v, env)
	case *types.Array:
		return arrayJSON(x, 0, new(int), env)
	case time.Time:
		if t.Base().Kind == types.KindTimestamptz {
			return strconv.Quote(x.In(env.Loc).Format("2006-01-02T15:04:05.999999-07:00"))
		}
		return strconv.Quote(x.UTC().Format("2006-01-02T15:04:05.999999"))
	}
	if k := t.Base().Kind; k == types.KindJSON {
		return types.Output(t, v, env)
	}
	var b bytes.Buffer
	types.WriteJSONString(&b, types.Output(t, v, env))
	return b.String()
}

// arrayJSON writes dimension dim of a as nested JSON arrays (next is
// the index of the next element).
func arrayJSON(a *types.Array, dim int, next *int, env *types.Env) string {
	if len(a.Dims) == 0 {
		return "[]"
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < a.Dims[dim]; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if dim == len(a.Dims)-1 {
			b.WriteString(propertyJSON(a.Elem, a.Values[*next], env))
			*next++
		} else {
			b.WriteString(arrayJSON(a, dim+1, next, env))
		}
	}
	b.WriteByte(']')
	return b.String()
}
