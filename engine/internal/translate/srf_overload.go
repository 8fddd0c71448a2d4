package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// userSRFCall is the user function a SELECT-list call of a set-returning
// function means, with its result columns, before its arguments are
// translated: every candidate when they all return the same row, else
// the one candidate the call's shape (argument count and names) and its
// literal and nested-call arguments leave, as PostgreSQL would resolve it
// (create_hypertable(regclass, name, ...) against
// create_hypertable(regclass, dimension_info, ...)). nil when the call
// stays ambiguous here.
func (t *Translator) userSRFCall(parts []string, fc *pg.FuncCall) (*catalog.Function, []types.Field) {
	if fields := t.userSRFFields(parts); fields != nil {
		return t.userCandidates(parts)[0], fields
	}
	if !t.isUserSRF(parts) {
		return nil, nil
	}
	var args []callArg
	for _, a := range fc.Args {
		if na, ok := a.Node.(*pg.Node_NamedArgExpr); ok {
			args = append(args, callArg{name: na.NamedArgExpr.Name, node: na.NamedArgExpr.Arg})
		} else {
			args = append(args, callArg{node: a})
		}
	}
	type fit struct {
		fn   *catalog.Function
		slot []int
	}
	var fits []fit
	for _, fn := range t.userCandidates(parts) {
		if !fn.ReturnsSet || fn.Variadic() {
			continue
		}
		if slot, ok := callShape(fn, args, false); ok {
			fits = append(fits, fit{fn, slot})
		}
	}
	// keep, per argument, the candidates whose parameter suits it best:
	// a string literal prefers the string category (func_select_candidate's
	// rule for unknown inputs), a number the numeric one, a nested user
	// call its result type
	for i, a := range args {
		if len(fits) < 2 {
			break
		}
		want := func(at *types.Type) bool { return false }
		if c := a.node.GetAConst(); c != nil && c.GetSval() != nil {
			want = func(at *types.Type) bool { return at.Base().Category == 'S' }
		} else if c != nil && (c.GetIval() != nil || c.GetFval() != nil) {
			want = func(at *types.Type) bool { return at.Base().Category == 'N' }
		} else if call := a.node.GetFuncCall(); call != nil {
			var res *types.Type
			for _, f := range t.userCandidates(names(call.Funcname)) {
				if res != nil && f.Result != nil && f.Result.OID != res.OID {
					res = nil
					break
				}
				res = f.Result
			}
			if res == nil {
				continue
			}
			want = func(at *types.Type) bool { return at.OID == res.OID }
		}
		var kept []fit
		for _, f := range fits {
			if want(callParams(f.fn, false)[f.slot[i]].Type) {
				kept = append(kept, f)
			}
		}
		if len(kept) > 0 {
			fits = kept
		}
	}
	if len(fits) != 1 {
		return nil, nil
	}
	fn := fits[0].fn
	if outs := fn.OutputArgs(); len(outs) > 1 {
		var fs []types.Field
		for _, a := range outs {
			fs = append(fs, types.Field{Name: a.Name, Type: a.Type})
		}
		return fn, fs
	}
	if fn.Result != nil && fn.Result.Base().IsComposite() {
		return fn, fn.Result.Base().Fields
	}
	return nil, nil
}
