// Package tinybase is the embedding API: open a Supabase project directory
// in-process (an engine with supabase/migrations applied and seed.sql run),
// get a session as a role with JWT claims, validate a candidate migration,
// and serve the HTTP API and the Postgres port — what `tinybase start` and
// `tinybase migration new` do, for Go programs and Go tests.
//
// It owns supabase/config.toml's [api] and [db] sections, the TINYBASE_*
// environment variables, the anon/service_role key minting of the Supabase
// CLI (README.md, Configuration), and the composition of the HTTP server
// (echo, open CORS) that mounts /rest/v1, /auth/v1, /storage/v1, /realtime/v1
// and the MCP server at /mcp (server_mcp.go, which also gives a project's
// MCP tools to Go code).
//
// It also owns the running instance's lifecycle: the record `tinybase
// start` leaves for status, stop, logs and db reset (Instance), the
// loopback-only control endpoints under /_tinybase/v1 on the API port
// (server_control.go), the statement and request logs (Server.Logs, package
// logs), resetting a running or stopped database (Server.Reset,
// ResetDatabase), and config.toml's template and checks (ConfigTemplate,
// unknown keys, sections of services it does not run).
package tinybase
