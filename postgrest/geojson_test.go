package postgrest

import "testing"

// Geometry columns (PostGIS stand-in) come back as GeoJSON objects, as
// PostgREST's json_agg over PostGIS's json cast writes them, and
// `Accept: application/geo+json` answers a FeatureCollection of
// ST_AsGeoJSON(row) features (postgrest-js's transforms.test.ts
// 'geojson'). Expected bodies are PostgreSQL 15 + PostGIS 3.3's output of
// the same SQL PostgREST runs.
func TestGeoJSON(t *testing.T) {
	srv := engineServer(t, `create extension if not exists postgis schema extensions;
create table public.shops (id int primary key, address text, shop_geom extensions.geometry(POINT, 4326));
insert into shops values (1, '1369 Cambridge St', 'SRID=4326;POINT(-71.10044 42.373695)');
grant all on shops to anon;`)
	w := do(t, srv, "GET", "/shops", "")
	if want := `[{"id":1,"address":"1369 Cambridge St","shop_geom":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[-71.10044,42.373695]}}]`; w.Code != 200 || w.Body.String() != want {
		t.Errorf("json: %d %s\nwant %s", w.Code, w.Body, want)
	}
	w = do(t, srv, "GET", "/shops", "", "Accept", "application/geo+json")
	want := `{"type" : "FeatureCollection", "features" : [{"type": "Feature", "geometry": {"type":"Point","coordinates":[-71.10044,42.373695]}, "properties": {"id": 1, "address": "1369 Cambridge St"}}]}`
	if w.Code != 200 || w.Body.String() != want {
		t.Errorf("geo+json: %d %s\nwant %s", w.Code, w.Body, want)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/geo+json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	// an insert sends GeoJSON objects and EWKT strings; the column's SRID
	// applies to a GeoJSON point without a crs
	w = do(t, srv, "POST", "/shops?select=id,shop_geom", `[{"id":2,"shop_geom":{"type":"Point","coordinates":[1,2]}},{"id":3,"shop_geom":"SRID=4326;POINT(3 4)"}]`,
		"Content-Type", "application/json", "Prefer", "return=representation")
	want = `[{"id":2,"shop_geom":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[1,2]}}, ` + "\n" + ` {"id":3,"shop_geom":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[3,4]}}]`
	if w.Code != 201 || w.Body.String() != want {
		t.Errorf("insert: %d %q\nwant %q", w.Code, w.Body, want)
	}
}
