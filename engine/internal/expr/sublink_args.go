package expr

import "github.com/dolthub/go-mysql-server/sql"

// SublinkArgs is a subquery expression with the values of its enclosing
// query that it reads, as PostgreSQL's SubPlan carries them in its args:
// the columns a grouped query's subquery reads and the aggregates of the
// enclosing level written inside it (docs 4.2.7). go-mysql-server passes
// on from a grouping only the columns and aggregates the expressions
// above it show, and a subquery's show none, so the translator lists
// them as children beside the subquery. Only the subquery is evaluated;
// it reads the values from the row as any correlated subquery does.
type SublinkArgs struct {
	Args []sql.Expression
	Sub  sql.Expression
}

// NewSublinkArgs returns sub carrying args.
func NewSublinkArgs(sub sql.Expression, args []sql.Expression) sql.Expression {
	if len(args) == 0 {
		return sub
	}
	return &SublinkArgs{Args: args, Sub: sub}
}

func (s *SublinkArgs) Resolved() bool {
	for _, a := range s.Args {
		if !a.Resolved() {
			return false
		}
	}
	return s.Sub.Resolved()
}
func (s *SublinkArgs) Type() sql.Type   { return s.Sub.Type() }
func (s *SublinkArgs) IsNullable() bool { return s.Sub.IsNullable() }
func (s *SublinkArgs) String() string   { return s.Sub.String() }
func (s *SublinkArgs) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return s.Sub.Eval(ctx, row)
}

// Children are the args, then the subquery.
func (s *SublinkArgs) Children() []sql.Expression {
	return append(append(make([]sql.Expression, 0, len(s.Args)+1), s.Args...), s.Sub)
}

func (s *SublinkArgs) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != len(s.Args)+1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(c), len(s.Args)+1)
	}
	return &SublinkArgs{Args: c[: len(c)-1 : len(c)-1], Sub: c[len(c)-1]}, nil
}
