package expr

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Case is CASE WHEN c THEN r ... ELSE e END (a simple CASE is translated
// into this searched form with = comparisons).
type Case struct {
	base
	Conds   []sql.Expression
	Results []sql.Expression
	Else    sql.Expression // may be nil
}

// NewCase resolves the branches to a common type (docs 10.5).
func NewCase(env *types.Env, conds, results []sql.Expression, els sql.Expression) (sql.Expression, error) {
	all := append([]sql.Expression{}, results...)
	if els != nil {
		all = append(all, els)
	}
	t, err := unify(env, all)
	if err != nil {
		return nil, err
	}
	if els == nil {
		t = t.WithMod(-1) // the missing ELSE is a NULL of no typmod
	}
	for i := range conds {
		if conds[i], err = requireBool(env, conds[i], "CASE/WHEN"); err != nil {
			return nil, err
		}
	}
	for i := range results {
		results[i] = all[i]
	}
	if els != nil {
		els = all[len(all)-1]
	}
	return &Case{base{t}, conds, results, els}, nil
}

// unify coerces exprs in place to their common type and returns it.
// commonTypmod is the typmod of values of types ts resolved to t: the
// one they all have, else none (PostgreSQL's select_common_typmod).
func commonTypmod(ts []*types.Type, t *types.Type) int32 {
	mod := ts[0].Mod
	for _, x := range ts {
		if x.OID != t.OID || x.Mod != mod {
			return -1
		}
	}
	return mod
}

func unify(env *types.Env, exprs []sql.Expression) (*types.Type, error) {
	ts := make([]*types.Type, len(exprs))
	for i, e := range exprs {
		ts[i] = TypeOf(e)
	}
	t, err := CommonType(ts)
	if err != nil {
		return nil, err
	}
	// the result keeps a typmod only when every input has it
	// (select_common_typmod): GREATEST(numeric(10,2), 10) is numeric
	t = t.WithMod(commonTypmod(ts, t))
	for i, e := range exprs {
		if exprs[i], err = Coerce(env, e, t, types.CastImplicit); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func (c *Case) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	for i, cond := range c.Conds {
		v, err := cond.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == true {
			return c.Results[i].Eval(ctx, row)
		}
	}
	if c.Else != nil {
		return c.Else.Eval(ctx, row)
	}
	return nil, nil
}
func (c *Case) Children() []sql.Expression {
	out := append(append([]sql.Expression{}, c.Conds...), c.Results...)
	if c.Else != nil {
		out = append(out, c.Else)
	}
	return out
}
func (c *Case) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	n := *c
	k := len(c.Conds)
	n.Conds = ch[:k]
	n.Results = ch[k : 2*k]
	if c.Else != nil {
		n.Else = ch[2*k]
	}
	return &n, nil
}

// String spells every branch: GMS identifies expressions by their text,
// and two CASEs with as many branches grouped side by side read as one
// key (the second column showed the first's values).
func (c *Case) String() string {
	var b strings.Builder
	b.WriteString("CASE")
	for i := range c.Conds {
		fmt.Fprintf(&b, " WHEN %s THEN %s", c.Conds[i], c.Results[i])
	}
	if c.Else != nil {
		fmt.Fprintf(&b, " ELSE %s", c.Else)
	}
	b.WriteString(" END")
	return b.String()
}

// Variadic covers COALESCE, GREATEST, LEAST and NULLIF.
type Variadic struct {
	base
	Kind string // coalesce, greatest, least, nullif
	Args []sql.Expression
}

// NewVariadic resolves args to a common type.
func NewVariadic(env *types.Env, kind string, args []sql.Expression) (sql.Expression, error) {
	// PostgreSQL's planner drops COALESCE's NULL constants before the
	// result's typmod is read: COALESCE(NULL, a) is a's type
	var kept []*types.Type
	for _, a := range args {
		if l, ok := a.(*Literal); !ok || l.Value != nil {
			kept = append(kept, TypeOf(a))
		}
	}
	var orig []*types.Type // before unify coerces args in place
	for _, a := range args {
		orig = append(orig, TypeOf(a))
	}
	t, err := unify(env, args)
	if err != nil {
		return nil, err
	}
	if kind == "coalesce" && len(kept) > 0 {
		t = t.WithMod(commonTypmod(kept, t))
	}
	if kind == "nullif" {
		t = TypeOf(args[0])
		// PostgreSQL's result is the left input type of the = it picks:
		// between integers (or floats) a cross-type = leaves the first
		// argument as it is, so nullif(int, bigint) is an int; here the
		// comparison runs in the common type and the result is cast back
		if a0, a1 := orig[0], orig[len(orig)-1]; len(orig) == 2 && a0.Kind != t.Kind &&
			(intKind(a0.Kind) && intKind(a1.Kind) || floatKind(a0.Kind) && floatKind(a1.Kind)) {
			return Coerce(env, &Variadic{base{t}, kind, args}, a0, types.CastAssignment)
		}
	}
	return &Variadic{base{t}, kind, args}, nil
}

func (v *Variadic) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	switch v.Kind {
	case "coalesce":
		for _, a := range v.Args {
			x, err := a.Eval(ctx, row)
			if err != nil || x != nil {
				return x, err
			}
		}
		return nil, nil
	case "nullif":
		// both arguments are evaluated, as PostgreSQL's executor does (an
		// error in the second raises even when the first is NULL), but
		// with a NULL constant its planner has made it the first already
		if nullConst(v.Args[0]) || nullConst(v.Args[1]) {
			return v.Args[0].Eval(ctx, row)
		}
		a, err := v.Args[0].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		b, err := v.Args[1].Eval(ctx, row)
		if err != nil || a == nil {
			return nil, err
		}
		if b != nil && types.Compare(v.typ, a, b) == 0 {
			return nil, nil
		}
		return a, nil
	}
	var best any
	for _, a := range v.Args {
		x, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if x == nil {
			continue
		}
		if best == nil {
			best = x
			continue
		}
		c := types.Compare(v.typ, x, best)
		if (v.Kind == "greatest" && c > 0) || (v.Kind == "least" && c < 0) {
			best = x
		}
	}
	return best, nil
}
func (v *Variadic) Children() []sql.Expression { return v.Args }
func (v *Variadic) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *v
	n.Args = c
	return &n, nil
}

// String prints the call as PostgreSQL deparses it (COALESCE(a, b)): a
// column default's text is read back from it (pg_attrdef, checkpoints).
func (v *Variadic) String() string {
	args := make([]string, len(v.Args))
	for i, a := range v.Args {
		args[i] = a.String()
	}
	return strings.ToUpper(v.Kind) + "(" + strings.Join(args, ", ") + ")"
}

func intKind(k types.Kind) bool {
	return k == types.KindInt2 || k == types.KindInt4 || k == types.KindInt8
}
func floatKind(k types.Kind) bool { return k == types.KindFloat4 || k == types.KindFloat8 }

// nullConst reports whether e is a NULL constant.
func nullConst(e sql.Expression) bool {
	l, ok := e.(*Literal)
	return ok && l.Value == nil
}
