package session

import (
	"sync"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// Builtins returns the built-in function registry: every family of
// built-in functions, expr's and this package's, added in the one order
// below. The order is behaviour — NewFuncCall takes the first overload of
// a name that matches in each pass — and testdata/builtin_funcs.golden
// records the result (TestBuiltinFuncsGolden). The registry is built once
// and never changed; newEngine installs it for expr's readers
// (expr.UseBuiltins).
func Builtins() *expr.Registry { return builtinRegistry() }

var builtinRegistry = sync.OnceValue(func() *expr.Registry {
	r := expr.NewRegistry()
	for _, add := range builtinFamilies {
		add(r)
	}
	return r
})

// builtinFamilies lists the families in registry order. Where an earlier
// family's overload must win for unknown-typed arguments (length, lower
// and upper of an unknown literal resolve to the text functions), that
// family comes first.
var builtinFamilies = []func(*expr.Registry){
	// engine/internal/expr: functions over values alone
	expr.AddArrayFuncs,
	expr.AddArraySetFuncs,
	expr.AddDatetimeFuncs,
	expr.AddJSONFuncs,
	expr.AddJSONObjectFuncs,
	expr.AddJSONOperatorFuncs,
	expr.AddMathFuncs,
	expr.AddTrigFuncs, // funcs_trig.go
	expr.AddNumericToCharFuncs,
	expr.AddMiscFuncs,
	expr.AddNotifyFuncs,
	expr.AddSleepFuncs,
	expr.AddOverlapsFuncs,
	expr.AddPatternFuncs,
	expr.AddInetFuncs,
	expr.AddMacaddrFuncs,
	expr.AddSessionInfoFuncs,
	expr.AddTransactionIDFuncs,
	expr.AddTextFuncs,
	expr.AddByteaFuncs,
	expr.AddJSONPopulateFuncs,
	expr.AddJSONPathFuncs,
	expr.AddRecordFuncs,
	expr.AddSeriesSRFs,
	expr.AddOptionsSRF,
	expr.AddACLFuncs,
	expr.AddEventTriggerSRFs, // srf_event_trigger.go
	expr.AddRecordSRFs,
	expr.AddPartitionSRFs,
	expr.AddBitPointFuncs, // after AddTextFuncs: length(unknown) is text's
	expr.AddRangeFuncs,    // after AddTextFuncs: lower/upper(unknown) are text's
	expr.AddMultirangeFuncs,
	expr.AddTimeTZFuncs,
	expr.AddTextSearchFuncs, // after AddTextFuncs: length(unknown) is text's

	// this package: functions that read the session (funcSession)
	addPrivilegeFuncs,
	addPrivilegeOIDFuncs,           // after addPrivilegeFuncs
	addTypeParameterPrivilegeFuncs, // acl_funcs_oid.go
	addSequenceCommentFuncs,
	addAdvisoryLockFuncs, // advisory_locks.go
	addLockViewFuncs,     // lock_waits.go
	addSignalFuncs,       // signal.go
	addStatsFuncs,        // database_stats.go
	addDescribeFuncs,
	addFunctionVisibleFuncs,
	addOperatorVisibleFuncs,
	addCatalogInfoFuncs,
	addFunctionSQLBodyFuncs,
	addFunctionArgsFuncs,
	addFunctionDefFuncs, // pgcatalog_functiondef.go
	addClientCatalogFuncs,
	addIndexDefFuncs,
	addSizeFuncs,        // pgcatalog_size_funcs.go
	addPgDumpFuncs,      // pgdump_funcs.go
	addDDLFuncs,         // ddl_funcs.go
	addLargeObjectFuncs, // largeobject.go
	addTypeIOFuncs,      // type_io_funcs.go
	addCastFuncs,        // cast_funcs.go, last: it keeps what the others register
}
