// Package mcp is tinybase's agent interface: the database tools of
// Supabase's MCP server (supabase-community/supabase-mcp, the
// `@supabase/mcp-server-supabase` package) over a local project, as plain
// Go functions (Tools) and as a Model Context Protocol server built with the
// official Go SDK (NewServer, over stdio for `tinybase mcp`, and Handler,
// streamable HTTP at /mcp while `tinybase start` runs).
//
// Tool names, parameters and result shapes follow Supabase's: list_tables,
// list_extensions, list_migrations, apply_migration, execute_sql (rows
// wrapped in untrusted-data boundary tags), get_advisors,
// generate_typescript_types, get_project_url, get_publishable_keys. The
// difference an agent feels is apply_migration: the SQL is validated on
// top of every prior migration before its file is written, and a failure
// comes back as PostgreSQL's error (SQLSTATE, message, detail, hint, line,
// column) with nothing written. Local extras in the same style:
// validate_migration, describe_table, test_rls.
//
// The package owns no SQL semantics of its own: validation is the
// migrations package's Validator, advisors are package lint, types are
// package typegen, and every query runs on an engine session. It depends on
// those packages and the engine only; the root package fills Config from a
// Project (so there is no import cycle) and mounts the HTTP handler.
//
// Read-only mode (Config.ReadOnly) runs execute_sql and test_rls on a
// snapshot of the database inside a READ ONLY transaction and refuses, with
// SQLSTATE 25006, a statement that writes, leaves the read-only
// transaction (COMMIT, SET TRANSACTION READ WRITE, set_config of
// transaction_read_only) or copies to a file or program; the snapshot makes
// the guarantee independent of which writes the engine recognises.
package mcp
