package extensions_test

import "testing"

// The PostGIS cases run on the engine and, with TINYBASE_PG_URL set to a
// PostgreSQL 15 that has PostGIS 3.3, on it too: the expected values are
// PostGIS's.

func TestPostGISIO(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "ewkt in, hex ewkb out", sql: `select 'SRID=4326;POINT(-71.10044 42.373695)'::geometry`, want: "0101000020E610000075CDE49B6DC651C0E0D6DD3CD52F4540"},
		{name: "wkt", sql: `select 'POINT(1 2)'::geometry, 'POINT Z (1 2 3)'::geometry, 'LINESTRING(0 0,1 1)'::geometry`, want: "0101000000000000000000F03F0000000000000040|0101000080000000000000F03F00000000000000400000000000000840|01020000000200000000000000000000000000000000000000000000000000F03F000000000000F03F"},
		{name: "polygon", sql: `select 'POLYGON((0 0,1 0,1 1,0 1,0 0))'::geometry`, want: "0103000000010000000500000000000000000000000000000000000000000000000000F03F0000000000000000000000000000F03F000000000000F03F0000000000000000000000000000F03F00000000000000000000000000000000"},
		{name: "multipoint", sql: `select 'MULTIPOINT(1 2,3 4)'::geometry, st_astext('MULTIPOINT((1 2),(3 4))'::geometry)`, want: "0104000000020000000101000000000000000000F03F0000000000000040010100000000000000000008400000000000001040|MULTIPOINT((1 2),(3 4))"},
		{name: "geography defaults to 4326", sql: `select 'POINT(1 2)'::geography`, want: "0101000020E6100000000000000000F03F0000000000000040"},
		{name: "hex in", sql: `select st_astext('0101000000000000000000F03F0000000000000040'::geometry), st_asewkt('0101000020E6100000000000000000F03F0000000000000040'::geometry), st_astext('  point ( 1   2 ) '::geometry)`, want: "POINT(1 2)|SRID=4326;POINT(1 2)|POINT(1 2)"},
		{name: "dims", sql: `select st_astext('POINTM(1 2 3)'), st_astext('POINT(1 2 3 4)'), st_asewkt('SRID=4326;POINT M (1 2 3)')`, want: "POINT M (1 2 3)|POINT ZM (1 2 3 4)|SRID=4326;POINTM(1 2 3)"},
		{name: "collection", sql: `select st_astext('GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1))'), st_asgeojson('GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1))'::geometry)`, want: `GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1))|{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[0,0],[1,1]]}]}`},
		{name: "empty", sql: `select 'POINT EMPTY'::geometry, st_astext('POINT EMPTY'), st_asgeojson('POINT EMPTY'::geometry)`, want: `0101000000000000000000F87F000000000000F87F|POINT EMPTY|{"type":"Point","coordinates":[]}`},
		{name: "parse error", sql: `select 'POINT(1 2'::geometry`, code: "XX000", msg: "parse error - invalid geometry"},
		{name: "garbage", sql: `select 'garbage'::geometry`, code: "XX000", msg: "parse error - invalid geometry"},
		{name: "empty string", sql: `select ''::geometry`, code: "XX000", msg: "parse error - invalid geometry"},
		{name: "geography only lon/lat", sql: `select 'SRID=3857;POINT(1 2)'::geometry::geography`, code: "22023", msg: "Only lon/lat coordinate systems are supported in geography."},
		{name: "coordinates as lwprint_double", sql: `select st_astext(st_makepoint(x, 0)) || ' ' || st_asgeojson(st_makepoint(x, 0)) from unnest(array[1e-6,9.9e-9,1.5e-8,1e14,1e15,1.5e16,123.456789012345678,12345.123456789012345,6.123233995736766e-17,0.1234567895,1/3.0,-0.0]::float8[]) x`,
			want: `POINT(0.000001 0) {"type":"Point","coordinates":[0.000001,0]}
POINT(9.9e-9 0) {"type":"Point","coordinates":[9.9e-9,0]}
POINT(0.000000015 0) {"type":"Point","coordinates":[0.000000015,0]}
POINT(100000000000000 0) {"type":"Point","coordinates":[100000000000000,0]}
POINT(1e+15 0) {"type":"Point","coordinates":[1e+15,0]}
POINT(1.5e+16 0) {"type":"Point","coordinates":[1.5e+16,0]}
POINT(123.45678901234568 0) {"type":"Point","coordinates":[123.456789012,0]}
POINT(12345.123456789011 0) {"type":"Point","coordinates":[12345.123456789,0]}
POINT(6.123233995736766e-17 0) {"type":"Point","coordinates":[6.123233996e-17,0]}
POINT(0.1234567895 0) {"type":"Point","coordinates":[0.12345679,0]}
POINT(0.333333333333333 0) {"type":"Point","coordinates":[0.333333333,0]}
POINT(0 0) {"type":"Point","coordinates":[0,0]}`},
	})
}

func TestPostGISTypmods(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "create", sql: `create table shops (id int primary key, g geometry(POINT, 4326), p geometry(Polygon), gg geography(Point), k geometry(PolygonZ, 3857), m geometry(POINTM), anyg geometry);
select attname, format_type(atttypid, atttypmod), atttypmod from pg_attribute where attrelid = 'shops'::regclass and attnum > 1 order by attnum`,
			want: "g|geometry(Point,4326)|1107460\np|geometry(Polygon)|12\ngg|geography(Point,4326)|1107460\nk|geometry(PolygonZ,3857)|987406\nm|geometry(PointM)|5\nanyg|geometry|-1"},
		{name: "srid taken from the column", sql: `insert into shops (id, g) values (1, 'POINT(1 2)'); select st_asewkt(g) from shops`, want: "SRID=4326;POINT(1 2)"},
		{name: "srid mismatch", sql: `insert into shops (id, g) values (2, 'SRID=3857;POINT(1 2)')`, code: "22023", msg: "Geometry SRID (3857) does not match column SRID (4326)"},
		{name: "type mismatch", sql: `insert into shops (id, p) values (2, 'POINT(1 2)')`, code: "22023", msg: "Geometry type (Point) does not match column type (Polygon)"},
		{name: "type mismatch line", sql: `insert into shops (id, g) values (2, 'SRID=4326;LINESTRING(1 2,3 4)')`, code: "22023", msg: "Geometry type (LineString) does not match column type (Point)"},
		{name: "z mismatch", sql: `insert into shops (id, p) values (2, 'POLYGON Z((0 0 0,1 0 0,1 1 0,0 0 0))')`, code: "22023", msg: "Geometry has Z dimension but column does not"},
		{name: "bad modifier", sql: `create table bad (g geometry(Foo))`, code: "22023", msg: "Invalid geometry type modifier: foo"},
		{name: "geometry_columns", sql: `select f_table_name, f_geometry_column, coord_dimension, srid, type from geometry_columns where f_table_name = 'shops' order by f_geometry_column`,
			want: "shops|anyg|2|0|GEOMETRY\nshops|g|2|4326|POINT\nshops|k|3|3857|POLYGON\nshops|m|3|0|POINTM\nshops|p|2|0|POLYGON"},
		{name: "spatial_ref_sys", sql: `select srid, auth_name, auth_srid from spatial_ref_sys where srid in (4326, 3857) order by srid`, want: "3857|EPSG|3857\n4326|EPSG|4326"},
		{name: "gist index", sql: `create index shops_g on shops using gist (g); insert into shops (id, g) values (3, 'SRID=4326;POINT(5 5)'); select id from shops where st_dwithin(g, 'SRID=4326;POINT(1 2)', 1) order by id`, want: "1"},
		{name: "equality", sql: `select 'POINT(1 2)'::geometry = 'POINT(1 2)'::geometry, 'POINT(1 2)'::geometry = 'POINT(1 3)'::geometry`, want: "t|f"},
	})
}

func TestPostGISFunctions(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "constructors", sql: `select st_makepoint(1,2), st_point(1,2), st_point(1,2,4326), st_srid(st_setsrid(st_makepoint(1,2),4326))`, want: "0101000000000000000000F03F0000000000000040|0101000000000000000000F03F0000000000000040|0101000020E6100000000000000000F03F0000000000000040|4326"},
		{name: "envelope", sql: `select st_astext(st_makeenvelope(0,0,1,1,4326)), st_srid(st_makeenvelope(0,0,1,1,4326)), st_srid(st_makeenvelope(0,0,1,1))`, want: "POLYGON((0 0,0 1,1 1,1 0,0 0))|4326|0"},
		{name: "from text", sql: `select st_geomfromtext('POINT(1 2)', 4326), st_geomfromewkt('SRID=4326;POINT(1 2)'), st_srid(st_geomfromtext('POINT(1 2)'))`, want: "0101000020E6100000000000000000F03F0000000000000040|0101000020E6100000000000000000F03F0000000000000040|0"},
		{name: "from geojson", sql: `select st_astext(st_geomfromgeojson('{"type":"Point","coordinates":[1,2]}')), st_srid(st_geomfromgeojson('{"type":"Point","coordinates":[1,2]}'))`, want: "POINT(1 2)|4326"},
		{name: "as text", sql: `select st_astext('SRID=4326;POINT(-71.10044 42.373695)'::geometry), st_asewkt('SRID=4326;POINT(-71.10044 42.373695)'::geometry)`, want: "POINT(-71.10044 42.373695)|SRID=4326;POINT(-71.10044 42.373695)"},
		{name: "geojson", sql: `select st_asgeojson('SRID=4326;POINT(-71.10044 42.373695)'::geometry), st_asgeojson('SRID=3857;POINT(1 2)'::geometry), st_asgeojson('POLYGON((0 0,1 0,1 1,0 1,0 0))'::geometry)`,
			want: `{"type":"Point","coordinates":[-71.10044,42.373695]}|{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"coordinates":[1,2]}|{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}`},
		{name: "geojson options", sql: `select st_asgeojson('SRID=4326;POINT(1 2)'::geometry, 9, 2), st_asgeojson('SRID=4326;POINT(1 2)'::geometry, 9, 4), st_asgeojson('SRID=4326;POINT(1 2)'::geography)`,
			want: `{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[1,2]}|{"type":"Point","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::4326"}},"coordinates":[1,2]}|{"type":"Point","coordinates":[1,2]}`},
		{name: "geojson multipolygon z", sql: `select st_asgeojson('MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))'::geometry), st_asgeojson('POINT(1 2 3)'::geometry)`,
			want: `{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}|{"type":"Point","coordinates":[1,2,3]}`},
		{name: "geojson of a row", sql: `select st_asgeojson(t) from (select 1 as id, 'x' as address, 'SRID=4326;POINT(-71.10044 42.373695)'::geometry as g) t`,
			want: `{"type": "Feature", "geometry": {"type":"Point","coordinates":[-71.10044,42.373695]}, "properties": {"id": 1, "address": "x"}}`},
		{name: "to_json", sql: `select to_json('SRID=4326;POINT(-71.10044 42.373695)'::geometry), to_json('POINT(1 2)'::geography)`,
			want: `{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[-71.10044,42.373695]}|"0101000020E6100000000000000000F03F0000000000000040"`},
		{name: "row_to_json json_agg", sql: `select row_to_json(s), json_agg(s) over () from (select 1 as id, 'SRID=4326;POINT(1 2)'::geometry as g) s`,
			want: `{"id":1,"g":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[1,2]}}|[{"id":1,"g":{"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:4326"}},"coordinates":[1,2]}}]`},
		{name: "to_jsonb cast", sql: `select to_jsonb('SRID=4326;POINT(1 2)'::geometry), 'POINT(1 2)'::geometry::json`,
			want: `{"crs": {"type": "name", "properties": {"name": "EPSG:4326"}}, "type": "Point", "coordinates": [1, 2]}|{"type":"Point","coordinates":[1,2]}`},
		{name: "x y", sql: `select st_x('POINT(1 2)'::geometry), st_y('POINT(1 2)'::geometry)`, want: "1|2"},
		{name: "x of a line", sql: `select st_x('LINESTRING(0 0,1 1)'::geometry)`, code: "XX000", msg: "Argument to ST_X() must have type POINT"},
		{name: "as binary", sql: `select st_asbinary('POINT(1 2)'::geometry), st_asbinary('SRID=4326;POINT(1 2)'::geometry)`, want: `\x0101000000000000000000f03f0000000000000040|\x0101000000000000000000f03f0000000000000040`},
		{name: "planar distance", sql: `select st_distance('POINT(0 0)'::geometry, 'POINT(3 4)'::geometry), 'POINT(0 0)'::geometry <-> 'POINT(3 4)'::geometry, st_distance('LINESTRING(0 0,10 0)'::geometry, 'POINT(5 2)'::geometry), st_distance('POLYGON((0 0,2 0,2 2,0 2,0 0))'::geometry, 'POINT(1 1)'::geometry)`, want: "5|5|2|0"},
		{name: "mixed srid", sql: `select st_distance('SRID=4326;POINT(0 0)'::geometry, 'SRID=3857;POINT(3 4)'::geometry)`, code: "XX000", msg: "ST_Distance: Operation on mixed SRID geometries (Point, 4326) != (Point, 3857)"},
		{name: "geodesic distance", sql: `select round(st_distance('SRID=4326;POINT(-71.1 42.37)'::geography, 'SRID=4326;POINT(-0.13 51.5)'::geography)::numeric, 2), round(st_distance('SRID=4326;POINT(-71.1 42.37)'::geography, 'SRID=4326;POINT(-0.13 51.5)'::geography, false)::numeric, 2), round(('SRID=4326;POINT(0 0)'::geography <-> 'SRID=4326;POINT(1 1)'::geography)::numeric, 4)`,
			want: "5280969.95|5266330.38|157249.5978"},
		{name: "dwithin geography", sql: `select st_dwithin('SRID=4326;POINT(-71.1 42.37)'::geography, 'SRID=4326;POINT(-71.11 42.371)'::geography, 1000), st_dwithin('SRID=4326;POINT(-71.1 42.37)'::geography, 'SRID=4326;POINT(-71.11 42.371)'::geography, 100)`, want: "t|f"},
		{name: "predicates", sql: `select st_contains('POLYGON((0 0,2 0,2 2,0 2,0 0))'::geometry, 'POINT(1 1)'::geometry), st_contains('POLYGON((0 0,2 0,2 2,0 2,0 0))'::geometry, 'POINT(2 1)'::geometry), st_intersects('POLYGON((0 0,2 0,2 2,0 2,0 0))'::geometry, 'POINT(2 1)'::geometry), st_within('POINT(1 1)'::geometry,'POLYGON((0 0,2 0,2 2,0 2,0 0))'::geometry), st_intersects('LINESTRING(0 0,2 2)'::geometry, 'LINESTRING(0 2,2 0)'::geometry), st_contains('POLYGON((0 0,4 0,4 4,0 4,0 0))'::geometry, 'POLYGON((1 1,2 1,2 2,1 1))'::geometry), st_contains('POLYGON((0 0,4 0,4 4,0 4,0 0))'::geometry, 'LINESTRING(1 1,5 5)'::geometry)`, want: "t|f|t|t|t|t|f"},
		{name: "transform", sql: `select st_srid(st_transform('SRID=4326;POINT(-71.10044 42.373695)'::geometry, 3857)), st_astext(st_transform('SRID=4326;POINT(-71.10044 42.373695)'::geometry, 3857), 3), st_astext(st_transform('SRID=3857;POINT(-7914818.2 5214380.9)'::geometry, 4326), 6)`,
			want: "3857|POINT(-7914864.776 5217122.557)|POINT(-71.100022 42.355498)"},
		{name: "transform unknown srid", sql: `select st_transform('POINT(1 2)'::geometry, 3857)`, code: "XX000", msg: "ST_Transform: Input geometry has unknown (0) SRID"},
		{name: "buffer", sql: `select st_npoints(st_buffer('POINT(0 0)'::geometry, 1)), st_astext(st_buffer('POINT(0 0)'::geometry, 1, 2), 6), round(st_area(st_buffer('POINT(0 0)'::geometry, 1))::numeric, 6)`,
			want: "33|POLYGON((1 0,0.707107 -0.707107,6.123234e-17 -1,-0.707107 -0.707107,-1 -1.224647e-16,-0.707107 0.707107,-1.83697e-16 1,0.707107 0.707107,1 0))|3.121445"},
		{name: "geometry to geography", sql: `select 'POINT(1 2)'::geometry::geography, st_srid('POINT(1 2)'::geometry::geography)`, want: "0101000020E6100000000000000000F03F0000000000000040|4326"},
		{name: "knn order", sql: `select id from (values (1, 'POINT(5 5)'::geometry), (2, 'POINT(1 1)'), (3, 'POINT(3 3)')) v(id, g) order by g <-> 'POINT(0 0)'::geometry limit 2`, want: "2\n3"},
		{name: "geometry type", sql: `select st_geometrytype('POINT(1 2)'::geometry), geometrytype('LINESTRING(0 0,1 1)'::geometry)`, want: "ST_Point|LINESTRING"},
	})
}

func TestPostGISMisc(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "geojson without coordinates", sql: `select st_geomfromgeojson('{"type":"Point"}')`, code: "XX000", msg: "Unable to find 'coordinates' in GeoJSON string"},
		{name: "row without geometry", sql: `select st_asgeojson(t) from (select 1 as id) t`, code: "22023", msg: "geometry column is missing"},
		{name: "geography text", sql: `select st_astext('SRID=4326;POINT(1 2)'::geography), st_asewkt('POINT(1 2)'::geography)`, want: "POINT(1 2)|SRID=4326;POINT(1 2)"},
		{name: "transform to itself", sql: `select st_astext(st_transform('SRID=4326;POINT(1 2)'::geometry, 4326))`, want: "POINT(1 2)"},
		{name: "geography polygon to point", sql: `select round(st_distance('SRID=4326;POLYGON((0 0,1 0,1 1,0 1,0 0))'::geography, 'SRID=4326;POINT(2 0.5)'::geography)::numeric, 1), st_distance('SRID=4326;POLYGON((0 0,1 0,1 1,0 1,0 0))'::geography, 'SRID=4326;POINT(0.5 0.5)'::geography)`, want: "111315.3|0"},
		{name: "drop while used", sql: `create table uses (g geometry); drop extension postgis`, code: "2BP01", msg: "cannot drop extension postgis because other objects depend on it"},
		{name: "null arguments", sql: `select st_astext(null::geometry) is null, st_distance(null::geometry, 'POINT(0 0)') is null, st_makepoint(null, 1) is null`, want: "t|t|t"},
		{name: "truncated wkb", sql: `select '0101000000000000000000F03F'::geometry`, code: "XX000", msg: ""},
	})
}

func TestPostGISRowGeoJSON(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "properties", sql: `select st_asgeojson(t) from (select 'SRID=3857;POINT(1 2)'::geometry g, null::text n, 'a"b'::text q, 1.5::float8 f, array[1,2] a, array['x', null] s) t`,
			want: `{"type": "Feature", "geometry": {"type":"Point","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"coordinates":[1,2]}, "properties": {"n": null, "q": "a\"b", "f": 1.5, "a": [1,2], "s": ["x",null]}}`},
		{name: "named column and digits", sql: `select st_asgeojson(t, 'g', 2) from (select 'POINT(1.23456 2)'::geometry g) t`,
			want: `{"type": "Feature", "geometry": {"type":"Point","coordinates":[1.23,2]}, "properties": {}}`},
	})
}

func TestPostGISGeoJSONInput(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "geometry reads geojson", sql: `select st_asewkt('{"type":"Point","coordinates":[1,2]}'::geometry)`, want: "POINT(1 2)"},
		{name: "geography does not", sql: `select '{"type":"Point","coordinates":[1,2]}'::geography`, code: "XX000", msg: "parse error - invalid geometry"},
		{name: "populate a row as PostgREST inserts", sql: `create table spots (id int, g geometry(Point, 4326)); select id, st_asewkt(g) from json_populate_record(null::spots, '{"id":5,"g":{"type":"Point","coordinates":[1,2]}}')`, want: "5|SRID=4326;POINT(1 2)"},
	})
}

func TestPostGISCentroid(t *testing.T) {
	run(t, installed(t, "postgis"), []sqlCase{
		{name: "centroids", sql: `select st_asewkt(st_centroid(g), 6) from (values (1, 'SRID=4326;POLYGON((0 0,2 0,2 2,0 2,0 0))'::geometry), (2, 'POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,1 2,2 2,2 1,1 1))'), (3, 'LINESTRING(0 0,2 0,2 2)'), (4, 'MULTIPOINT(0 0,1 3,5 0)'), (5, 'POLYGON((0 0,0 3,3 0,0 0))')) v(i, g) order by i`,
			want: "SRID=4326;POINT(1 1)\nPOINT(2.033333 2.033333)\nPOINT(1.5 0.5)\nPOINT(2 1)\nPOINT(1 1)"},
	})
}
