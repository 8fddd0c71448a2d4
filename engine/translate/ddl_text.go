package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/expr"
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
