package extensions

import (
	"fmt"
	"strings"
)

// postgisExt stands in for PostGIS 3.3 (the "postgis" extension
// Supabase offers): the base types geometry and geography
// (types/ext_geometry*.go) with PostGIS's typmods, text, WKB and GeoJSON
// forms; the constructors, accessors and output functions apps call;
// planar distance and predicates on points, lines and simple polygons;
// geodesic distance on geography (WGS 84 spheroid or sphere);
// ST_Transform between 4326 and 3857; the <-> and && operators;
// spatial_ref_sys (the systems ST_Transform knows), geometry_columns and
// geography_columns. CREATE INDEX ... USING gist on a geometry column is
// accepted and builds the engine's ordinary index: spatial predicates
// are exact scans, not an R-tree search. Functions it does not stand in
// for (GEOS's overlay operations, raster, topology) do not exist.
func postgisExt() *Extension {
	return &Extension{
		Name:        "postgis",
		Version:     "3.3.7",
		Comment:     "PostGIS geometry and geography spatial types and functions",
		Relocatable: false,
		BaseTypes:   []string{"geometry", "geography"},
		OpClasses: []OpClass{
			{Name: "btree_geometry_ops", Method: "btree", Type: "geometry", Default: true},
			{Name: "btree_geography_ops", Method: "btree", Type: "geography", Default: true},
			{Name: "gist_geometry_ops_2d", Method: "gist", Type: "geometry", Default: true, Storage: "box2df"},
			{Name: "gist_geometry_ops_nd", Method: "gist", Type: "geometry", Storage: "gidx"},
			{Name: "gist_geography_ops", Method: "gist", Type: "geography", Default: true, Storage: "gidx"},
		},
		Funcs:  postgisFuncs(), // postgis_funcs.go
		Script: postgisComparisons() + postgisScript,
	}
}

// postgisComparisons declares the btree comparison functions and
// operators of geometry and geography (equality is of the EWKB bytes).
func postgisComparisons() string {
	var b strings.Builder
	for _, t := range []string{"geometry", "geography"} {
		for _, op := range vectorCmpOps {
			fmt.Fprintf(&b, "CREATE FUNCTION %s_%s(geom1 %s, geom2 %s) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, op.name, t, t)
			fmt.Fprintf(&b, "CREATE OPERATOR %s (LEFTARG = %s, RIGHTARG = %s, PROCEDURE = %s_%s, COMMUTATOR = '%s', NEGATOR = '%s', RESTRICT = %s, JOIN = %s);\n",
				op.sym, t, t, t, op.name, op.commutator, op.negator, op.restrict, op.join)
		}
		fmt.Fprintf(&b, "CREATE FUNCTION %s_cmp(geom1 %s, geom2 %s) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;\n", t, t, t)
	}
	return b.String()
}

const postgisScript = `
CREATE FUNCTION postgis_version() RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE;
CREATE FUNCTION postgis_lib_version() RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE;
CREATE FUNCTION postgis_full_version() RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE;
CREATE FUNCTION postgis_typmod_dims(integer) RETURNS integer AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION postgis_typmod_srid(integer) RETURNS integer AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION postgis_typmod_type(integer) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION geometry(geography) RETURNS geometry AS 'MODULE_PATHNAME', 'geometry_from_geography' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION geography(geometry) RETURNS geography AS 'MODULE_PATHNAME', 'geography_from_geometry' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION st_geomfromtext(text) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromtext(text, integer) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromtext_srid' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geometryfromtext(text) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromtext' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geometryfromtext(text, integer) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromtext_srid' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromewkt(text) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromwkb(bytea) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromwkb(bytea, integer) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromwkb_srid' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromewkb(bytea) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromwkb' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromgeojson(text) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromgeojson(json) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromgeojson' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geomfromgeojson(jsonb) RETURNS geometry AS 'MODULE_PATHNAME', 'st_geomfromgeojson_jsonb' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geogfromtext(text) RETURNS geography AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geographyfromtext(text) RETURNS geography AS 'MODULE_PATHNAME', 'st_geogfromtext' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_makepoint(double precision, double precision) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_makepoint(double precision, double precision, double precision) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_makepoint(double precision, double precision, double precision, double precision) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_point(double precision, double precision) RETURNS geometry AS 'MODULE_PATHNAME', 'st_makepoint' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_point(double precision, double precision, srid integer) RETURNS geometry AS 'MODULE_PATHNAME', 'st_point_srid' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_makeenvelope(double precision, double precision, double precision, double precision, integer DEFAULT 0) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_setsrid(geom geometry, srid integer) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_setsrid(geog geography, srid integer) RETURNS geography AS 'MODULE_PATHNAME', 'st_setsrid_geog' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_srid(geom geometry) RETURNS integer AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_srid(geog geography) RETURNS integer AS 'MODULE_PATHNAME', 'st_srid' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_transform(geometry, integer) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION st_astext(geometry) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_astext(geometry, integer) RETURNS text AS 'MODULE_PATHNAME', 'st_astext_prec' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_astext(geography) RETURNS text AS 'MODULE_PATHNAME', 'st_astext' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_astext(geography, integer) RETURNS text AS 'MODULE_PATHNAME', 'st_astext_prec' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_astext(text) RETURNS text AS 'MODULE_PATHNAME', 'st_astext_text' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asewkt(text) RETURNS text AS 'MODULE_PATHNAME', 'st_asewkt_text' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asgeojson(text) RETURNS text AS 'MODULE_PATHNAME', 'st_asgeojson_text' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asewkt(geometry) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asewkt(geometry, integer) RETURNS text AS 'MODULE_PATHNAME', 'st_asewkt_prec' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asewkt(geography) RETURNS text AS 'MODULE_PATHNAME', 'st_asewkt' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asewkt(geography, integer) RETURNS text AS 'MODULE_PATHNAME', 'st_asewkt_prec' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asgeojson(geom geometry, maxdecimaldigits integer DEFAULT 9, options integer DEFAULT 8) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asgeojson(geog geography, maxdecimaldigits integer DEFAULT 9, options integer DEFAULT 0) RETURNS text AS 'MODULE_PATHNAME', 'st_asgeojson' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asgeojson(r record, geom_column text DEFAULT '', maxdecimaldigits integer DEFAULT 9, pretty_bool boolean DEFAULT false) RETURNS text AS 'MODULE_PATHNAME', 'st_asgeojson_row' LANGUAGE c STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asbinary(geometry) RETURNS bytea AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asbinary(geography) RETURNS bytea AS 'MODULE_PATHNAME', 'st_asbinary' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_asewkb(geometry) RETURNS bytea AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_x(geometry) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_y(geometry) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_z(geometry) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_geometrytype(geometry) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION geometrytype(geometry) RETURNS text AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_isempty(geometry) RETURNS boolean AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_npoints(geometry) RETURNS integer AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION st_distance(geom1 geometry, geom2 geometry) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_distance(geog1 geography, geog2 geography, use_spheroid boolean DEFAULT true) RETURNS double precision AS 'MODULE_PATHNAME', 'st_distance_geog' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_dwithin(geom1 geometry, geom2 geometry, double precision) RETURNS boolean AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_dwithin(geog1 geography, geog2 geography, tolerance double precision, use_spheroid boolean DEFAULT true) RETURNS boolean AS 'MODULE_PATHNAME', 'st_dwithin_geog' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_intersects(geom1 geometry, geom2 geometry) RETURNS boolean AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_intersects(geog1 geography, geog2 geography) RETURNS boolean AS 'MODULE_PATHNAME', 'st_intersects_geog' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_contains(geom1 geometry, geom2 geometry) RETURNS boolean AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_within(geom1 geometry, geom2 geometry) RETURNS boolean AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_buffer(geom geometry, radius double precision, quadsegs integer) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_buffer(geom geometry, radius double precision, options text DEFAULT '') RETURNS geometry AS 'MODULE_PATHNAME', 'st_buffer_opts' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_centroid(geometry) RETURNS geometry AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_area(geometry) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION st_length(geometry) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION geometry_distance_centroid(geom1 geometry, geom2 geometry) RETURNS double precision AS 'MODULE_PATHNAME', 'st_distance' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION geography_distance_knn(geog1 geography, geog2 geography) RETURNS double precision AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION geometry_overlaps(geom1 geometry, geom2 geometry) RETURNS boolean AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION geography_overlaps(geography, geography) RETURNS boolean AS 'MODULE_PATHNAME', 'geometry_overlaps' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR <-> (LEFTARG = geometry, RIGHTARG = geometry, PROCEDURE = geometry_distance_centroid, COMMUTATOR = '<->');
CREATE OPERATOR <-> (LEFTARG = geography, RIGHTARG = geography, PROCEDURE = geography_distance_knn, COMMUTATOR = '<->');
CREATE OPERATOR && (LEFTARG = geometry, RIGHTARG = geometry, PROCEDURE = geometry_overlaps, COMMUTATOR = '&&');
CREATE OPERATOR && (LEFTARG = geography, RIGHTARG = geography, PROCEDURE = geography_overlaps, COMMUTATOR = '&&');

CREATE TABLE spatial_ref_sys (
  srid integer NOT NULL PRIMARY KEY CHECK (srid > 0 AND srid <= 998999),
  auth_name varchar(256),
  auth_srid integer,
  srtext varchar(2048),
  proj4text varchar(2048)
);
INSERT INTO spatial_ref_sys VALUES
 (4326, 'EPSG', 4326, 'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433],AUTHORITY["EPSG","4326"]]', '+proj=longlat +datum=WGS84 +no_defs'),
 (3857, 'EPSG', 3857, 'PROJCS["WGS 84 / Pseudo-Mercator",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Mercator_1SP"],PARAMETER["central_meridian",0],PARAMETER["scale_factor",1],PARAMETER["false_easting",0],PARAMETER["false_northing",0],UNIT["metre",1],AUTHORITY["EPSG","3857"]]', '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs');
GRANT SELECT ON spatial_ref_sys TO PUBLIC;

CREATE VIEW geometry_columns AS
  SELECT current_database()::varchar(256) AS f_table_catalog,
         n.nspname AS f_table_schema,
         c.relname AS f_table_name,
         a.attname AS f_geometry_column,
         coalesce(postgis_typmod_dims(a.atttypmod), 2) AS coord_dimension,
         coalesce(postgis_typmod_srid(a.atttypmod), 0) AS srid,
         upper(replace(coalesce(postgis_typmod_type(a.atttypmod), 'Geometry'), 'Z', ''))::varchar(30) AS type
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND NOT a.attisdropped AND a.attnum > 0
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
   WHERE t.typname = 'geometry' AND c.relkind IN ('r', 'v', 'm', 'f', 'p');
CREATE VIEW geography_columns AS
  SELECT current_database() AS f_table_catalog,
         n.nspname AS f_table_schema,
         c.relname AS f_table_name,
         a.attname AS f_geography_column,
         coalesce(postgis_typmod_dims(a.atttypmod), 2) AS coord_dimension,
         coalesce(postgis_typmod_srid(a.atttypmod), 0) AS srid,
         coalesce(postgis_typmod_type(a.atttypmod), 'Geometry') AS type
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND NOT a.attisdropped AND a.attnum > 0
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
   WHERE t.typname = 'geography' AND c.relkind IN ('r', 'v', 'm', 'f', 'p');
GRANT SELECT ON geometry_columns, geography_columns TO PUBLIC;
`
