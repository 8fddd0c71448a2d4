package types

// UserCast is a pg_cast row CREATE CAST made, as a conversion applies it
// (catalog.Cast holds the row itself).
type UserCast struct {
	Context CastContext
	// Method is castmethod: 'f' calls Func, 'i' converts through the
	// types' text forms, 'b' takes the value as it is.
	Method byte
	Func   uint32
	// FuncArgs is the number of Func's arguments: a second one takes the
	// target's typmod, a third whether the cast is explicit.
	FuncArgs int
	// Strict reports that Func is not called for a NULL (the cast is
	// then NULL).
	Strict bool
}

// UserCasts finds the user casts of a session's catalog.
type UserCasts interface {
	UserCast(source, target uint32) (UserCast, bool)
}

// CastContextOf is pg_cast.castcontext's letter as a CastContext.
func CastContextOf(letter byte) CastContext {
	switch letter {
	case 'i':
		return CastImplicit
	case 'a':
		return CastAssignment
	}
	return CastExplicit
}

// LookupUserCast finds the user cast from → to of env's catalog. As
// PostgreSQL's find_coercion_pathway, it looks at domains' base types,
// so a cast CREATE CAST declared on a domain is never found.
func LookupUserCast(env *Env, from, to *Type) (UserCast, bool) {
	if env == nil || env.Casts == nil {
		return UserCast{}, false
	}
	f, t := from.Base(), to.Base()
	if f.OID == t.OID || f.Kind == KindUnknown {
		return UserCast{}, false
	}
	return env.Casts.UserCast(f.OID, t.OID)
}

// CastAllowedIn is CastAllowed with env's user casts: a pg_cast row of
// the pair decides alone, as in PostgreSQL, where the automatic I/O
// conversions apply only to pairs without one.
func CastAllowedIn(env *Env, from, to *Type, ctx CastContext) bool {
	if uc, ok := LookupUserCast(env, from, to); ok {
		return uc.Context <= ctx
	}
	if uc, ok := LookupUserArrayCast(env, from, to); ok {
		return uc.Context <= ctx
	}
	return CastAllowed(from, to, ctx)
}

// LookupUserArrayCast finds the user cast between the element types of
// two array types, which converts the arrays element by element when
// the arrays themselves have no pg_cast row (find_coercion_pathway).
func LookupUserArrayCast(env *Env, from, to *Type) (UserCast, bool) {
	f, t := from.Base(), to.Base()
	if f.Kind != KindArray || t.Kind != KindArray || f.Elem == nil || t.Elem == nil {
		return UserCast{}, false
	}
	return LookupUserCast(env, f.Elem, t.Elem)
}
