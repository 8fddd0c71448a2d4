// Package logs keeps what a running tinybase did: one Entry per SQL
// statement on the Postgres port and per HTTP request on the API port, in a
// bounded Ring per service (postgres, rest, auth, storage, realtime), so
// `tinybase start --log`, `tinybase logs`, an MCP get_logs tool and a
// dashboard can read the same records. Nothing is written to disk: a ring
// forgets its oldest entries once full, as the Supabase CLI's local log
// containers are a window, not an archive.
//
// Statements slower than Set.SlowThreshold are marked Slow, after
// PostgreSQL's log_min_duration_statement.
package logs
