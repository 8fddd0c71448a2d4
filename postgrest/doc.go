// Package postgrest serves the PostgREST HTTP API (v14, as the Supabase CLI
// ships it) over any SQL executor: the tinybase engine (EngineExecutor) or
// a real PostgreSQL reached through pgx (PgxExecutor).
//
// A request goes URL grammar → typed request (parse_select.go,
// parse_filter.go, request.go) → one PostgreSQL statement with bound
// parameters (build_read.go, write.go, rpc.go), shaped as PostgREST builds
// it (json_agg / row_to_json / coalesce over the rows, embedded resources
// as correlated subqueries, data-modifying CTEs for writes that return
// rows) → a transaction that first applies PostgREST's settings (role,
// request.jwt.claims, request.method, request.path, request.headers,
// request.cookies, search_path, the role's own ALTER ROLE … SET settings;
// server.go, role_settings.go) and the db-pre-request function → the
// JSON, CSV or single
// object body with Content-Range. Prefer: count=planned|estimated reads
// the top node's row estimate from EXPLAIN (FORMAT JSON) of the count
// query (count.go), and the plan media type
// (application/vnd.pgrst.plan+text|json) answers the EXPLAIN of the
// request's statement when db-plan-enabled allows it (plan.go). Values are never spliced into SQL:
// identifiers are quoted, values travel as parameters.
//
// The schema cache (schema.go, relationships.go) is read from pg_catalog
// through the same executor, so relationships come from foreign keys as
// PostgREST detects them; views take the keys of the table columns they
// show (view_keys.go, from pg_get_viewdef parsed with PostgreSQL's
// parser), and functions over a table's row type are computed fields and
// computed relationships (computed.go). /rpc exposes and resolves
// overloaded functions by PostgREST's rules (rpc_match.go: parameter
// names, a single unnamed parameter taking the whole body, PGRST202 /
// PGRST203 with the fuzzy hint of fuzzy.go). It reloads when the engine's DDL
// version moves, on NOTIFY pgrst, 'reload schema' (the engine's
// Subscribe for EngineExecutor, a LISTEN connection for
// PgxExecutor.Listen; notify.go), or when a relation is missing.
// The SQL text depends on the request's shape, not its values, so an
// engine that caches statements by text reuses it; an executor may tell
// the compiler how its indexes order NULLs (IndexOrder) so ORDER BY on a
// NOT NULL key is spelt in index order.
// In-database configuration (db_config.go): the authenticator's pgrst.*
// role settings override Config before the first request and on NOTIFY
// pgrst, 'reload config'.
// JWTs (jwt.go) follow the Supabase gateway's key rules, and a verified
// token is remembered until it expires (jwt_cache.go); errors use
// PostgREST's {code,message,details,hint} body and its SQLSTATE → HTTP
// status mapping (errors.go).
//
// Tests replay golden HTTP exchanges (testdata/exchanges) recorded from
// PostgreSQL 15 against the engine; postgrest/e2e runs supabase-js.
//
// See https://docs.postgrest.org/en/v14/references/api.html.
package postgrest
