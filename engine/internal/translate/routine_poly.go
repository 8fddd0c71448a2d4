package translate

import (
	"slices"

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

// checkAnyParams rejects the pseudo-types a routine's language cannot
// take or return: internal as a result without an internal argument
// (ProcedureCreate), and for SQL and PL/pgSQL the pseudo-types other
// than the polymorphic ones, record and void (fmgr_sql_validator,
// plpgsql_validator; PL/pgSQL also checks its OUT parameters).
func checkAnyParams(fn *catalog.Function) {
	if fn.Result != nil && fn.Result.OID == types.Internal.OID && !slices.ContainsFunc(fn.Args, func(a catalog.Arg) bool {
		return a.Mode.IsInput() && a.Type != nil && a.Type.OID == types.Internal.OID
	}) {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, `unsafe use of pseudo-type "internal"`).
			WithDetail("A result of type internal requires at least one input of type internal."))
	}
	pseudo := func(t *types.Type) bool {
		_, ok := types.PseudoByOID(t.OID)
		return ok && !t.IsPolymorphic()
	}
	switch fn.Language {
	case "sql":
		for _, a := range fn.Args {
			if a.Type != nil && a.Mode.IsInput() && pseudo(a.Type) {
				fail(pgerror.New(pgerror.InvalidFunctionDefinition, "SQL functions cannot have arguments of type %s", a.Type.FormatType()))
			}
		}
		if r := fn.Result; r != nil && pseudo(r) && r.OID != types.Record.OID && r.OID != types.Void.OID {
			fail(pgerror.New(pgerror.InvalidFunctionDefinition, "SQL functions cannot return type %s", r.FormatType()))
		}
	case "plpgsql":
		if r := fn.Result; r != nil && pseudo(r) {
			switch r.OID {
			case types.Trigger.OID, types.EventTrigger.OID, types.Record.OID, types.Void.OID:
			default:
				fail(pgerror.New(pgerror.FeatureNotSupported, "PL/pgSQL functions cannot return type %s", r.FormatType()))
			}
		}
		for _, a := range fn.Args {
			if a.Type != nil && pseudo(a.Type) && a.Type.OID != types.Record.OID {
				fail(pgerror.New(pgerror.FeatureNotSupported, "PL/pgSQL functions cannot accept type %s", a.Type.FormatType()))
			}
		}
	}
}
