package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
)

// SourceText is an expression that prints as the PostgreSQL text it was
// written as. GMS stores CHECK constraints and defaults as the String() of
// the resolved expression and re-parses that text with the engine's parser,
// so the text must stay PostgreSQL.
type SourceText struct {
	Child sql.Expression
	Text  string
}

var _ sql.Expression = (*SourceText)(nil)

func (s *SourceText) Resolved() bool                                  { return s.Child.Resolved() }
func (s *SourceText) String() string                                  { return s.Text }
func (s *SourceText) Type() sql.Type                                  { return s.Child.Type() }
func (s *SourceText) IsNullable() bool                                { return s.Child.IsNullable() }
func (s *SourceText) Children() []sql.Expression                      { return []sql.Expression{s.Child} }
func (s *SourceText) Eval(ctx *sql.Context, row sql.Row) (any, error) { return s.Child.Eval(ctx, row) }

// WithChildren keeps the source text: GMS rewrites column references
// (qualifiers, indexes) but the expression's meaning is unchanged.
func (s *SourceText) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(c), 1)
	}
	return &SourceText{Child: c[0], Text: s.Text}, nil
}

// WithSourceText wraps a translated expression so it prints as text.
func WithSourceText(e sqlparser.Expr, text string) sqlparser.Expr {
	return sqlparser.InjectedExpr{
		Expression: &expr.Pending{Name: "source", Build: func(c []sql.Expression) (sql.Expression, error) {
			return &SourceText{Child: c[0], Text: text}, nil
		}},
		Children: []sqlparser.Expr{e},
	}
}

// NotValid wraps the expression of ADD CONSTRAINT ... CHECK ... NOT VALID.
// GMS evaluates the expression it is given only to check the table's
// existing rows before it stores the constraint as the expression's text;
// NOT VALID skips that check (PostgreSQL: existing rows are not checked,
// new and updated ones are), so NotValid accepts every row and prints as
// its child, whose stored text GMS re-parses for later writes.
type NotValid struct {
	Child sql.Expression
}

var _ sql.Expression = (*NotValid)(nil)

func (n *NotValid) Resolved() bool                                  { return n.Child.Resolved() }
func (n *NotValid) String() string                                  { return n.Child.String() }
func (n *NotValid) Type() sql.Type                                  { return n.Child.Type() }
func (n *NotValid) IsNullable() bool                                { return false }
func (n *NotValid) Children() []sql.Expression                      { return []sql.Expression{n.Child} }
func (n *NotValid) Eval(ctx *sql.Context, row sql.Row) (any, error) { return true, nil }

// WithChildren implements sql.Expression.
func (n *NotValid) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(c), 1)
	}
	return &NotValid{Child: c[0]}, nil
}

// withNotValid wraps a translated CHECK expression in NotValid.
func withNotValid(e sqlparser.Expr) sqlparser.Expr {
	return sqlparser.InjectedExpr{
		Expression: &expr.Pending{Name: "not_valid", Build: func(c []sql.Expression) (sql.Expression, error) {
			return &NotValid{Child: c[0]}, nil
		}},
		Children: []sqlparser.Expr{e},
	}
}
