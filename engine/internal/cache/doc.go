// Package cache owns the engine's caches: one bounded least-recently-used
// map (LRU, and Shared for the caches sessions share), and one rule for
// when an entry is stale. It imports nothing of the engine; session and
// the other packages keep their entry types and ask this package only to
// store, find and evict them.
//
// # What is cached
//
// Per session (each bounded per session; a session is one client):
//
//   - the statement cache (session/stmtcache.go): a statement text's parse
//     and translation and, next to it, its analyzed GMS plan
//     (session/plan_cache.go), keyed by text, role and search_path;
//   - literal templates (session/plan_param.go): a text whose integer
//     constants are made parameters leads, without a parse, to its
//     parametric statement-cache entry;
//   - cast-argument types (session/plan_param.go): the types a text's
//     untyped arguments take;
//   - compiled PL/pgSQL expressions and statements (routines/plpgsql_host.go),
//     each recording the role it was secured for.
//
// Per engine (shared by its sessions, bounded per engine):
//
//   - the parse cache (session/plancache.go): pg_query parses of texts
//     sent with parameters;
//   - prepared trigger WHEN conditions (session/trigger_fire.go).
//
// The pg_catalog rows a statement computes (pgcatalog/memo.go) are not a
// cache of this package: they live for one statement, and the
// schema-derived ones are carried to the next statement only while the
// key below is unchanged (session/pgcatalog_hook.go), so a session holds at
// most one statement's worth.
//
// # The invalidation rule
//
// An entry is built under a key and a version, and is stale as soon as
// either no longer matches what the running statement would build it
// under:
//
//   - The key holds what a translation or a plan depends on besides the
//     catalog: the statement text, the current role (row security and
//     privileges are translated in) and search_path (names resolve
//     through it).
//   - The version is the engine's DDL version, which moves whenever a
//     transaction that ran DDL ends; every statement that is not a query,
//     DML, SET/SHOW or transaction control counts as DDL, so GRANT/REVOKE,
//     CREATE/ALTER/DROP POLICY, ALTER ROLE and ALTER TABLE ... ENABLE ROW
//     LEVEL SECURITY move it as CREATE TABLE does. A session that runs DDL
//     also clears its own caches at once (its cache generation moves),
//     since its uncommitted catalog is not the one the entries were built
//     on, and until its transaction ends keys them by a version of that
//     catalog instead: drawn from a counter no DDL version or other
//     transaction shares, and moved by each catalog change in the
//     transaction and each ROLLBACK TO SAVEPOINT undoing one
//     (session.cacheVersion).
//
// A store or lookup under a new version drops every entry of the versioned
// cache; entries kept elsewhere (templates, PL/pgSQL plans) record the
// DDL version and generation they were built under and are ignored when
// either moved. A PL/pgSQL plan also records the current role it was
// secured for, and is rebuilt when a body's statement runs under another
// (SET ROLE, SECURITY DEFINER, another caller); only a simple expression
// without calls or subqueries is valid for every role.
//
// # Bounds
//
// Every cache is bounded twice: by entries and by an approximate byte
// size the caller gives each entry (the text's length and a per-kind
// estimate of the parse, translation and plan behind it). The least
// recently used entries are evicted past either limit; an entry larger
// than the byte limit alone is not kept. A client sending endless
// distinct texts (literals in the simple protocol, generated SQL) thus
// costs a session at most its caches' limits, and the engine at most its
// own caches' limits plus that per open session. Measured by
// BenchmarkSoakDistinctStatements (engine/bench_soak_test.go: 1,000,000
// distinct reads, inserts, updates, deletes and generated selects over
// 16 sessions): a peak live heap of 79 MiB, which it holds under 512 MiB.
//
// # Why statements and plans are cached
//
// Each session keeps repeated SELECT / DELETE statements parsed and
// translated, until any DDL commits, together with their analyzed GMS plan
// when it can run again (session/plan_cache.go: node kinds over storage
// tables that keep no state between executions, or whose state — an
// uncorrelated subquery's cached rows, a hash join's table, Max1Row's row
// — is renewed in a per-execution copy; nothing GMS would fold at
// analysis, at any depth of derived tables and subqueries — except the
// session, claims and clock functions, auth.uid()'s current_setting() or
// now(), which are kept out of the folding, evaluated once per execution,
// and, as owner = auth.uid() over an index, a lookup keyed at run time:
// session/plan_volatile.go). Statements sent again with new values —
// typed $n arguments (a string or NULL argument counts as typed when the
// statement only uses it as $n::type, or when its uses give it one type
// as PostgreSQL's parse analysis would — id = $1, a VALUES item or SET
// value of its own, lower($1) — session/plan_infer.go; this is how
// PostgREST's untyped filter values are typed), or integer constants in a
// WHERE equality, VALUES row or SET value, which become int4 parameters
// (pgbench's simple protocol) — are translated once with run-time
// parameter expressions and planned once, column = $n (or column =
// $n::type of the column's type) becoming an index lookup keyed at run
// time, and parameters elsewhere in conditions hidden from GMS's filter
// folding (session/plan_param.go); a text differing only in such
// constants reaches its entry through a template, without a parse.
//
// PostgreSQL itself caches plans only for prepared statements and
// PL/pgSQL (its documentation, "PREPARE", and "Plan Caching" in the
// PL/pgSQL chapter), invalidating them on any catalog change that could
// affect them and on a search_path change; this package gives the same
// guarantee for unprepared statements, coarser (any DDL) but simpler.
package cache
