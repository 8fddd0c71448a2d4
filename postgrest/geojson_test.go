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
}
