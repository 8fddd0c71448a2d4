package gmsadapter

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// PostgreSQL checks an inserted row's row security WITH CHECK policies
// before its constraints (ExecInsert: ExecWithCheckOptions, then
// ExecConstraints), so anon inserting a row whose `default auth.uid()`
// is NULL meets the policy (42501) before NOT NULL (23502). GMS's insert
// checks NOT NULL first, so an INSERT's row security checks move out of
// its check constraints into rowChecksFirst over its row source, built
// above the BEFORE triggers (which PostgreSQL fires before both).

// rowChecksFirst evaluates checks over each row of its child.
type rowChecksFirst struct {
	plan.UnaryNode
	checks sql.CheckConstraints
	width  int // the insert's row width; outer-scope values come first
}

func (r *rowChecksFirst) Schema() sql.Schema { return r.Child.Schema() }
func (r *rowChecksFirst) IsReadOnly() bool   { return r.Child.IsReadOnly() }
func (r *rowChecksFirst) String() string     { return "RowChecksFirst(" + r.Child.String() + ")" }
func (r *rowChecksFirst) WithChildren(c ...sql.Node) (sql.Node, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(c), 1)
	}
	n := *r
	n.Child = c[0]
	return &n, nil
}

// rowChecksFirstInsert returns ii with its row security checks moved
// onto its source, or nil when there is nothing to move. An INSERT with
// ON DUPLICATE expressions keeps them: its update path checks them too.
func rowChecksFirstInsert(ii *plan.InsertInto, isRowCheck func(string) bool) *plan.InsertInto {
	if isRowCheck == nil || len(ii.OnDupExprs) > 0 || ii.Source == nil {
		return nil
	}
	if _, done := ii.Source.(*rowChecksFirst); done {
		return nil
	}
	var first, rest sql.CheckConstraints
	for _, c := range ii.Checks() {
		if isRowCheck(c.Name) {
			first = append(first, c)
		} else {
			rest = append(rest, c)
		}
	}
	if len(first) == 0 {
		return nil
	}
	n := ii.WithChecks(rest).(*plan.InsertInto)
	return n.WithSource(&rowChecksFirst{UnaryNode: plan.UnaryNode{Child: ii.Source}, checks: first, width: len(ii.Destination.Schema())})
}

type rowChecksIter struct {
	checks sql.CheckConstraints
	width  int
	child  sql.RowIter
}

func (i *rowChecksIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := i.child.Next(ctx)
	if err != nil {
		return row, err
	}
	r := row
	if len(r) > i.width {
		r = r[len(r)-i.width:] // as the insert prunes it
	}
	for _, c := range i.checks {
		if !c.Enforced {
			continue
		}
		res, err := sql.EvaluateCondition(ctx, c.Expr, r)
		if err != nil {
			return nil, err
		}
		if sql.IsFalse(res) {
			return nil, sql.NewWrappedInsertError(r, sql.ErrCheckConstraintViolated.New(c.Name))
		}
	}
	return row, nil
}

func (i *rowChecksIter) Close(ctx *sql.Context) error { return i.child.Close(ctx) }

// PostgreSQL's CHECK violation names the failing row in its DETAIL
// ("Failing row contains (...)."). GMS's update iterator raises the
// violation without the row, so an UPDATE's CHECK constraints are
// wrapped to raise it themselves, with the row (failingRowCheck).

// failingRowCheckUpdate returns u with its CHECK constraints (not its
// row security checks) wrapped, or nil when there is nothing to wrap.
func failingRowCheckUpdate(u *plan.Update, isRowCheck func(string) bool) *plan.Update {
	checks := u.Checks()
	var out sql.CheckConstraints
	for i, c := range checks {
		if _, done := c.Expr.(*failingRowCheck); done || (isRowCheck != nil && isRowCheck(c.Name)) {
			continue
		}
		if out == nil {
			out = slices.Clone(checks)
		}
		w := *c
		w.Expr = &failingRowCheck{Expression: c.Expr, name: c.Name}
		out[i] = &w
	}
	if out == nil {
		return nil
	}
	return u.WithChecks(out).(*plan.Update)
}

// failingRowCheck is a CHECK constraint's condition that fails with the
// violation and the row when the condition is false.
type failingRowCheck struct {
	sql.Expression
	name string
}

func (c *failingRowCheck) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if sql.IsFalse(v) {
		return nil, sql.NewWrappedInsertError(row, sql.ErrCheckConstraintViolated.New(c.name))
	}
	return v, nil
}

func (c *failingRowCheck) Children() []sql.Expression { return []sql.Expression{c.Expression} }

func (c *failingRowCheck) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 1)
	}
	return &failingRowCheck{Expression: ch[0], name: c.name}, nil
}
