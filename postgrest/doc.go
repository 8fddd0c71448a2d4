// Package postgrest serves the PostgREST HTTP API (v14, as the Supabase CLI
// ships it) over any SQL executor: the tinybase engine or a real PostgreSQL
// reached through pgx.
//
// A request goes URL grammar → typed request (parse_*.go) → one PostgreSQL
// statement with bound parameters (build_*.go), shaped as PostgREST builds
// it (a pgrst_source CTE, json_agg / row_to_json / coalesce, embedded
// resources as correlated subqueries) → a transaction that first runs
// PostgREST's set_config batch (role, request.jwt.claims, request.method,
// request.path, request.headers, search_path) → the JSON, CSV or single
// object body with Content-Range. Values are never spliced into SQL:
// identifiers are quoted, values travel as parameters.
//
// The schema cache (schema.go) is read from pg_catalog through the same
// executor, so relationships come from foreign keys exactly as PostgREST
// detects them, and it reloads when the engine's DDL version moves or a
// relation is missing. Errors use PostgREST's {code,message,details,hint}
// body and its SQLSTATE → HTTP status mapping (errors.go).
//
// See https://docs.postgrest.org/en/v14/references/api.html.
package postgrest
