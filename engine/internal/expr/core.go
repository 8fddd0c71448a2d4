package expr

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Env is implemented by the engine's session: what evaluation needs from it.
type Env interface {
	TypesEnv() *types.Env
	// Setting returns a run-time parameter (SHOW / current_setting).
	Setting(name string) (string, bool)
	// SetSetting changes one (SET / set_config).
	SetSetting(name, value string, local bool) error
	// CurrentUser and SessionUser are the role names current_user and session_user report.
	CurrentUser() string
	SessionUser() string
	// SchemasOnPath lists the schemas on search_path that exist, in order.
	SchemasOnPath() []string
	Database() string
	// Notice sends a NOTICE / WARNING with the statement's result.
	Notice(severity, code, message string)
}

// SessionEnv returns ctx's session environment, or nil outside a session.
func SessionEnv(ctx *sql.Context) Env {
	if ctx != nil && ctx.Session != nil {
		if e, ok := ctx.Session.(Env); ok {
			return e
		}
	}
	return nil
}

// EnvOf returns the evaluation environment of ctx's session.
func EnvOf(ctx *sql.Context) *types.Env {
	if ctx != nil && ctx.Session != nil {
		if e, ok := ctx.Session.(Env); ok {
			return e.TypesEnv()
		}
	}
	return &types.Env{Loc: time.UTC, Now: time.Now()}
}

// TypeOf returns the PostgreSQL type of any GMS expression, mapping the
// few GMS-typed expressions the planner creates itself (COUNT(*), row
// numbers) to their PostgreSQL equivalents.
func TypeOf(e sql.Expression) *types.Type {
	return FromGMSType(e.Type())
}

// FromGMSType maps a GMS type to a PostgreSQL one.
func FromGMSType(t sql.Type) *types.Type {
	if pt, ok := t.(*types.Type); ok {
		return pt
	}
	switch {
	case t == nil || t == gmstypes.Null:
		return types.Unknown
	case gmstypes.IsInteger(t):
		return types.Int8
	case gmstypes.IsFloat(t):
		return types.Float8
	case gmstypes.IsDecimal(t):
		return types.Numeric
	case gmstypes.IsText(t):
		return types.Text
	case gmstypes.IsTime(t):
		return types.Timestamp
	case gmstypes.IsBoolean(t):
		return types.Bool
	}
	return types.Text
}

// FromGMSValue converts a value produced by a GMS expression to t's form.
func FromGMSValue(t *types.Type, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch x := v.(type) {
	case int8:
		if t.Kind == types.KindBool {
			return x != 0, nil
		}
	case uint64:
		return types.FromGo(t, int64(x))
	case int:
		return types.FromGo(t, int64(x))
	}
	return types.FromGo(t, v)
}

// base carries what every tinybase expression shares.
type base struct {
	typ *types.Type
}

func (b *base) Resolved() bool   { return true }
func (b *base) Type() sql.Type   { return b.typ }
func (b *base) IsNullable() bool { return true }

// PGType returns the expression's PostgreSQL type.
func (b *base) PGType() *types.Type { return b.typ }

// Pending is the object the translator puts in a vitess InjectedExpr: GMS
// resolves the children and calls Build with them.
type Pending struct {
	// Name says what Build makes, with whatever Build holds besides its
	// children (a constant's value, a cast's target type, an operator).
	Name  string
	Build func(children []sql.Expression) (sql.Expression, error)
	// Args are the InjectedExpr's children, printed after Name: GMS keeps
	// a subquery's printed AST as its text (plan.Subquery.QueryString) and
	// tells subqueries apart by it, so the print must hold the whole
	// expression.
	Args []sqlparser.Expr
}

var _ sqlparser.Injectable = (*Pending)(nil)

// WithResolvedChildren implements vitess Injectable.
func (p *Pending) WithResolvedChildren(children []any) (any, error) {
	es := make([]sql.Expression, len(children))
	for i, c := range children {
		e, ok := c.(sql.Expression)
		if !ok {
			return nil, fmt.Errorf("expr: child %d of %s is %T", i, p.Name, c)
		}
		es[i] = e
	}
	return p.Build(es)
}

// String prints Name(Args...).
func (p *Pending) String() string {
	if len(p.Args) == 0 {
		return p.Name
	}
	var b strings.Builder
	b.WriteString(p.Name)
	b.WriteByte('(')
	for i, a := range p.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(sqlparser.String(a))
	}
	b.WriteByte(')')
	return b.String()
}

// Literal is a constant of a PostgreSQL type. An untyped string constant
// has type unknown until context decides (PostgreSQL docs 4.1.2.7).
type Literal struct {
	base
	Value any
	// Loc is the constant's byte offset in the statement, or -1; input
	// errors raised while coercing it point there, as PostgreSQL's do.
	Loc int
	// Shown, when set, is how the constant prints: a stored default folded
	// from another constant prints as PostgreSQL keeps it, the constant
	// before its (hidden) assignment coercion.
	Shown string
	// Source marks Shown as a stored default's expression as written
	// (lower('A.B'), 1 + 2) that tinybase folded to this constant:
	// PostgreSQL never folds a stored expression, so the catalogs print
	// Shown analyzed again (pgcatalog's deparse), not the value.
	Source bool
}

// NewLiteral builds a typed constant.
func NewLiteral(t *types.Type, v any) *Literal { return &Literal{base: base{t}, Value: v, Loc: -1} }

func (l *Literal) IsNullable() bool                                       { return l.Value == nil }
func (l *Literal) Eval(*sql.Context, sql.Row) (any, error)                { return l.Value, nil }
func (l *Literal) Children() []sql.Expression                             { return nil }
func (l *Literal) WithChildren(...sql.Expression) (sql.Expression, error) { return l, nil }
func (l *Literal) String() string {
	if l.Shown != "" {
		return l.Shown
	}
	if l.Value == nil {
		return "NULL"
	}
	s := types.Output(l.typ, l.Value, nil)
	q := "'" + strings.ReplaceAll(s, "'", "''") + "'"
	if l.typ.Kind == types.KindUnknown {
		return q
	}
	switch l.typ.Kind {
	case types.KindInt4, types.KindNumeric, types.KindInt8:
		if !strings.HasPrefix(s, "-") {
			return s
		}
	case types.KindBool:
		if l.Value.(bool) {
			return "true"
		}
		return "false"
	}
	return q + "::" + l.typ.FormatType()
}

// IsUnknownLiteral reports whether e is an untyped string constant or NULL.
func IsUnknownLiteral(e sql.Expression) (*Literal, bool) {
	l, ok := e.(*Literal)
	if ok && l.typ.Kind == types.KindUnknown {
		return l, true
	}
	return nil, false
}

// evalChildren evaluates exprs, returning (values, anyNull).
func evalChildren(ctx *sql.Context, row sql.Row, exprs []sql.Expression) ([]any, bool, error) {
	vals := make([]any, len(exprs))
	null := false
	for i, e := range exprs {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, false, err
		}
		if _, ok := e.Type().(*types.Type); !ok && v != nil {
			if v, err = FromGMSValue(TypeOf(e), v); err != nil {
				return nil, false, err
			}
		}
		vals[i] = v
		if v == nil {
			null = true
		}
	}
	return vals, null, nil
}

// errUndefinedFunction builds 42883 for a call with the given argument types.
// errAmbiguousFunction is PostgreSQL's 42725 for a call several overloads
// fit equally (func_select_candidate found none better).
func errAmbiguousFunction(name string, args []*types.Type) *pgerror.Error {
	return pgerror.New(pgerror.AmbiguousFunction, "function %s is not unique", callSignature(name, args)).
		WithHint("Could not choose a best candidate function. You might need to add explicit type casts.")
}

// callSignature is name(argument types), as errors name a call.
func callSignature(name string, args []*types.Type) string {
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = a.FormatType()
	}
	return name + "(" + strings.Join(names, ", ") + ")"
}

func errUndefinedFunction(name string, args []*types.Type) *pgerror.Error {
	return pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", callSignature(name, args)).
		WithHint("No function matches the given name and argument types. You might need to add explicit type casts.")
}
