package extensions

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Foreign-data wrapper extensions: Supabase Wrappers (supabase/wrappers),
// postgres_fdw (docs F.38). Their objects are created as on Supabase, so
// the migrations that declare wrappers, servers, user mappings and
// foreign tables apply; tinybase reaches no external service, so a
// handler is never called for rows: reading or writing a foreign table
// fails with 0A000 (package translate, foreign.go), and calling a
// handler directly does too.

// wrapperFdws are the wrappers Supabase's build of Wrappers declares,
// by the snake-case name of their Rust type (the wrappers_fdw macro
// names the functions <name>_handler, <name>_validator, <name>_meta).
var wrapperFdws = []string{
	"airtable_fdw", "auth0_fdw", "big_query_fdw", "click_house_fdw", "cognito_fdw",
	"duckdb_fdw", "firebase_fdw", "iceberg_fdw", "logflare_fdw", "mssql_fdw",
	"redis_fdw", "s3_fdw", "stripe_fdw", "wasm_fdw",
}

// unreachable is the body of a function that would reach an external
// service or another database: tinybase reaches none.
var unreachable Func = func(_ context.Context, _ routine.Caller, fn *catalog.Function, _ []any, _ *routine.TriggerData) (routine.Result, error) {
	return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported, "function %s cannot run: tinybase does not reach external services", fn.Name).
		WithHint("Foreign data wrappers and dblink apply as on Supabase; the remote data is only available there.")
}

// acceptOptions is a validator: tinybase keeps the options without
// checking them against the remote service's requirements.
var acceptOptions = Scalar(func([]any) (any, error) { return nil, nil })

// wrappersExtension stands in for Supabase Wrappers 0.5.0.
func wrappersExtension() *Extension {
	funcs := map[string]Func{}
	var b strings.Builder
	b.WriteString(`-- Supabase Wrappers stand-in: the statistics table and, per wrapper,
-- its handler and validator functions.
CREATE TABLE @extschema@.wrappers_fdw_stats (
  fdw_name text NOT NULL PRIMARY KEY,
  create_times bigint,
  rows_in bigint,
  rows_out bigint,
  bytes_in bigint,
  bytes_out bigint,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT timezone('utc'::text, now()),
  updated_at timestamptz NOT NULL DEFAULT timezone('utc'::text, now())
);
COMMENT ON TABLE @extschema@.wrappers_fdw_stats IS 'Wrappers Foreign Data Wrapper statistics';
`)
	for _, w := range wrapperFdws {
		funcs[w+"_handler"] = unreachable
		funcs[w+"_validator"] = acceptOptions
		fmt.Fprintf(&b, `CREATE FUNCTION @extschema@.%[1]s_handler() RETURNS fdw_handler
  AS 'MODULE_PATHNAME', '%[1]s_handler' LANGUAGE c STRICT;
CREATE FUNCTION @extschema@.%[1]s_validator(options text[], catalog oid) RETURNS void
  AS 'MODULE_PATHNAME', '%[1]s_validator' LANGUAGE c;
`, w)
	}
	return &Extension{Name: "wrappers", Version: "0.5.0", Comment: "Foreign data wrappers developed by Supabase", Funcs: funcs, Script: b.String()}
}

// postgresFdw stands in for postgres_fdw 1.1: its wrapper, handler,
// validator and connection functions (PostgreSQL 15's).
func postgresFdw() *Extension {
	return &Extension{
		Name:    "postgres_fdw",
		Version: "1.1",
		Comment: "foreign-data wrapper for remote PostgreSQL servers",
		Funcs: map[string]Func{
			"postgres_fdw_handler":   unreachable,
			"postgres_fdw_validator": acceptOptions,
			// no connection is ever opened
			"postgres_fdw_get_connections": Rows(func(context.Context, routine.Caller, *catalog.Function, []any) ([][]any, error) {
				return nil, nil
			}),
			"postgres_fdw_disconnect":     Scalar(func([]any) (any, error) { return false, nil }),
			"postgres_fdw_disconnect_all": Scalar(func([]any) (any, error) { return false, nil }),
		},
		Script: `
CREATE FUNCTION @extschema@.postgres_fdw_handler() RETURNS fdw_handler
  AS 'MODULE_PATHNAME', 'postgres_fdw_handler' LANGUAGE c STRICT;
CREATE FUNCTION @extschema@.postgres_fdw_validator(text[], oid) RETURNS void
  AS 'MODULE_PATHNAME', 'postgres_fdw_validator' LANGUAGE c STRICT;
CREATE FOREIGN DATA WRAPPER postgres_fdw
  HANDLER @extschema@.postgres_fdw_handler
  VALIDATOR @extschema@.postgres_fdw_validator;
CREATE FUNCTION @extschema@.postgres_fdw_get_connections(OUT server_name text, OUT valid boolean) RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'postgres_fdw_get_connections' LANGUAGE c STRICT PARALLEL RESTRICTED;
CREATE FUNCTION @extschema@.postgres_fdw_disconnect(text) RETURNS bool
  AS 'MODULE_PATHNAME', 'postgres_fdw_disconnect' LANGUAGE c STRICT PARALLEL RESTRICTED;
CREATE FUNCTION @extschema@.postgres_fdw_disconnect_all() RETURNS bool
  AS 'MODULE_PATHNAME', 'postgres_fdw_disconnect_all' LANGUAGE c STRICT PARALLEL RESTRICTED;
`,
	}
}
