package extensions

import (
	"fmt"
	"strings"
)

// dblinkFuncs are dblink 1.2's functions as PostgreSQL 15 declares them:
// name, arguments, result, link symbol. dblink_build_sql_insert / update
// / delete are missing: they take int2vector, a type tinybase lacks.
var dblinkFuncs = []struct{ name, args, result, symbol string }{
	{"dblink_connect", "text", "text", "dblink_connect"},
	{"dblink_connect", "text, text", "text", "dblink_connect"},
	{"dblink_connect_u", "text", "text", "dblink_connect"},
	{"dblink_connect_u", "text, text", "text", "dblink_connect"},
	{"dblink_disconnect", "", "text", "dblink_disconnect"},
	{"dblink_disconnect", "text", "text", "dblink_disconnect"},
	{"dblink_open", "text, text", "text", "dblink_open"},
	{"dblink_open", "text, text, boolean", "text", "dblink_open"},
	{"dblink_open", "text, text, text", "text", "dblink_open"},
	{"dblink_open", "text, text, text, boolean", "text", "dblink_open"},
	{"dblink_fetch", "text, integer", "SETOF record", "dblink_fetch"},
	{"dblink_fetch", "text, integer, boolean", "SETOF record", "dblink_fetch"},
	{"dblink_fetch", "text, text, integer", "SETOF record", "dblink_fetch"},
	{"dblink_fetch", "text, text, integer, boolean", "SETOF record", "dblink_fetch"},
	{"dblink_close", "text", "text", "dblink_close"},
	{"dblink_close", "text, boolean", "text", "dblink_close"},
	{"dblink_close", "text, text", "text", "dblink_close"},
	{"dblink_close", "text, text, boolean", "text", "dblink_close"},
	{"dblink", "text, text", "SETOF record", "dblink_record"},
	{"dblink", "text, text, boolean", "SETOF record", "dblink_record"},
	{"dblink", "text", "SETOF record", "dblink_record"},
	{"dblink", "text, boolean", "SETOF record", "dblink_record"},
	{"dblink_exec", "text, text", "text", "dblink_exec"},
	{"dblink_exec", "text, text, boolean", "text", "dblink_exec"},
	{"dblink_exec", "text", "text", "dblink_exec"},
	{"dblink_exec", "text, boolean", "text", "dblink_exec"},
	{"dblink_get_pkey", "text", "SETOF @extschema@.dblink_pkey_results", "dblink_get_pkey"},
	{"dblink_send_query", "text, text", "integer", "dblink_send_query"},
	{"dblink_is_busy", "text", "integer", "dblink_is_busy"},
	{"dblink_get_result", "text", "SETOF record", "dblink_get_result"},
	{"dblink_get_result", "text, boolean", "SETOF record", "dblink_get_result"},
	{"dblink_cancel_query", "text", "text", "dblink_cancel_query"},
	{"dblink_error_message", "text", "text", "dblink_error_message"},
	{"dblink_get_notify", "OUT notify_name text, OUT be_pid integer, OUT extra text", "SETOF record", "dblink_get_notify"},
	{"dblink_get_notify", "conname text, OUT notify_name text, OUT be_pid integer, OUT extra text", "SETOF record", "dblink_get_notify"},
}

// dblinkExtension stands in for dblink 1.2 (docs F.12): its functions,
// the dblink_pkey_results type and the dblink_fdw wrapper. tinybase
// opens no connection: every function that would reach a database
// fails with 0A000; dblink_get_connections() is NULL (none open).
func dblinkExtension() *Extension {
	funcs := map[string]Func{
		"dblink_fdw_validator":   acceptOptions,
		"dblink_get_connections": Scalar(func([]any) (any, error) { return nil, nil }),
		"dblink_current_query":   unreachable,
	}
	var b strings.Builder
	b.WriteString(`CREATE TYPE @extschema@.dblink_pkey_results AS (position integer, colname text);
CREATE FUNCTION @extschema@.dblink_get_connections() RETURNS text[]
  AS 'MODULE_PATHNAME', 'dblink_get_connections' LANGUAGE c;
CREATE FUNCTION @extschema@.dblink_current_query() RETURNS text
  AS 'MODULE_PATHNAME', 'dblink_current_query' LANGUAGE c;
CREATE FUNCTION @extschema@.dblink_fdw_validator(options text[], catalog oid) RETURNS void
  AS 'MODULE_PATHNAME', 'dblink_fdw_validator' LANGUAGE c STRICT;
CREATE FOREIGN DATA WRAPPER dblink_fdw VALIDATOR @extschema@.dblink_fdw_validator;
`)
	for _, f := range dblinkFuncs {
		funcs[f.symbol] = unreachable
		fmt.Fprintf(&b, "CREATE FUNCTION @extschema@.%s(%s) RETURNS %s\n  AS 'MODULE_PATHNAME', '%s' LANGUAGE c STRICT;\n", f.name, f.args, f.result, f.symbol)
	}
	return &Extension{Name: "dblink", Version: "1.2", Comment: "connect to other PostgreSQL databases from within a database", Relocatable: true, Funcs: funcs, Script: b.String()}
}
