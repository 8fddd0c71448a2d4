package extensions

import "sort"

// Offered is one row of pg_available_extensions on Supabase.
type Offered struct {
	Name, Version, Comment string
	// StandIn is the extension tinybase installs for it; nil when
	// tinybase cannot stand in for it (CREATE EXTENSION fails with
	// 0A000, since the migration still applies on Supabase).
	StandIn *Extension
}

// supabaseOffers lists the extensions a Supabase project (PostgreSQL 15)
// offers, with their default versions; an extension in All() replaces
// its row's version and comment.
var supabaseOffers = []Offered{
	{Name: "address_standardizer", Version: "3.3.7", Comment: "Used to parse an address into constituent elements. Generally used to support geocoding address normalization step."},
	{Name: "address_standardizer_data_us", Version: "3.3.7", Comment: "Address Standardizer US dataset example"},
	{Name: "amcheck", Version: "1.3", Comment: "functions for verifying relation integrity"},
	{Name: "autoinc", Version: "1.0", Comment: "functions for autoincrementing fields"},
	{Name: "bloom", Version: "1.0", Comment: "bloom access method - signature file based index"},
	{Name: "btree_gin", Version: "1.3", Comment: "support for indexing common datatypes in GIN"},
	{Name: "btree_gist", Version: "1.7", Comment: "support for indexing common datatypes in GiST"},
	{Name: "citext", Version: "1.6", Comment: "data type for case-insensitive character strings"},
	{Name: "cube", Version: "1.5", Comment: "data type for multidimensional cubes"},
	{Name: "dblink", Version: "1.2", Comment: "connect to other PostgreSQL databases from within a database"},
	{Name: "dict_int", Version: "1.0", Comment: "text search dictionary template for integers"},
	{Name: "dict_xsyn", Version: "1.0", Comment: "text search dictionary template for extended synonym processing"},
	{Name: "earthdistance", Version: "1.1", Comment: "calculate great-circle distances on the surface of the Earth"},
	{Name: "file_fdw", Version: "1.0", Comment: "foreign-data wrapper for flat file access"},
	{Name: "fuzzystrmatch", Version: "1.1", Comment: "determine similarities and distance between strings"},
	{Name: "hstore", Version: "1.8", Comment: "data type for storing sets of (key, value) pairs"},
	{Name: "http", Version: "1.6", Comment: "HTTP client for PostgreSQL, allows web page retrieval inside the database."},
	{Name: "hypopg", Version: "1.4.1", Comment: "Hypothetical indexes for PostgreSQL"},
	{Name: "index_advisor", Version: "0.2.0", Comment: "Query index advisor"},
	{Name: "insert_username", Version: "1.0", Comment: "functions for tracking who changed a table"},
	{Name: "intagg", Version: "1.1", Comment: "integer aggregator and enumerator (obsolete)"},
	{Name: "intarray", Version: "1.5", Comment: "functions, operators, and index support for 1-D arrays of integers"},
	{Name: "isn", Version: "1.2", Comment: "data types for international product numbering standards"},
	{Name: "lo", Version: "1.1", Comment: "Large Object maintenance"},
	{Name: "ltree", Version: "1.2", Comment: "data type for hierarchical tree-like structures"},
	{Name: "moddatetime", Version: "1.0", Comment: "functions for tracking last modification time"},
	{Name: "old_snapshot", Version: "1.0", Comment: "utilities in support of old_snapshot_threshold"},
	{Name: "pageinspect", Version: "1.11", Comment: "inspect the contents of database pages at a low level"},
	{Name: "pg_buffercache", Version: "1.3", Comment: "examine the shared buffer cache"},
	{Name: "pg_cron", Version: "1.6", Comment: "Job scheduler for PostgreSQL"},
	{Name: "pg_freespacemap", Version: "1.2", Comment: "examine the free space map (FSM)"},
	{Name: "pg_graphql", Version: "1.5.11", Comment: "pg_graphql: GraphQL support"},
	{Name: "pg_hashids", Version: "1.3", Comment: "pg_hashids"},
	{Name: "pg_jsonschema", Version: "0.3.3", Comment: "pg_jsonschema"},
	{Name: "pg_net", Version: "0.14.0", Comment: "Async HTTP"},
	{Name: "pg_prewarm", Version: "1.2", Comment: "prewarm relation data"},
	{Name: "pg_repack", Version: "1.5.2", Comment: "Reorganize tables in PostgreSQL databases with minimal locks"},
	{Name: "pg_stat_monitor", Version: "2.1", Comment: "The pg_stat_monitor is a PostgreSQL Query Performance Monitoring tool, based on PostgreSQL contrib module pg_stat_statements. pg_stat_monitor provides aggregated statistics, client information, plan details including plan, and histogram information."},
	{Name: "pg_stat_statements", Version: "1.10", Comment: "track planning and execution statistics of all SQL statements executed"},
	{Name: "pg_surgery", Version: "1.0", Comment: "extension to perform surgery on a damaged relation"},
	{Name: "pg_tle", Version: "1.4.0", Comment: "Trusted Language Extensions for PostgreSQL"},
	{Name: "pg_trgm", Version: "1.6", Comment: "text similarity measurement and index searching based on trigrams"},
	{Name: "pg_visibility", Version: "1.2", Comment: "examine the visibility map (VM) and page-level visibility info"},
	{Name: "pg_walinspect", Version: "1.0", Comment: "functions to inspect contents of PostgreSQL Write-Ahead Log"},
	{Name: "pgaudit", Version: "1.7", Comment: "provides auditing functionality"},
	{Name: "pgcrypto", Version: "1.3", Comment: "cryptographic functions"},
	{Name: "pgjwt", Version: "0.2.0", Comment: "JSON Web Token API for Postgresql"},
	{Name: "pgmq", Version: "1.5.1", Comment: "A lightweight message queue. Like AWS SQS and RSMQ but on Postgres."},
	{Name: "pgroonga", Version: "3.2.5", Comment: "Super fast and all languages supported full text search index based on Groonga"},
	{Name: "pgroonga_database", Version: "2.0.0", Comment: "PGroonga database management module"},
	{Name: "pgrouting", Version: "3.4.1", Comment: "pgRouting Extension"},
	{Name: "pgrowlocks", Version: "1.2", Comment: "show row-level locking information"},
	{Name: "pgsodium", Version: "3.1.8", Comment: "Postgres extension for libsodium functions"},
	{Name: "pgstattuple", Version: "1.5", Comment: "show tuple-level statistics"},
	{Name: "pgtap", Version: "1.3.3", Comment: "Unit testing for PostgreSQL"},
	{Name: "plcoffee", Version: "3.1.10", Comment: "PL/CoffeeScript (v8) trusted procedural language"},
	{Name: "plls", Version: "3.1.10", Comment: "PL/LiveScript (v8) trusted procedural language"},
	{Name: "plpgsql", Version: "1.0", Comment: "PL/pgSQL procedural language"},
	{Name: "plpgsql_check", Version: "2.7", Comment: "extended check for plpgsql functions"},
	{Name: "plv8", Version: "3.1.10", Comment: "PL/JavaScript (v8) trusted procedural language"},
	{Name: "postgis", Version: "3.3.7", Comment: "PostGIS geometry and geography spatial types and functions"},
	{Name: "postgis_raster", Version: "3.3.7", Comment: "PostGIS raster types and functions"},
	{Name: "postgis_sfcgal", Version: "3.3.7", Comment: "PostGIS SFCGAL functions"},
	{Name: "postgis_tiger_geocoder", Version: "3.3.7", Comment: "PostGIS tiger geocoder and reverse geocoder"},
	{Name: "postgis_topology", Version: "3.3.7", Comment: "PostGIS topology spatial types and functions"},
	{Name: "postgres_fdw", Version: "1.1", Comment: "foreign-data wrapper for remote PostgreSQL servers"},
	{Name: "refint", Version: "1.0", Comment: "functions for implementing referential integrity (obsolete)"},
	{Name: "rum", Version: "1.3", Comment: "RUM index access method"},
	{Name: "seg", Version: "1.4", Comment: "data type for representing line segments or floating-point intervals"},
	{Name: "sslinfo", Version: "1.2", Comment: "information about SSL certificates"},
	{Name: "supabase_vault", Version: "0.3.1", Comment: "Supabase Vault Extension"},
	{Name: "tablefunc", Version: "1.0", Comment: "functions that manipulate whole tables, including crosstab"},
	{Name: "tcn", Version: "1.0", Comment: "Triggered change notifications"},
	{Name: "timescaledb", Version: "2.16.1", Comment: "Enables scalable inserts and complex queries for time-series data (Apache 2 Edition)"},
	{Name: "tsm_system_rows", Version: "1.0", Comment: "TABLESAMPLE method which accepts number of rows as a limit"},
	{Name: "tsm_system_time", Version: "1.0", Comment: "TABLESAMPLE method which accepts time in milliseconds as a limit"},
	{Name: "unaccent", Version: "1.1", Comment: "text search dictionary that removes accents"},
	{Name: "uuid-ossp", Version: "1.1", Comment: "generate universally unique identifiers (UUIDs)"},
	{Name: "vector", Version: "0.8.0", Comment: "vector data type and ivfflat and hnsw access methods"},
	{Name: "wrappers", Version: "0.5.0", Comment: "Foreign data wrappers developed by Supabase"},
	{Name: "xml2", Version: "1.1", Comment: "XPath querying and XSLT"},
}

// Available lists every extension CREATE EXTENSION knows, by name:
// Supabase's offer, with tinybase's stand-ins (All) filling StandIn and
// giving version and comment, plus any stand-in Supabase's list lacks.
func Available() []Offered {
	byName := map[string]*Extension{}
	for _, e := range All() {
		byName[e.Name] = e
	}
	out := make([]Offered, 0, len(supabaseOffers)+len(byName))
	seen := map[string]bool{}
	for _, o := range supabaseOffers {
		if e, ok := byName[o.Name]; ok {
			o.StandIn = e
			o.Version = e.Version
			if e.Comment != "" {
				o.Comment = e.Comment
			}
		}
		seen[o.Name] = true
		out = append(out, o)
	}
	for _, e := range All() {
		if !seen[e.Name] {
			out = append(out, Offered{Name: e.Name, Version: e.Version, Comment: e.Comment, StandIn: e})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Offer finds an extension by name in Available.
func Offer(name string) (Offered, bool) {
	for _, o := range Available() {
		if o.Name == name {
			return o, true
		}
	}
	return Offered{}, false
}
