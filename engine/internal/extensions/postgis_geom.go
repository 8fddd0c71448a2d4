package extensions

import (
	"math"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Planar and geodesic geometry for the PostGIS stand-in: distances and
// predicates over points, line strings and polygons (simple ones: rings
// that do not cross themselves), the WGS 84 geodesic (Vincenty's inverse
// formula, falling back to the sphere where it does not converge) and
// Web Mercator.

type pt struct{ x, y float64 }

// parts splits g into its points, segments and polygons (as rings).
type geomParts struct {
	points []pt
	segs   [][2]pt
	polys  [][][]pt
}

func splitGeom(g *types.Geometry) *geomParts {
	p := &geomParts{}
	p.add(g)
	return p
}

func coordsOf(g *types.Geometry) []pt {
	d := g.Dims()
	out := make([]pt, 0, len(g.Coords)/d)
	for i := 0; i+1 < len(g.Coords); i += d {
		out = append(out, pt{g.Coords[i], g.Coords[i+1]})
	}
	return out
}

func (p *geomParts) add(g *types.Geometry) {
	switch g.Type {
	case types.GeomPoint:
		p.points = append(p.points, coordsOf(g)...)
	case types.GeomLineString:
		c := coordsOf(g)
		if len(c) == 1 {
			p.points = append(p.points, c[0])
		}
		for i := 0; i+1 < len(c); i++ {
			p.segs = append(p.segs, [2]pt{c[i], c[i+1]})
		}
	case types.GeomPolygon:
		var rings [][]pt
		for _, r := range g.Parts {
			c := coordsOf(r)
			rings = append(rings, c)
			for i := 0; i+1 < len(c); i++ {
				p.segs = append(p.segs, [2]pt{c[i], c[i+1]})
			}
		}
		if len(rings) > 0 {
			p.polys = append(p.polys, rings)
		}
	default:
		for _, m := range g.Parts {
			p.add(m)
		}
	}
}

// pointSegDist is the distance from a to segment s.
func pointSegDist(a pt, s [2]pt) float64 {
	dx, dy := s[1].x-s[0].x, s[1].y-s[0].y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return math.Hypot(a.x-s[0].x, a.y-s[0].y)
	}
	t := ((a.x-s[0].x)*dx + (a.y-s[0].y)*dy) / l2
	switch {
	case t <= 0:
		return math.Hypot(a.x-s[0].x, a.y-s[0].y)
	case t >= 1:
		return math.Hypot(a.x-s[1].x, a.y-s[1].y)
	}
	return math.Hypot(a.x-(s[0].x+t*dx), a.y-(s[0].y+t*dy))
}

func orient(a, b, c pt) float64 { return (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x) }

func onSeg(a, b, c pt) bool { // c on segment ab, given collinear
	return math.Min(a.x, b.x) <= c.x && c.x <= math.Max(a.x, b.x) && math.Min(a.y, b.y) <= c.y && c.y <= math.Max(a.y, b.y)
}

func segsIntersect(s, t [2]pt) bool {
	d1, d2 := orient(t[0], t[1], s[0]), orient(t[0], t[1], s[1])
	d3, d4 := orient(s[0], s[1], t[0]), orient(s[0], s[1], t[1])
	if (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) {
		return true
	}
	return d1 == 0 && onSeg(t[0], t[1], s[0]) || d2 == 0 && onSeg(t[0], t[1], s[1]) ||
		d3 == 0 && onSeg(s[0], s[1], t[0]) || d4 == 0 && onSeg(s[0], s[1], t[1])
}

// properCross reports whether s and t cross at a point interior to both.
func properCross(s, t [2]pt) bool {
	d1, d2 := orient(t[0], t[1], s[0]), orient(t[0], t[1], s[1])
	d3, d4 := orient(s[0], s[1], t[0]), orient(s[0], s[1], t[1])
	return (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0)
}

func segSegDist(s, t [2]pt) float64 {
	if segsIntersect(s, t) {
		return 0
	}
	return math.Min(math.Min(pointSegDist(s[0], t), pointSegDist(s[1], t)),
		math.Min(pointSegDist(t[0], s), pointSegDist(t[1], s)))
}

// pointInRing is the even-odd test; onEdge reports a point on the ring.
func pointInRing(a pt, ring []pt) (inside, onEdge bool) {
	for i := 0; i+1 < len(ring); i++ {
		p, q := ring[i], ring[i+1]
		if orient(p, q, a) == 0 && onSeg(p, q, a) {
			return false, true
		}
		if (p.y > a.y) != (q.y > a.y) && a.x < (q.x-p.x)*(a.y-p.y)/(q.y-p.y)+p.x {
			inside = !inside
		}
	}
	return inside, false
}

// pointInPoly locates a in a polygon with holes: 2 interior, 1 boundary,
// 0 exterior.
func pointInPoly(a pt, rings [][]pt) int {
	in, edge := pointInRing(a, rings[0])
	if edge {
		return 1
	}
	if !in {
		return 0
	}
	for _, h := range rings[1:] {
		in, edge := pointInRing(a, h)
		if edge {
			return 1
		}
		if in {
			return 0
		}
	}
	return 2
}

// locate is the position of a relative to parts p: 2 interior, 1
// boundary (or on a line), 0 exterior.
func (p *geomParts) locate(a pt) int {
	best := 0
	for _, poly := range p.polys {
		if l := pointInPoly(a, poly); l > best {
			best = l
		}
	}
	if best == 0 {
		for _, s := range p.segs {
			if pointSegDist(a, s) == 0 {
				return 1
			}
		}
		for _, q := range p.points {
			if q == a {
				return 1
			}
		}
	}
	return best
}

// planarDistance is ST_Distance on geometry: 0 when they intersect.
func planarDistance(a, b *types.Geometry) float64 {
	pa, pb := splitGeom(a), splitGeom(b)
	if len(pa.points)+len(pa.segs) == 0 || len(pb.points)+len(pb.segs) == 0 {
		return math.NaN()
	}
	// a point of one inside a polygon of the other
	for _, x := range [2][2]*geomParts{{pa, pb}, {pb, pa}} {
		for _, q := range x[0].points {
			if x[1].locate(q) > 0 {
				return 0
			}
		}
		for _, s := range x[0].segs {
			if x[1].locate(s[0]) > 0 {
				return 0
			}
		}
	}
	d := math.Inf(1)
	for _, q := range pa.points {
		for _, r := range pb.points {
			d = math.Min(d, math.Hypot(q.x-r.x, q.y-r.y))
		}
		for _, s := range pb.segs {
			d = math.Min(d, pointSegDist(q, s))
		}
	}
	for _, s := range pa.segs {
		for _, r := range pb.points {
			d = math.Min(d, pointSegDist(r, s))
		}
		for _, t := range pb.segs {
			d = math.Min(d, segSegDist(s, t))
		}
	}
	return d
}

// contains is ST_Contains(a, b): no point of b outside a, and some point
// of b in a's interior. Exact for points in polygons and for a polygon
// or line inside a simple polygon.
func contains(a, b *types.Geometry) bool {
	pa, pb := splitGeom(a), splitGeom(b)
	if len(pb.points)+len(pb.segs) == 0 || len(pa.points)+len(pa.segs) == 0 {
		return false
	}
	interior := false
	check := func(q pt) bool {
		l := pa.locate(q)
		if len(pa.polys) == 0 && len(pa.segs) == 0 {
			// a point set contains only its own points, all interior
			if l == 1 {
				interior = true
			}
			return l > 0
		}
		if l == 2 {
			interior = true
		}
		if l == 1 && len(pa.polys) == 0 {
			// on a line: interior unless at an endpoint
			if !isEndpoint(a, q) {
				interior = true
			}
		}
		return l > 0
	}
	for _, q := range pb.points {
		if !check(q) {
			return false
		}
	}
	for _, s := range pb.segs {
		mid := pt{(s[0].x + s[1].x) / 2, (s[0].y + s[1].y) / 2}
		if !check(s[0]) || !check(s[1]) || !check(mid) {
			return false
		}
		for _, t := range pa.segs {
			if len(pa.polys) > 0 && properCross(s, t) {
				return false
			}
		}
	}
	if !interior && len(pb.polys) > 0 {
		// a polygon along a's boundary still covers a's interior
		interior = len(pa.polys) > 0
	}
	return interior
}

func isEndpoint(g *types.Geometry, q pt) bool {
	found := false
	var walk func(g *types.Geometry)
	walk = func(g *types.Geometry) {
		if g.Type == types.GeomLineString {
			c := coordsOf(g)
			if len(c) > 0 && c[0] != c[len(c)-1] && (c[0] == q || c[len(c)-1] == q) {
				found = true
			}
		}
		for _, p := range g.Parts {
			walk(p)
		}
	}
	walk(g)
	return found
}

// WGS 84.
const (
	wgs84A = 6378137.0
	wgs84F = 1 / 298.257223563
	wgs84B = wgs84A * (1 - wgs84F)
	// sphereR is the mean radius PostGIS's sphere uses, (2a + b) / 3.
	sphereR = (2*wgs84A + wgs84B) / 3
)

func rad(d float64) float64 { return d * math.Pi / 180 }

// sphereDistance is the great-circle distance between two lon/lat
// points on the sphere of radius sphereR.
func sphereDistance(a, b pt) float64 {
	la1, la2 := rad(a.y), rad(b.y)
	dlat, dlon := la2-la1, rad(b.x-a.x)
	h := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlon/2)*math.Sin(dlon/2)
	return 2 * sphereR * math.Asin(math.Min(1, math.Sqrt(h)))
}

// spheroidDistance is the geodesic distance on the WGS 84 ellipsoid by
// Vincenty's inverse formula (sub-millimetre against the exact geodesic).
func spheroidDistance(a, b pt) float64 {
	if a == b {
		return 0
	}
	L := rad(b.x - a.x)
	U1 := math.Atan((1 - wgs84F) * math.Tan(rad(a.y)))
	U2 := math.Atan((1 - wgs84F) * math.Tan(rad(b.y)))
	sinU1, cosU1 := math.Sincos(U1)
	sinU2, cosU2 := math.Sincos(U2)
	lambda := L
	var sinSigma, cosSigma, sigma, cos2Alpha, cos2SigmaM float64
	for iter := 0; ; iter++ {
		if iter == 200 {
			return sphereDistance(a, b) // near-antipodal: no convergence
		}
		sinL, cosL := math.Sincos(lambda)
		sinSigma = math.Hypot(cosU2*sinL, cosU1*sinU2-sinU1*cosU2*cosL)
		if sinSigma == 0 {
			return 0
		}
		cosSigma = sinU1*sinU2 + cosU1*cosU2*cosL
		sigma = math.Atan2(sinSigma, cosSigma)
		sinAlpha := cosU1 * cosU2 * sinL / sinSigma
		cos2Alpha = 1 - sinAlpha*sinAlpha
		cos2SigmaM = 0
		if cos2Alpha != 0 {
			cos2SigmaM = cosSigma - 2*sinU1*sinU2/cos2Alpha
		}
		C := wgs84F / 16 * cos2Alpha * (4 + wgs84F*(4-3*cos2Alpha))
		prev := lambda
		lambda = L + (1-C)*wgs84F*sinAlpha*(sigma+C*sinSigma*(cos2SigmaM+C*cosSigma*(-1+2*cos2SigmaM*cos2SigmaM)))
		if math.Abs(lambda-prev) < 1e-13 {
			break
		}
	}
	u2 := cos2Alpha * (wgs84A*wgs84A - wgs84B*wgs84B) / (wgs84B * wgs84B)
	A := 1 + u2/16384*(4096+u2*(-768+u2*(320-175*u2)))
	B := u2 / 1024 * (256 + u2*(-128+u2*(74-47*u2)))
	dSigma := B * sinSigma * (cos2SigmaM + B/4*(cosSigma*(-1+2*cos2SigmaM*cos2SigmaM)-
		B/6*cos2SigmaM*(-3+4*sinSigma*sinSigma)*(-3+4*cos2SigmaM*cos2SigmaM)))
	return wgs84B * A * (sigma - dSigma)
}

// geodesicDistance is ST_Distance on geography: 0 when one contains a
// point of the other; otherwise the least distance between their
// vertices and the points of the other's edges nearest to them (edges
// are treated as straight in lon/lat, which is close for short edges).
func geodesicDistance(a, b *types.Geometry, spheroid bool) float64 {
	dist := sphereDistance
	if spheroid {
		dist = spheroidDistance
	}
	pa, pb := splitGeom(a), splitGeom(b)
	if len(pa.points)+len(pa.segs) == 0 || len(pb.points)+len(pb.segs) == 0 {
		return math.NaN()
	}
	if planarDistance(a, b) == 0 {
		return 0
	}
	verts := func(p *geomParts) []pt {
		out := append([]pt(nil), p.points...)
		for _, s := range p.segs {
			out = append(out, s[0], s[1])
		}
		return out
	}
	va, vb := verts(pa), verts(pb)
	d := math.Inf(1)
	near := func(q pt, segs [][2]pt) {
		for _, s := range segs {
			d = math.Min(d, dist(q, nearestOnSeg(q, s)))
		}
	}
	for _, q := range va {
		for _, r := range vb {
			d = math.Min(d, dist(q, r))
		}
		near(q, pb.segs)
	}
	for _, r := range vb {
		near(r, pa.segs)
	}
	return d
}

func nearestOnSeg(a pt, s [2]pt) pt {
	dx, dy := s[1].x-s[0].x, s[1].y-s[0].y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return s[0]
	}
	t := math.Max(0, math.Min(1, ((a.x-s[0].x)*dx+(a.y-s[0].y)*dy)/l2))
	return pt{s[0].x + t*dx, s[0].y + t*dy}
}

// mapCoords returns a copy of g with every point passed through f.
func mapCoords(g *types.Geometry, f func(x, y float64) (float64, float64)) *types.Geometry {
	c := *g
	if len(g.Coords) > 0 {
		c.Coords = append([]float64(nil), g.Coords...)
		d := g.Dims()
		for i := 0; i+1 < len(c.Coords); i += d {
			c.Coords[i], c.Coords[i+1] = f(c.Coords[i], c.Coords[i+1])
		}
	}
	if len(g.Parts) > 0 {
		c.Parts = make([]*types.Geometry, len(g.Parts))
		for i, p := range g.Parts {
			c.Parts[i] = mapCoords(p, f)
		}
	}
	return &c
}

// Web Mercator (EPSG:3857) on the sphere of radius a.
func toMercator(lon, lat float64) (float64, float64) {
	return wgs84A * rad(lon), wgs84A * math.Log(math.Tan(math.Pi/4+rad(lat)/2))
}

func fromMercator(x, y float64) (float64, float64) {
	return x / wgs84A * 180 / math.Pi, (2*math.Atan(math.Exp(y/wgs84A)) - math.Pi/2) * 180 / math.Pi
}

// ringArea is the shoelace area (positive for counter-clockwise).
func ringArea(c []pt) float64 {
	s := 0.0
	for i := 0; i+1 < len(c); i++ {
		s += c[i].x*c[i+1].y - c[i+1].x*c[i].y
	}
	return s / 2
}

// centroid is ST_Centroid: of the parts of the highest dimension only,
// area-weighted for polygons (holes subtract), length-weighted for
// lines, the mean for points.
func centroid(p *geomParts) (x, y float64, ok bool) {
	if len(p.polys) > 0 {
		var a, cx, cy float64
		for _, poly := range p.polys {
			for i, ring := range poly {
				ra := ringArea(ring)
				// holes count against the shell whatever their winding
				sign := 1.0
				if (i == 0) != (ra > 0) {
					sign = -1
				}
				for k := 0; k+1 < len(ring); k++ {
					f := ring[k].x*ring[k+1].y - ring[k+1].x*ring[k].y
					cx += sign * (ring[k].x + ring[k+1].x) * f
					cy += sign * (ring[k].y + ring[k+1].y) * f
				}
				a += sign * ra
			}
		}
		if a != 0 {
			return cx / (6 * a), cy / (6 * a), true
		}
	}
	if len(p.segs) > 0 {
		var l, cx, cy float64
		for _, s := range p.segs {
			d := math.Hypot(s[1].x-s[0].x, s[1].y-s[0].y)
			l += d
			cx += d * (s[0].x + s[1].x) / 2
			cy += d * (s[0].y + s[1].y) / 2
		}
		if l > 0 {
			return cx / l, cy / l, true
		}
		p.points = append(p.points, p.segs[0][0])
	}
	if len(p.points) == 0 {
		return 0, 0, false
	}
	for _, q := range p.points {
		x += q.x
		y += q.y
	}
	n := float64(len(p.points))
	return x / n, y / n, true
}
