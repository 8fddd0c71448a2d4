package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// userAggregates returns the CREATE AGGREGATE aggregates a call's name
// may mean, in search-path order.
func (t *Translator) userAggregates(parts []string) []*catalog.Function {
	var out []*catalog.Function
	for _, f := range t.userCandidates(parts) {
		if f.Kind == catalog.KindAggregate {
			out = append(out, f)
		}
	}
	return out
}

// isAggregateName reports whether a call of this name is an aggregate:
// a built-in one or a user-defined one.
func (t *Translator) isAggregateName(parts []string) bool {
	if len(parts) == 0 {
		return false
	}
	name := parts[len(parts)-1]
	return aggregateNames[name] || len(t.userAggregates(parts)) > 0
}

// userAggResolver picks a call's user aggregate once its argument types
// are known, with the function-call rules (exact, then unknown literals,
// then implicit casts); a built-in aggregate of the same name is
// preferred unless a user one matches exactly.
func (t *Translator) userAggResolver(aggs []*catalog.Function, builtin bool) expr.UserAggResolver {
	env := t.Env
	r := t.reader()
	return func(args []sql.Expression, ats []*types.Type) (*expr.UserAggregate, []sql.Expression, error) {
		slot := make([]int, len(ats))
		for i := range slot {
			slot[i] = i
		}
		for pass := 0; pass < 3; pass++ {
			if pass > 0 && builtin {
				return nil, nil, nil
			}
			var match []*catalog.Function
			for _, f := range aggs {
				if len(f.InputArgs()) == len(ats) && argsMatch(t.Env, f, slot, ats, pass, false, false) {
					match = append(match, f)
				}
			}
			if len(match) > 1 && pass >= 1 {
				match = preferText(match, func(f *catalog.Function) []*types.Type { return f.InputTypes() }, ats)
			}
			if len(match) > 1 {
				return nil, nil, pgerror.New(pgerror.AmbiguousFunction, "function %s is not unique", callSignature(match[0].Name, make([]callArg, len(ats)), ats)).
					WithHint("Could not choose a best candidate function. You might need to add explicit type casts.")
			}
			if len(match) == 1 {
				return bindUserAggregate(env, r, match[0], args, ats)
			}
		}
		return nil, nil, nil
	}
}

// bindUserAggregate resolves an aggregate's types for a call (a
// polymorphic one's from its arguments, docs 38.12.2) and builds its
// transition and final calls.
func bindUserAggregate(env *types.Env, r CatalogReader, agg *catalog.Function, args []sql.Expression, ats []*types.Type) (*expr.UserAggregate, []sql.Expression, error) {
	a := agg.Agg
	declared := agg.InputTypes()
	subst := func(t *types.Type) *types.Type { return t }
	if agg.IsPolymorphic() || a.TransType.IsPolymorphic() {
		b, err := expr.ResolvePolymorphic(declared, ats)
		if err != nil {
			return nil, nil, err
		}
		subst = b.Subst
	}
	in := make([]*types.Type, len(declared))
	coerced := make([]sql.Expression, len(args))
	for i, d := range declared {
		in[i] = subst(d)
		c, err := expr.Coerce(env, args[i], in[i], types.CastImplicit)
		if err != nil {
			return nil, nil, err
		}
		coerced[i] = c
	}
	st := subst(a.TransType)
	u := &expr.UserAggregate{Result: subst(agg.Result)}
	if a.InitCond != nil {
		v, err := types.Input(st, *a.InitCond, env)
		if err != nil {
			return nil, nil, err
		}
		u.Init, u.HasInit = v, true
	}
	slots := []sql.Expression{expr.NewAggSlot(0, st)}
	for i, t := range in {
		slots = append(slots, expr.NewAggSlot(i+1, t))
	}
	var err error
	if u.Trans, u.Strict, err = aggSupportCall(env, r, a.TransFn, a.TransName, a.TransStrict, slots); err != nil {
		return nil, nil, err
	}
	if a.FinalFn != 0 {
		fs := slots[:1]
		if a.FinalExtra {
			fs = slots
		}
		if u.Final, u.FinalStrict, err = aggSupportCall(env, r, a.FinalFn, a.FinalName, a.FinalStrict, fs); err != nil {
			return nil, nil, err
		}
	}
	return u, coerced, nil
}

// aggSupportCall is the call of an aggregate's support function over
// slots: a built-in by name, a user routine by OID (its definition now,
// specialized to the slots' types when polymorphic).
func aggSupportCall(env *types.Env, r CatalogReader, oid uint32, builtin string, builtinStrict bool, slots []sql.Expression) (sql.Expression, bool, error) {
	if builtin != "" {
		e, err := expr.NewFuncCall(env, builtin, slots)
		return e, builtinStrict, err
	}
	var fn *catalog.Function
	if r != nil {
		fn, _ = r.Current().FunctionByOID(oid)
	}
	if fn == nil {
		return nil, false, pgerror.New(pgerror.UndefinedFunction, "cache lookup failed for function %d", oid)
	}
	ats := make([]*types.Type, len(slots))
	slot := make([]int, len(slots))
	for i, s := range slots {
		ats[i], slot[i] = expr.TypeOf(s), i
	}
	spec, err := specializeCall(fn, slot, ats, false, nil, false)
	if err != nil {
		return nil, false, err
	}
	return &RoutineCall{Fn: spec, Args: slots}, fn.Strict, nil
}
