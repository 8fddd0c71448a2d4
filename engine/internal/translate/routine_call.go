package translate

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// RoutineRunner is the session side of a user function call: the engine's
// session implements it.
type RoutineRunner interface {
	CallRoutine(ctx *sql.Context, fn *catalog.Function, args []any) (any, error)
	// CurrentRoutine returns the routine with this OID in the session's
	// catalog.
	CurrentRoutine(oid uint32) (*catalog.Function, bool)
}

// RoutineCall is a call of a user-defined function in an expression. Args
// are the input arguments in declaration order, coerced to the parameter
// types, defaults filled in.
type RoutineCall struct {
	Fn   *catalog.Function
	Args []sql.Expression
	// ByOID marks a call kept in a stored expression (a column default):
	// it runs the routine's definition current when it is evaluated, as
	// PostgreSQL's stored expressions reference a function by OID, so
	// CREATE OR REPLACE changes what the default computes.
	ByOID bool
}

var _ sql.Expression = (*RoutineCall)(nil)

func (c *RoutineCall) Resolved() bool             { return true }
func (c *RoutineCall) Type() sql.Type             { return c.PGType() }
func (c *RoutineCall) IsNullable() bool           { return true }
func (c *RoutineCall) Children() []sql.Expression { return c.Args }

// PGType returns the call's result type.
func (c *RoutineCall) PGType() *types.Type {
	if c.Fn.Result == nil {
		return types.Void
	}
	return outRecordType(c.Fn)
}

// outRecordType is a function's result type; a record of several OUT
// parameters gets their names and types as its fields, so (f(x)).name
// selects one (PostgreSQL resolves it from the OUT parameters too).
func outRecordType(fn *catalog.Function) *types.Type {
	r := fn.Result
	if r.Kind != types.KindRecord || len(r.Fields) > 0 || fn.ReturnsSet {
		return r
	}
	outs := fn.OutputArgs()
	if len(outs) < 2 {
		return r
	}
	fields := make([]types.Field, len(outs))
	for i, a := range outs {
		fields[i] = types.Field{Name: a.Name, Type: a.Type}
	}
	t := types.RowType("", r.Name, fields)
	t.OID, t.SQLName = r.OID, r.SQLName
	return t
}

func (c *RoutineCall) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	n := *c
	n.Args = ch
	return &n, nil
}

func (c *RoutineCall) String() string {
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		parts[i] = a.String()
	}
	return fmt.Sprintf("%s.%s(%s)", c.Fn.Schema, c.Fn.Name, strings.Join(parts, ", "))
}

// Eval evaluates the arguments and runs the function through the
// session. A STRICT function is not called when an argument is NULL.
func (c *RoutineCall) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals := make([]any, len(c.Args))
	for i, a := range c.Args {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v != nil {
			if _, ok := a.Type().(*types.Type); !ok {
				if v, err = expr.FromGMSValue(c.Fn.InputArgs()[i].Type, v); err != nil {
					return nil, err
				}
			}
		}
		if v == nil && c.Fn.Strict {
			return nil, nil
		}
		vals[i] = v
	}
	r, ok := ctx.Session.(RoutineRunner)
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "user-defined functions need a session")
	}
	fn := c.Fn
	if c.ByOID {
		cur, ok := r.CurrentRoutine(fn.OID)
		if !ok {
			return nil, pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", fn.Declared().Signature())
		}
		fn = fn.SpecializeLike(cur)
	}
	return r.CallRoutine(ctx, fn, vals)
}

// userCandidates returns the user routines a call's name may mean, in
// search-path order (a routine hides one with the same argument types
// later on the path). Procedures are included so calls can report them.
func (t *Translator) userCandidates(parts []string) []*catalog.Function {
	r := t.reader()
	if r == nil {
		return nil
	}
	cat := r.Current()
	name := parts[len(parts)-1]
	if !cat.HasFunctionsNamed(name) {
		return nil
	}
	var schemas []string
	if len(parts) > 1 {
		schemas = []string{parts[len(parts)-2]}
	} else {
		schemas = r.SearchPath()
	}
	var out []*catalog.Function
	for _, sc := range schemas {
	next:
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: name}) {
			for _, g := range out {
				if g.SameInputTypes(f.InputTypes()) {
					continue next
				}
			}
			out = append(out, f)
		}
	}
	return out
}

// callArg is one argument of a call as written.
type callArg struct {
	name string // "" for positional
	node *pg.Node
}

// userFuncCall translates a call that may resolve to a user function.
// Candidates are narrowed by the call's shape (argument count, names)
// now and by argument types when GMS has resolved the arguments. When a
// built-in of the same name exists (unqualified call), it is tried
// first: pg_catalog is implicitly first on the search path.
func (t *Translator) userFuncCall(display, builtin string, f *pg.FuncCall, cands []*catalog.Function, proc *CallProc) sqlparser.Expr {
	from := proc == fromClause
	var args []callArg
	seen := map[string]bool{}
	for _, a := range f.Args {
		if na, ok := a.Node.(*pg.Node_NamedArgExpr); ok {
			if seen[na.NamedArgExpr.Name] {
				failAt(na.NamedArgExpr.Location, pgerror.SyntaxError, "argument name %q used more than once", na.NamedArgExpr.Name)
			}
			seen[na.NamedArgExpr.Name] = true
			args = append(args, callArg{name: na.NamedArgExpr.Name, node: na.NamedArgExpr.Arg})
		} else {
			args = append(args, callArg{node: a})
		}
	}
	type shaped struct {
		fn     *catalog.Function
		slot   []int // call arg i goes to input parameter slot[i]
		spread bool  // trailing arguments fill a VARIADIC array
	}
	// CALL matches a procedure's OUT parameters too (PostgreSQL 14+)
	full := proc != nil && !from
	named := false
	for _, a := range args {
		named = named || a.name != ""
	}
	var fits []shaped
	for _, fn := range cands {
		if fn.Variadic() && !f.FuncVariadic && (named || len(args) >= len(fn.InputArgs())) {
			// FuncnameGetCandidates: without VARIADIC in the call, a
			// VARIADIC function given all its arguments matches only in
			// expanded form, and never in named notation
			if slot, ok := variadicShape(fn, args, false, full); ok && !named {
				fits = append(fits, shaped{fn, slot, true})
			}
			continue
		}
		if slot, ok := callShape(fn, args, full); ok {
			fits = append(fits, shaped{fn, slot, false})
		}
		if slot, ok := variadicShape(fn, args, f.FuncVariadic, full); ok {
			fits = append(fits, shaped{fn, slot, true})
		}
	}
	fits = dropShadowedVariadic(fits, func(s shaped) (*catalog.Function, []int, bool) { return s.fn, s.slot, s.spread }, full)
	if t.OnRoutineCall != nil && len(fits) == 1 {
		t.OnRoutineCall(fits[0].fn) // known before the argument types are
	}
	nodes := make([]*pg.Node, len(args))
	for i, a := range args {
		nodes[i] = a.node
	}
	children := t.scalars(nodes)
	// defaults of every fitting candidate, translated up front
	defaults := map[*catalog.Function][]sqlparser.Expr{}
	for _, s := range fits {
		in := callParams(s.fn, full)
		d := make([]sqlparser.Expr, len(in))
		for i, a := range in {
			if a.Default != "" {
				n, err := ParseExpr(a.Default)
				if err != nil {
					fail(pgerror.New(pgerror.InternalError, "default of %s: %v", s.fn.Name, err))
				}
				d[i] = t.scalar(n)
			}
		}
		defaults[s.fn] = d
	}
	word := "function"
	if proc != nil && !from {
		word = "procedure"
	}
	stored := t.stored
	text := display
	for _, a := range args {
		text += " " + a.name + "=>" // "=>" alone: positional
	}
	if f.FuncVariadic {
		text += " variadic"
	}
	return t.inject(text, f.Location, children, func(c []sql.Expression) (sql.Expression, error) {
		if builtin != "" && !from && !extTypeOverload(c, func(yield func(*catalog.Function, []int) bool) {
			for _, s := range fits {
				if !s.spread && !yield(s.fn, s.slot) {
					return
				}
			}
		}) {
			e, err := expr.NewFuncCall(t.Env, builtin, c)
			if err == nil {
				return e, nil
			}
			if pe, ok := pgerror.As(err); !ok || pe.Code != pgerror.UndefinedFunction || len(fits) == 0 {
				return nil, err
			}
		}
		ats := make([]*types.Type, len(c))
		for i, e := range c {
			ats[i] = expr.TypeOf(e)
		}
		for pass := 0; pass < 3; pass++ {
			var match []shaped
			for _, s := range fits {
				if argsMatch(t.Env, s.fn, s.slot, ats, pass, s.spread, full) {
					match = append(match, s)
				}
			}
			if len(match) > 1 && pass >= 1 {
				match = preferText(match, func(s shaped) []*types.Type {
					return declaredAt(s.fn, s.slot, s.spread, full)
				}, ats)
			}
			if len(match) > 1 && pass == 2 {
				match = mostExact(match, func(s shaped) (*catalog.Function, []int, bool) { return s.fn, s.slot, s.spread }, ats, full)
			}
			if len(match) > 1 {
				return nil, pgerror.New(pgerror.AmbiguousFunction, "%s %s is not unique", word, callSignature(display, args, ats)).
					WithHint("Could not choose a best candidate function. You might need to add explicit type casts.")
			}
			if len(match) == 1 {
				defs := defaults[match[0].fn]
				spec, err := specializeCall(match[0].fn, match[0].slot, ats, match[0].spread, defs, full)
				if err != nil {
					return nil, err
				}
				match[0].fn = spec
				if match[0].spread {
					var err error
					if c, err = t.spreadVariadic(match[0].fn, match[0].slot, c); err != nil {
						return nil, err
					}
					match[0].slot = match[0].slot[:len(c)]
				}
				prev := t.stored
				t.stored = stored
				e, err := t.bindCall(match[0].fn, match[0].slot, c, defs, proc, full)
				t.stored = prev
				return e, err
			}
		}
		return nil, pgerror.New(pgerror.UndefinedFunction, "%s %s does not exist", word, callSignature(display, args, ats)).
			WithHint("No %s matches the given name and argument types. You might need to add explicit type casts.", word)
	})
}

func callSignature(name string, args []callArg, ats []*types.Type) string {
	parts := make([]string, len(ats))
	for i, t := range ats {
		if args[i].name != "" {
			parts[i] = args[i].name + " => "
		}
		parts[i] += t.FormatType()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// callParams are the parameters a call's arguments map to: the input
// ones, and for a procedure named by CALL its OUT parameters as well
// (docs: SQL Commands, CALL: "arguments must be supplied for all
// procedure parameters that lack defaults, including OUT parameters").
func callParams(fn *catalog.Function, full bool) []catalog.Arg {
	if !full || fn.Kind != catalog.KindProcedure {
		return fn.InputArgs()
	}
	return fn.Args
}

// callShape maps a call's arguments to fn's input parameters by position
// and name; ok is false when the call cannot mean fn (docs 4.3, "Calling
// Functions": positional arguments first, then named; omitted parameters
// need defaults).
func callShape(fn *catalog.Function, args []callArg, full bool) ([]int, bool) {
	in := callParams(fn, full)
	slot := make([]int, len(args))
	used := make([]bool, len(in))
	for i, a := range args {
		if a.name == "" {
			if i >= len(in) {
				return nil, false
			}
			slot[i], used[i] = i, true
			continue
		}
		j := -1
		for k, p := range in {
			if p.Name == a.name {
				j = k
			}
		}
		if j < 0 || used[j] {
			return nil, false
		}
		slot[i], used[j] = j, true
	}
	for k, u := range used {
		if !u && in[k].Default == "" {
			return nil, false
		}
	}
	return slot, true
}

// argsMatch tests argument types against fn's parameters: pass 0 exact,
// pass 1 also unknown literals, pass 2 also implicit casts.
func argsMatch(env *types.Env, fn *catalog.Function, slot []int, ats []*types.Type, pass int, spread, full bool) bool {
	want := declaredAt(fn, slot, spread, full)
	poly := false
	for i, at := range ats {
		w := want[i]
		a := at.Base()
		switch {
		case w.Kind == types.KindPoly:
			// a polymorphic parameter takes any type as an implicit
			// coercion would (PostgreSQL's can_coerce_type), an unknown
			// literal as unknowns match; the types must then bind
			// consistently
			if pass < 2 && !(pass == 1 && a.Kind == types.KindUnknown) {
				return false
			}
			poly = true
		case w.OID == at.OID || w.OID == a.OID:
		case w.OID == types.Record.OID && a.Kind == types.KindRecord:
			// a record parameter takes any row value (hstore(record),
			// realtime.broadcast_changes)
		case a.Kind == types.KindUnknown && pass >= 1:
		case pass == 2 && types.CastAllowedIn(env, a, w, types.CastImplicit):
		default:
			return false
		}
	}
	return !poly || expr.MatchPolymorphic(want, ats)
}

// dropShadowedVariadic drops a candidate that fits only by spreading
// its VARIADIC array when a plain candidate of the same schema takes the
// same argument types: PostgreSQL prefers the non-variadic function then
// (FuncnameGetCandidates), so f(anyelement) beats f(VARIADIC anyarray)
// for f(6).
func dropShadowedVariadic[S any](fits []S, of func(S) (*catalog.Function, []int, bool), full bool) []S {
	out := fits[:0:0]
	for _, s := range fits {
		fn, slot, spread := of(s)
		shadowed := false
		if spread {
			want := declaredAt(fn, slot, true, full)
			for _, o := range fits {
				ofn, oslot, ospread := of(o)
				if ospread || ofn.Schema != fn.Schema || len(oslot) != len(slot) {
					continue
				}
				same := true
				for i, t := range declaredAt(ofn, oslot, false, full) {
					if !types.Same(t, want[i]) {
						same = false
						break
					}
				}
				if same {
					shadowed = true
					break
				}
			}
		}
		if !shadowed {
			out = append(out, s)
		}
	}
	return out
}

// declaredAt is the declared parameter type each call argument goes to;
// arguments spread into a VARIADIC parameter take its element type.
func declaredAt(fn *catalog.Function, slot []int, spread, full bool) []*types.Type {
	in := callParams(fn, full)
	want := make([]*types.Type, len(slot))
	for i, k := range slot {
		want[i] = in[k].Type
		if spread && k == len(in)-1 {
			want[i] = types.VariadicElem(want[i])
		}
	}
	return want
}

// specializeCall resolves a polymorphic routine's types from a call's
// argument types (docs 38.2.5): the routine the call runs has them
// replaced by actual types.
func specializeCall(fn *catalog.Function, slot []int, ats []*types.Type, spread bool, defs []sqlparser.Expr, full bool) (*catalog.Function, error) {
	if !fn.IsPolymorphic() {
		return fn, nil
	}
	declared, actual := declaredAt(fn, slot, spread, full), ats
	// defaults of omitted parameters take part, as PostgreSQL adds them
	// to the call's arguments before resolving
	in := callParams(fn, full)
	given := make([]bool, len(in))
	for _, k := range slot {
		given[k] = true
	}
	for k, a := range in {
		if given[k] || !a.Type.IsPolymorphic() || k >= len(defs) || defs[k] == nil {
			continue
		}
		d, err := buildConst(defs[k])
		if err != nil {
			return nil, err
		}
		declared = append(declared, a.Type)
		actual = append(actual[:len(actual):len(actual)], expr.TypeOf(d))
	}
	b, err := expr.ResolvePolymorphic(declared, actual)
	if err != nil {
		return nil, err
	}
	all := []*types.Type{fn.Result}
	for _, a := range fn.Args {
		all = append(all, a.Type)
	}
	if err := b.SubstAll(all...); err != nil {
		return nil, err
	}
	return fn.Specialize(b.Subst), nil
}

// bindCall builds the call of fn: arguments coerced to the parameter
// types, omitted ones replaced by their defaults. The arguments CALL
// passes for OUT parameters are checked, then dropped: the procedure
// does not receive them.
func (t *Translator) bindCall(fn *catalog.Function, slot []int, c []sql.Expression, defs []sqlparser.Expr, proc *CallProc, full bool) (sql.Expression, error) {
	if t.OnRoutineCall != nil {
		t.OnRoutineCall(fn)
	}
	in := callParams(fn, full)
	bound := make([]sql.Expression, len(in))
	for i, e := range c {
		bound[slot[i]] = e
	}
	for k := range bound {
		if bound[k] != nil {
			continue
		}
		d, err := buildConst(defs[k])
		if err != nil {
			return nil, err
		}
		bound[k] = d
	}
	for k, e := range bound {
		if at := expr.TypeOf(e).Base(); in[k].Type.OID == types.Record.OID && at.Kind == types.KindRecord {
			continue // a row value passes to a record parameter as it is
		}
		if in[k].Type.OID == types.Any.OID {
			continue // "any" takes the argument as it is (C functions only)
		}
		if pt := in[k].Type; pt.TakesNoInput() && !pt.IsPolymorphic() && expr.TypeOf(e).Base().Kind == types.KindUnknown {
			// a literal for an internal (or trigger...) parameter goes
			// through the type's input, which always fails
			return nil, pgerror.New(pgerror.FeatureNotSupported, "cannot accept a value of type %s", pt.FormatType())
		}
		ce, err := expr.Coerce(t.Env, e, in[k].Type, types.CastImplicit)
		if err != nil {
			return nil, err
		}
		bound[k] = ce
	}
	if len(in) != len(fn.InputArgs()) {
		kept := bound[:0:0]
		for k, e := range bound {
			if in[k].Mode.IsInput() {
				kept = append(kept, e)
			}
		}
		bound = kept
	}
	if proc == fromClause {
		if fn.Kind == catalog.KindProcedure {
			return nil, pgerror.New(pgerror.WrongObjectType, "%s is a procedure", fn.Signature()).
				WithHint("To call a procedure, use CALL.")
		}
		return &RoutineRows{RoutineCall: RoutineCall{Fn: fn, Args: bound}}, nil
	}
	if proc != nil {
		if fn.Kind != catalog.KindProcedure {
			return nil, pgerror.New(pgerror.WrongObjectType, "%s is not a procedure", fn.Signature()).
				WithHint("To call a function, use SELECT.")
		}
		proc.Fn = fn
		return &RoutineCall{Fn: fn, Args: bound}, nil
	}
	if fn.Kind == catalog.KindProcedure {
		return nil, pgerror.New(pgerror.WrongObjectType, "%s is a procedure", fn.Signature()).
			WithHint("To call a procedure, use CALL.")
	}
	if fn.ReturnsSet {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "set-returning user function %s is not supported in expressions yet", fn.Name)
	}
	if fn.Result.Kind == types.KindVoid && (fn.Result.OID == types.Trigger.OID || fn.Result.OID == types.EventTrigger.OID) {
		e := pgerror.New(pgerror.FeatureNotSupported, "trigger functions can only be called as triggers")
		if fn.Language == "plpgsql" {
			// PL/pgSQL's compiler raises it when the call runs, naming
			// the function, not a place in the statement
			e.Position = -1
			e.Where = fmt.Sprintf("compilation of PL/pgSQL function %q near line 1", fn.Name)
		}
		return nil, e
	}
	if t.stored || t.KeepCalls {
		return &RoutineCall{Fn: fn, Args: bound, ByOID: t.stored}, nil
	}
	if e, ok := t.inlineSQLFunction(fn, bound); ok {
		return e, nil
	}
	return &RoutineCall{Fn: fn, Args: bound}, nil
}

// BuildRowless builds a translated expression that reads no row (a
// FROM-less SELECT's expression): ok is false when some part needs GMS
// (a subquery, an aggregate, a column).
func BuildRowless(e sqlparser.Expr) (sql.Expression, bool) {
	x, err := buildConst(e)
	return x, err == nil
}

// buildConst builds a translated expression that needs no row (a
// parameter default): every node is an injected tinybase expression.
func buildConst(e sqlparser.Expr) (sql.Expression, error) {
	ie, ok := e.(sqlparser.InjectedExpr)
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "this parameter default is not supported yet")
	}
	kids := make([]any, len(ie.Children))
	for i, ch := range ie.Children {
		k, err := buildConst(ch)
		if err != nil {
			return nil, err
		}
		kids[i] = k
	}
	p, ok := ie.Expression.(*expr.Pending)
	if !ok {
		if se, isExpr := ie.Expression.(sql.Expression); isExpr {
			return se, nil
		}
		return nil, pgerror.New(pgerror.FeatureNotSupported, "this parameter default is not supported yet")
	}
	v, err := p.WithResolvedChildren(kids)
	if err != nil {
		return nil, err
	}
	return v.(sql.Expression), nil
}

// preferText narrows candidates matched with unknown literals by the
// type categories they accept where the literals are (docs 10.3 step
// 4.e). At each unknown argument's position the candidates accepting the
// string category win, when there are any: delete(unknown, unknown)
// picks hstore's delete(hstore, text) over delete(hstore, hstore)
// although neither first parameter is a string. Otherwise the candidates
// must all accept one category, or the call stays ambiguous (pgmq's
// send(text, jsonb, unknown) between its jsonb, integer and timestamptz
// forms). Within the category, candidates taking its preferred type
// (text over name or varchar) win.
func preferText[S any](match []S, get func(S) []*types.Type, ats []*types.Type) []S {
	out := match
	for i, at := range ats {
		if at.Kind != types.KindUnknown {
			continue
		}
		var str []S
		cat, same := byte(0), true
		for j, m := range out {
			c := get(m)[i].Category
			if c == 'S' {
				str = append(str, m)
			}
			if j == 0 {
				cat = c
			} else if c != cat {
				same = false
			}
		}
		switch {
		case len(str) > 0:
			out = str
		case !same:
			continue // no category can be chosen here
		}
		var pref []S
		for _, m := range out {
			if get(m)[i].Preferred {
				pref = append(pref, m)
			}
		}
		if len(pref) > 0 {
			out = pref
		}
	}
	return out
}

// mostExact keeps the candidates with the most arguments of exactly
// the parameter's type, PostgreSQL's first tie-break among candidates
// reached by implicit casts (docs 10.3, step 4.c): st_dwithin(geometry
// column, unknown, integer) picks the geometry form over the geography
// one.
func mostExact[S any](match []S, get func(S) (*catalog.Function, []int, bool), ats []*types.Type, full bool) []S {
	best, out := -1, match[:0:0]
	for _, m := range match {
		fn, slot, spread := get(m)
		want := declaredAt(fn, slot, spread, full)
		n := 0
		for i, at := range ats {
			w := want[i]
			if at.Kind != types.KindUnknown && (w.OID == at.OID || w.OID == at.Base().OID) {
				n++
			}
		}
		switch {
		case n > best:
			best, out = n, append(out[:0], m)
		case n == best:
			out = append(out, m)
		}
	}
	return out
}

// CallProc is CALL procedure(args): Stmt is a SELECT evaluating the call;
// Fn is set once GMS resolved the arguments and the call.
type CallProc struct {
	Fn   *catalog.Function
	Stmt sqlparser.Statement
}

func (*CallProc) command() {}

// callStmt translates CALL (docs: SQL Commands, CALL).
func (t *Translator) callStmt(s *pg.CallStmt) Result {
	f := s.Funccall
	parts := names(f.Funcname)
	cmd := &CallProc{}
	defer t.enterSelect(&pg.SelectStmt{})()
	e := t.userFuncCall(strings.Join(parts, "."), "", f, t.userCandidates(parts), cmd)
	cmd.Stmt = &sqlparser.Select{SelectExprs: sqlparser.SelectExprs{&sqlparser.AliasedExpr{Expr: e, As: sqlparser.NewColIdent("call")}}}
	return Result{Cmd: cmd, Tag: "CALL"}
}

// checkCallSchema reports a call qualified by a schema that does not
// exist (3F000), unless a built-in carries that qualified name.
func (t *Translator) checkCallSchema(parts []string, name string, loc int32) {
	if len(parts) != 2 || parts[0] == "pg_catalog" {
		return
	}
	if expr.Builtins().Has(name) {
		return
	}
	if sl, ok := t.Tables.(SchemaLookup); ok && !sl.HasSchema(parts[0]) {
		failAt(loc, pgerror.InvalidSchemaName, "schema %q does not exist", parts[0])
	}
}

// fromClause is the userFuncCall mode for a function in FROM.
var fromClause = &CallProc{}

// isUserSRF reports whether a call names a set-returning user function
// (so a SELECT-list call moves to FROM like a built-in SRF).
func (t *Translator) isUserSRF(parts []string) bool {
	for _, f := range t.userCandidates(parts) {
		if f.ReturnsSet {
			return true
		}
	}
	return false
}

// RoutineRows is a user function in FROM: it evaluates to the routine's
// rows (one row for a function not returning a set).
type RoutineRows struct {
	RoutineCall
	// Expected is the column definition list of a call of a function
	// returning record (nil otherwise): the routine sees it as
	// routine.Expected of its context.
	Expected []routine.Column
}

var _ expr.ExpectingRowSource = (*RoutineRows)(nil)

// SelfDescribed reports whether the routine is C-language: called for
// a record without a column definition list, it fails as it decides.
func (r *RoutineRows) SelfDescribed() bool { return r.Fn.Language == "c" }

// WithExpected implements expr.ExpectingRowSource.
func (r *RoutineRows) WithExpected(cols []expr.SRFColumn) expr.RowSource {
	n := *r
	n.Expected = make([]routine.Column, len(cols))
	for i, c := range cols {
		n.Expected[i] = routine.Column{Name: c.Name, Type: c.Type}
	}
	return &n
}

// RowSetRunner is the session side of a user function in FROM.
type RowSetRunner interface {
	CallRoutineRows(ctx *sql.Context, fn *catalog.Function, args []any) ([][]any, error)
}

func (r *RoutineRows) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	n := *r
	n.Args = ch
	return &n, nil
}

// RowColumns names the result columns: OUT / TABLE parameters, the
// fields of a composite result, or one column named after the function.
func (r *RoutineRows) RowColumns() []expr.SRFColumn {
	fn := r.Fn
	if outs := fn.OutputArgs(); len(outs) > 0 {
		cols := make([]expr.SRFColumn, len(outs))
		for i, a := range outs {
			name := a.Name
			if name == "" {
				name = fmt.Sprintf("column%d", i+1)
			}
			if len(outs) == 1 && a.Name == "" {
				name = fn.Name
			}
			cols[i] = expr.SRFColumn{Name: name, Type: a.Type}
		}
		return cols
	}
	if fn.Result != nil && len(fn.Result.Fields) > 0 {
		cols := make([]expr.SRFColumn, len(fn.Result.Fields))
		for i, f := range fn.Result.Fields {
			cols[i] = expr.SRFColumn{Name: f.Name, Type: f.Type}
		}
		return cols
	}
	return []expr.SRFColumn{{Name: fn.Name, Type: r.PGType()}}
}

// Eval runs the routine and returns its rows.
func (r *RoutineRows) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals := make([]any, len(r.Args))
	for i, a := range r.Args {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil && r.Fn.Strict {
			return [][]any{}, nil
		}
		vals[i] = v
	}
	rr, ok := ctx.Session.(RowSetRunner)
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "user-defined functions need a session")
	}
	if r.Expected != nil || routine.Expected(ctx) != nil {
		ctx = ctx.WithContext(routine.WithExpected(ctx.Context, r.Expected))
	}
	return rr.CallRoutineRows(ctx, r.Fn, vals)
}

// variadicShape maps a call onto a VARIADIC function with the trailing
// arguments collected into its array parameter (docs 38.5.6); a call
// written with VARIADIC passes the array itself (callShape).
func variadicShape(fn *catalog.Function, args []callArg, explicit, full bool) ([]int, bool) {
	if !fn.Variadic() || explicit || len(callParams(fn, full)) != len(fn.InputArgs()) {
		return nil, false // OUT parameters after the VARIADIC one: no spreading
	}
	in := fn.InputArgs()
	if len(args) < len(in) {
		return nil, false
	}
	slot := make([]int, len(args))
	for i, a := range args {
		if a.name != "" {
			return nil, false
		}
		slot[i] = i
		if i >= len(in)-1 {
			slot[i] = len(in) - 1
		}
	}
	return slot, true
}

// spreadVariadic replaces the trailing arguments of a VARIADIC call by an
// array of them.
func (t *Translator) spreadVariadic(fn *catalog.Function, slot []int, c []sql.Expression) ([]sql.Expression, error) {
	in := fn.InputArgs()
	last := len(in) - 1
	elem := in[last].Type.Elem
	var head, tail []sql.Expression
	for i, e := range c {
		if slot[i] < last {
			head = append(head, e)
			continue
		}
		ce, err := expr.Coerce(t.Env, e, elem, types.CastImplicit)
		if err != nil {
			return nil, err
		}
		tail = append(tail, ce)
	}
	arr, err := expr.NewArrayCtor(t.Env, tail)
	if err != nil {
		return nil, err
	}
	return append(head, arr), nil
}

// extTypeOverload reports whether a user function overloads a built-in
// on an extension base type the call passes (citext's strpos(citext,
// citext) beside strpos(text, text)): PostgreSQL's resolution prefers the
// candidate taking the argument's own type, which the built-in, reached
// through an implicit cast, is not.
func extTypeOverload(args []sql.Expression, fits func(yield func(*catalog.Function, []int) bool)) bool {
	found := false
	fits(func(fn *catalog.Function, slot []int) bool {
		in := fn.InputArgs()
		for i, e := range args {
			at := expr.TypeOf(e)
			if i < len(slot) && at != nil && at.Base().Kind == types.KindExt && slot[i] < len(in) && in[slot[i]].Type.Base().OID == at.Base().OID {
				found = true
				return false
			}
		}
		return true
	})
	return found
}
