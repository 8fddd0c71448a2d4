package extensions

import _ "embed"

//go:embed pg_net.sql
var pgNetScript string

// pgNet is pg_net (supabase/pg_net): asynchronous HTTP from SQL. The
// script queues requests; the worker `tinybase start` runs performs them.
func pgNet() *Extension {
	return &Extension{
		Name:    "pg_net",
		Version: "0.14.0",
		Comment: "Async HTTP",
		// Not fixed: its objects live in schema net, which the script
		// creates, while the extension itself goes where CREATE EXTENSION
		// says (Supabase's documented "create extension pg_net with schema
		// extensions").
		Script: pgNetScript,
	}
}
