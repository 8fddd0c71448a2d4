package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// BinOp is a resolved binary operator: both operands already coerced to
// the operator's input types, fn computing the result from non-NULL inputs
// (operators are strict).
type BinOp struct {
	base
	Op          string
	Left, Right sql.Expression
	fn          OpFunc
	lt, rt      *types.Type
	nonStrict   bool
}

// textCatOperand marks the cast to text of an operand of text ||
// anynonarray (Cast.TextCat).
func textCatOperand(e sql.Expression) sql.Expression {
	if c, ok := e.(*Cast); ok && c.Explicit {
		n := *c
		n.TextCat = true
		return &n
	}
	return e
}

// OpFunc computes an operator on non-NULL values.
type OpFunc func(env *types.Env, a, b any) (any, error)

// OpImpl is one operator implementation for a pair of operand types.
type OpImpl struct {
	Left, Right *types.Type // nil matches any type (anyelement-style)
	Result      func(l, r *types.Type) *types.Type
	Fn          OpFunc
	// TextCat marks text || anynonarray: the other operand is cast to text.
	TextCat bool
	// NonStrict operators (array_cat, array_append, array_prepend) see
	// NULL operands instead of returning NULL for them.
	NonStrict bool
	// Bind, when set, builds Fn for the resolved operand types (enum
	// comparisons need the enum's label order).
	Bind func(l, r *types.Type) OpFunc
}

// NewBinOp resolves operator op on l and r following PostgreSQL's operator
// type resolution (docs 10.2) closely enough for the built-in operators.
func NewBinOp(env *types.Env, op string, l, r sql.Expression) (sql.Expression, error) {
	lt, rt := TypeOf(l), TypeOf(r)
	if lt.Base().Kind == types.KindRecord && rt.Base().Kind == types.KindRecord {
		return newRecordCompare(op, l, r, lt, rt)
	}
	impl, lt2, rt2, err := resolveOperator(env, op, lt, rt)
	if err != nil {
		return nil, err
	}
	if impl.TextCat {
		// anytextcat/textanycat are $1::text || $2: an explicit cast to text
		if lt2.OID != types.Text.OID {
			if l, err = Coerce(env, l, types.Text, types.CastExplicit); err != nil {
				return nil, err
			}
			l, lt2 = textCatOperand(l), types.Text
		}
		if rt2.OID != types.Text.OID {
			if r, err = Coerce(env, r, types.Text, types.CastExplicit); err != nil {
				return nil, err
			}
			r, rt2 = textCatOperand(r), types.Text
		}
		impl = textConcat
	}
	if l, err = Coerce(env, l, lt2, types.CastImplicit); err != nil {
		return nil, err
	}
	if r, err = Coerce(env, r, rt2, types.CastImplicit); err != nil {
		return nil, err
	}
	res := impl.Result(lt2, rt2)
	fn := impl.Fn
	if impl.Bind != nil {
		fn = impl.Bind(lt2, rt2)
	}
	b := &BinOp{base: base{res}, Op: op, Left: l, Right: r, fn: fn, lt: lt2, rt: rt2, nonStrict: impl.NonStrict}
	ll, lc := l.(*Literal)
	rl, rc := r.(*Literal)
	_, comparison := compareOps[op]
	if !b.nonStrict && (lc && ll.Value == nil && !(comparison && plainOperand(r)) || rc && rl.Value == nil && !(comparison && plainOperand(l))) {
		// a strict operator with a NULL constant operand is NULL, the
		// other operand never evaluated (eval_const_expressions), and
		// so is what holds it: (NULL::date - d) * (30 % a) raises no
		// division by zero; col = NULL stays a comparison an index plan
		// reads (index_advisor binds NULLs), a column beside it raising
		// nothing
		return NewLiteral(res, nil), nil
	}
	if lc && rc {
		// Fold constants; a failing fold is left to run time, where an
		// unreached CASE arm or COALESCE argument never raises it (as
		// eval_const_expressions skips those arms).
		if v, err := b.fold(env); err == nil {
			return NewLiteral(res, v), nil
		}
	}
	return b, nil
}

// Eval evaluates both operands before a strict operator's NULL check, as
// PostgreSQL does: NULL + 1/0 raises division by zero.
func (b *BinOp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := b.Left.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	y, err := b.Right.Eval(ctx, row)
	if err != nil || (x == nil || y == nil) && !b.nonStrict {
		return nil, err
	}
	if _, ok := b.Left.Type().(*types.Type); !ok && x != nil {
		if x, err = FromGMSValue(b.lt, x); err != nil {
			return nil, err
		}
	}
	if _, ok := b.Right.Type().(*types.Type); !ok && y != nil {
		if y, err = FromGMSValue(b.rt, y); err != nil {
			return nil, err
		}
	}
	return b.fn(EnvOf(ctx), x, y)
}

// fold evaluates b over literal operands in the session environment.
func (b *BinOp) fold(env *types.Env) (any, error) {
	x, y := b.Left.(*Literal).Value, b.Right.(*Literal).Value
	if (x == nil || y == nil) && !b.nonStrict {
		return nil, nil
	}
	return b.fn(foldEnv(env), x, y)
}

func (b *BinOp) Children() []sql.Expression { return []sql.Expression{b.Left, b.Right} }
func (b *BinOp) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *b
	n.Left, n.Right = c[0], c[1]
	return &n, nil
}
func (b *BinOp) String() string { return fmt.Sprintf("(%s %s %s)", b.Left, b.Op, b.Right) }

func errNoOperator(op string, lt, rt *types.Type) *pgerror.Error {
	return pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", lt.WithMod(-1).FormatType(), op, rt.WithMod(-1).FormatType()).
		WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.")
}

func errArgType(ctxName, want string, got *types.Type) *pgerror.Error {
	return pgerror.New(pgerror.DatatypeMismatch, "argument of %s must be type %s, not type %s", ctxName, want, got.FormatType())
}

// resolveOperator picks an implementation and the operand types to coerce to.
func resolveOperator(env *types.Env, op string, lt, rt *types.Type) (OpImpl, *types.Type, *types.Type, error) {
	lb, rb := lt.Base(), rt.Base()
	cands := operators[op]
	lb, rb = asTextIfNoOperator(cands, lb, true), asTextIfNoOperator(cands, rb, false)
	if op == "||" && lb.Kind == types.KindArray && rb.Kind == types.KindArray && lb.Elem != nil && rb.Elem != nil && lb.Elem.Base().OID != rb.Elem.Base().OID {
		// array || array is anycompatiblearray's: both become arrays of
		// the elements' common type (bigint[] || int[] concatenates as
		// bigint[]), never one array appended to the other as an element
		if ct := commonType(lb.Elem.Base(), rb.Elem.Base()); ct != nil {
			if at := types.ArrayOf(ct); at != nil {
				for _, c := range cands {
					if c.Left == anyArray && c.Right == anyArray {
						return c, at, at, nil
					}
				}
			}
		}
		return OpImpl{}, nil, nil, errNoOperator(op, lt, rt)
	}
	if op == "||" && (lb.Kind == types.KindArray) != (rb.Kind == types.KindArray) && lb.Kind != types.KindUnknown && rb.Kind != types.KindUnknown {
		// (varchar keeps its type here: 'b'::varchar || text[] is varchar[])
		if c, l, r, ok := arrayElemConcat(cands, lt.Base(), rt.Base()); ok {
			return c, l, r, nil
		}
		// no other || takes an array beside a non-array (text ||
		// anynonarray wants the array side non-array)
		return OpImpl{}, nil, nil, errNoOperator(op, lt, rt)
	}
	if lb.Kind == types.KindArray && rb.Kind == types.KindArray && lb.Elem != nil && rb.Elem != nil && lb.Elem.Base().OID != rb.Elem.Base().OID {
		// anyarray operands must share one element type
		var mono []OpImpl
		for _, c := range cands {
			if !(c.Left == anyArray && c.Right == anyArray) {
				mono = append(mono, c)
			}
		}
		cands = mono
	}
	if lb.Kind == types.KindEnum && rb.Kind == types.KindEnum && lb.OID != rb.OID {
		// anyenum operands must be one enum type
		var mono []OpImpl
		for _, c := range cands {
			if !(isAnyEnum(c.Left) && isAnyEnum(c.Right)) {
				mono = append(mono, c)
			}
		}
		cands = mono
	}
	if test, ok := compareOps[op]; ok && lb.Kind == types.KindExt && (rb.OID == lb.OID || rb.Kind == types.KindUnknown) {
		// an extension base type's btree comparison (its own operators
		// when translate binds them; IN lists and ANY reach here)
		return OpImpl{Left: lb, Right: lb, Result: func(*types.Type, *types.Type) *types.Type { return types.Bool }, Fn: compareFn(lb, test)}, lb, lb, nil
	}
	// 1. exact match on both types
	for _, c := range cands {
		if matches(c.Left, lb) && matches(c.Right, rb) && lb.Kind != types.KindUnknown && rb.Kind != types.KindUnknown {
			return c, pick(c.Left, lb), pick(c.Right, rb), nil
		}
	}
	// 2. one side unknown: assume it has the other side's type
	if lb.Kind == types.KindUnknown && rb.Kind != types.KindUnknown {
		for _, c := range cands {
			if matches(c.Left, rb) && matches(c.Right, rb) {
				return c, pick(c.Left, rb), pick(c.Right, rb), nil
			}
		}
		// an unknown operand prefers the string category (docs 10.2 step 3.c)
		for _, c := range cands {
			if c.Left != nil && c.Left.OID == types.Text.OID && matches(c.Right, rb) {
				return c, c.Left, pick(c.Right, rb), nil
			}
		}
		for _, c := range cands {
			if c.Left != nil && matches(c.Right, rb) {
				return c, c.Left, pick(c.Right, rb), nil
			}
		}
	}
	if rb.Kind == types.KindUnknown && lb.Kind != types.KindUnknown {
		for _, c := range cands {
			if matches(c.Left, lb) && matches(c.Right, lb) {
				return c, pick(c.Left, lb), pick(c.Right, lb), nil
			}
		}
		for _, c := range cands {
			if matches(c.Left, lb) && c.Right != nil && c.Right.OID == types.Text.OID {
				return c, pick(c.Left, lb), c.Right, nil
			}
		}
		for _, c := range cands {
			if matches(c.Left, lb) && c.Right != nil {
				return c, pick(c.Left, lb), c.Right, nil
			}
		}
	}
	if lb.Kind == types.KindUnknown && rb.Kind == types.KindUnknown {
		for _, c := range cands {
			if matches(c.Left, types.Text) && matches(c.Right, types.Text) {
				return c, types.Text, types.Text, nil
			}
		}
	}
	// 3. implicit casts: prefer a common type of the two operands; an oid
	// with a reg* value compares through oid's operators, as PostgreSQL
	// resolves it (oideq: the reg* side is binary-coercible to oid), so a
	// scan comparing an oid column with a regclass casts the one value, not
	// every row's oid to a name
	ct := commonType(lb, rb)
	if (lb.Kind == types.KindOid && isRegType(rb)) || (rb.Kind == types.KindOid && isRegType(lb)) {
		ct = types.Oid
	}
	if ct != nil {
		if ct.Kind == types.KindFloat4 && lb.Kind != rb.Kind {
			// real with an integer or numeric uses the float48 operators,
			// whose other side is the preferred double precision
			ct = types.Float8
		}
		for _, c := range cands {
			if matches(c.Left, ct) && matches(c.Right, ct) {
				return c, pick(c.Left, ct), pick(c.Right, ct), nil
			}
		}
	}
	// 4. any candidate both operands implicitly cast to
	for _, c := range cands {
		if c.Left == nil || c.Right == nil || isRegType(c.Left) || isRegType(c.Right) ||
			c.Left == anyArray || c.Right == anyArray || isAnyEnum(c.Left) || isAnyEnum(c.Right) {
			// (polymorphic placeholders match only as above: nothing casts to them)
			// reg* types compare through oid's operators in PostgreSQL, which
			// text does not cast to: they match only exactly or for unknowns
			continue
		}
		if types.CastAllowedIn(env, lb, c.Left, types.CastImplicit) && types.CastAllowedIn(env, rb, c.Right, types.CastImplicit) {
			return c, c.Left, c.Right, nil
		}
	}
	return OpImpl{}, nil, nil, errNoOperator(op, lt, rt)
}

// arrayElemConcat resolves array || element and element || array, the
// anycompatiblearray || anycompatible operators: both sides take the
// common type of the element and the array's elements (int[] || bigint
// is bigint[]); false when there is none.
func arrayElemConcat(cands []OpImpl, lb, rb *types.Type) (OpImpl, *types.Type, *types.Type, bool) {
	arr, elem, left := lb, rb, true
	if rb.Kind == types.KindArray {
		arr, elem, left = rb, lb, false
	}
	if arr.Elem == nil {
		return OpImpl{}, nil, nil, false
	}
	ct := selectCommonType(arr.Elem.Base(), elem) // argument order: the first one stays on a tie
	if !left {
		ct = selectCommonType(elem, arr.Elem.Base())
	}
	if ct == nil || ct.IsArray() || !types.CastAllowed(elem, ct, types.CastImplicit) || !types.CastAllowed(arr.Elem.Base(), ct, types.CastImplicit) {
		return OpImpl{}, nil, nil, false
	}
	at := types.ArrayOf(ct.WithMod(-1))
	if at == nil {
		return OpImpl{}, nil, nil, false
	}
	for _, c := range cands {
		switch {
		case left && c.Left == anyArray && c.Right == nil:
			return c, at, ct.WithMod(-1), true
		case !left && c.Left == nil && c.Right == anyArray:
			return c, ct.WithMod(-1), at, true
		}
	}
	return OpImpl{}, nil, nil, false
}

func matches(want, got *types.Type) bool {
	if want == nil {
		return got.Kind != types.KindUnknown
	}
	if want.Kind == types.KindArray && want.Elem == nil {
		return got.Kind == types.KindArray
	}
	if want.Kind == types.KindEnum && want.Labels == nil {
		return got.Kind == types.KindEnum
	}
	if isAnyRecord(want) {
		return got.Kind == types.KindRecord
	}
	return want.OID == got.OID
}

func isAnyEnum(t *types.Type) bool { return t != nil && t.Kind == types.KindEnum && t.Labels == nil }

func pick(want, got *types.Type) *types.Type {
	if want == nil || (want.Kind == types.KindArray && want.Elem == nil) || (want.Kind == types.KindEnum && want.Labels == nil) || isAnyRecord(want) {
		return got
	}
	return want
}

var numericOrder = []*types.Type{types.Int2, types.Int4, types.Int8, types.Numeric, types.Float4, types.Float8}

func numIndex(t *types.Type) int {
	for i, n := range numericOrder {
		if n.OID == t.OID {
			return i
		}
	}
	return -1
}

// commonType is the type both operands implicitly convert to, if any
// (UNION/CASE resolution, docs 10.5, simplified).
func commonType(a, b *types.Type) *types.Type {
	a, b = a.Base(), b.Base()
	if a.OID == b.OID {
		return a.WithMod(-1)
	}
	if a.Kind == types.KindUnknown {
		return b
	}
	if b.Kind == types.KindUnknown {
		return a
	}
	ia, ib := numIndex(a), numIndex(b)
	if ia >= 0 && ib >= 0 {
		if (a.Kind == types.KindFloat4 && b.Kind == types.KindNumeric) || (b.Kind == types.KindFloat4 && a.Kind == types.KindNumeric) {
			return types.Float8
		}
		if ia > ib {
			return a
		}
		return b
	}
	if a.IsString() && b.IsString() {
		if (a.Kind == types.KindBpchar || b.Kind == types.KindBpchar) && (a.Kind == types.KindVarchar || b.Kind == types.KindVarchar) {
			// varchar and character cast to each other implicitly; neither
			// is preferred, so character's blank-padded semantics win
			return types.Bpchar
		}
		return types.Text
	}
	if types.CastAllowed(a, b, types.CastImplicit) {
		return b
	}
	if types.CastAllowed(b, a, types.CastImplicit) {
		return a
	}
	return nil
}

// selectCommonType is commonType as select_common_type settles a list
// (UNION, CASE, anycompatible): of two string types the first stays
// unless it is not preferred and casts to the second one-way, so varchar
// with text is varchar and text with varchar text. Operators resolve
// differently (name = text compares as text), hence commonType.
func selectCommonType(a, b *types.Type) *types.Type {
	a, b = a.Base(), b.Base()
	if a.IsString() && b.IsString() && a.OID != b.OID && a.Kind != types.KindUnknown && b.Kind != types.KindUnknown && a.Kind != types.KindBpchar && b.Kind != types.KindBpchar {
		if !a.Preferred && types.CastAllowed(a, b, types.CastImplicit) && !types.CastAllowed(b, a, types.CastImplicit) {
			return b.WithMod(-1)
		}
		return a.WithMod(-1)
	}
	return commonType(a, b)
}

// CommonType exposes selectCommonType for CASE, COALESCE, UNION and VALUES.
func CommonType(ts []*types.Type) (*types.Type, error) {
	var out *types.Type = types.Unknown
	for _, t := range ts {
		c := selectCommonType(out, t)
		if c == nil {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "%s types %s and %s cannot be matched", "CASE/UNION", out.FormatType(), t.FormatType())
		}
		out = c
	}
	if out.Kind == types.KindUnknown {
		return types.Text, nil
	}
	return out, nil
}

func isRegType(t *types.Type) bool {
	return t.Kind == types.KindRegclass || t.Kind == types.KindRegtype || types.IsRegObject(t)
}

// asTextIfNoOperator treats varchar, bpchar and name as text when op has
// no implementation of their own on that side: they have no operators
// besides comparisons and reach text's through their implicit cast.
func asTextIfNoOperator(cands []OpImpl, t *types.Type, left bool) *types.Type {
	if !t.IsString() || t.Kind == types.KindText || t.Kind == types.KindUnknown {
		return t
	}
	for _, c := range cands {
		side := c.Right
		if left {
			side = c.Left
		}
		if side != nil && side.OID == t.OID {
			return t
		}
	}
	return types.Text
}

// plainOperand reports whether evaluating e can raise nothing and costs
// nothing: a column or a constant.
func plainOperand(e sql.Expression) bool {
	switch e.(type) {
	case *expression.GetField, *Literal:
		return true
	}
	return false
}
