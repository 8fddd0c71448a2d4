package translate

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// checkPolySignature is ProcedureCreate's rule for polymorphic results
// (check_valid_polymorphic_signature): a polymorphic result or OUT
// parameter needs an input of its family, which a call resolves it
// from (docs 38.2.5).
func checkPolySignature(fn *catalog.Function) {
	var inFam1, inFam2, inRange, inCRange bool
	for _, a := range fn.InputArgs() {
		t := a.Type
		if !t.IsPolymorphic() {
			continue
		}
		if t.IsCompatibleFamily() {
			inFam2 = true
		} else {
			inFam1 = true
		}
		inRange = inRange || t.OID == types.AnyRange.OID || t.OID == types.AnyMultirange.OID
		inCRange = inCRange || t.OID == types.AnyCompatibleRange.OID || t.OID == types.AnyCompatibleMultirange.OID
	}
	check := func(t *types.Type) {
		if !t.IsPolymorphic() {
			return
		}
		var detail string
		switch {
		case (t.OID == types.AnyRange.OID || t.OID == types.AnyMultirange.OID) && !inRange:
			detail = "anyrange or anymultirange"
		case (t.OID == types.AnyCompatibleRange.OID || t.OID == types.AnyCompatibleMultirange.OID) && !inCRange:
			detail = "anycompatiblerange or anycompatiblemultirange"
		case t.IsCompatibleFamily() && !inFam2:
			detail = "anycompatible, anycompatiblearray, anycompatiblenonarray, anycompatiblerange, or anycompatiblemultirange"
		case !t.IsCompatibleFamily() && !inFam1:
			detail = "anyelement, anyarray, anynonarray, anyenum, anyrange, or anymultirange"
		default:
			return
		}
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "cannot determine result data type").
			WithDetail("A result of type %s requires at least one input of type %s.", t.Name, detail))
	}
	check(fn.Result)
	for _, a := range fn.Args {
		if a.Mode.IsOutput() {
			check(a.Type)
		}
	}
}

// checkAnyParams rejects "any" and void (event_trigger, fdw_handler)
// parameters where the language cannot take them (fmgr_sql_validator,
// plpgsql_validator).
func checkAnyParams(fn *catalog.Function) {
	for _, a := range fn.Args {
		if a.Type == nil || !a.Mode.IsInput() {
			continue
		}
		switch a.Type.OID {
		case types.Any.OID, types.Void.OID, catalog.EventTriggerType.OID, catalog.FdwHandlerType.OID:
		default:
			continue
		}
		switch fn.Language {
		case "sql":
			fail(pgerror.New(pgerror.InvalidFunctionDefinition, "SQL functions cannot have arguments of type %s", a.Type.SQLName))
		case "plpgsql":
			fail(pgerror.New(pgerror.FeatureNotSupported, "PL/pgSQL functions cannot accept type %s", a.Type.SQLName))
		}
	}
	if fn.Result != nil && fn.Result.OID == types.Any.OID && (fn.Language == "sql" || fn.Language == "plpgsql") {
		word := "SQL functions"
		if fn.Language == "plpgsql" {
			word = "PL/pgSQL functions"
		}
		fail(pgerror.New(pgerror.FeatureNotSupported, "%s cannot return type %s", word, fn.Result.SQLName))
	}
}
