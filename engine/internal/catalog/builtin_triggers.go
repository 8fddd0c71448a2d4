package catalog

import "github.com/tinybase/tinybase/engine/internal/types"

// builtinTriggers are PostgreSQL's built-in trigger functions (docs 9.28,
// "Trigger Functions"), in pg_catalog with their pg_proc OIDs and prosrc
// symbols; LANGUAGE internal, run by the routines package's handler.
var builtinTriggers = []*Function{
	{OID: 1291, Schema: "pg_catalog", Name: "suppress_redundant_updates_trigger", Body: "suppress_redundant_updates_trigger", Strict: true},
	{OID: 3752, Schema: "pg_catalog", Name: "tsvector_update_trigger", Body: "tsvector_update_trigger_byid"},
	{OID: 3753, Schema: "pg_catalog", Name: "tsvector_update_trigger_column", Body: "tsvector_update_trigger_bycolumn"},
}

func init() {
	for _, f := range builtinTriggers {
		f.Kind, f.Result, f.Language, f.Volatility, f.Owner, f.Cost, f.Parallel = KindFunction, types.Trigger, "internal", Volatile, "postgres", 1, 's'
	}
}

// BuiltinTrigger returns the built-in trigger function called name.
func BuiltinTrigger(name string) (*Function, bool) {
	for _, f := range builtinTriggers {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}
