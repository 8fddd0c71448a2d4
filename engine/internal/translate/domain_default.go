package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
)

// DomainDefault marks a column default taken from the column's domain
// (domainColumn): PostgreSQL applies a domain's default from the type at
// INSERT time and stores none for the column, so the catalogs
// (pg_attrdef, atthasdef, information_schema.columns.column_default) list
// no default for it, while inserts still evaluate it here.
type DomainDefault struct{ Child sql.Expression }

var _ sql.Expression = (*DomainDefault)(nil)

func (d *DomainDefault) Resolved() bool             { return d.Child.Resolved() }
func (d *DomainDefault) String() string             { return d.Child.String() }
func (d *DomainDefault) Type() sql.Type             { return d.Child.Type() }
func (d *DomainDefault) IsNullable() bool           { return d.Child.IsNullable() }
func (d *DomainDefault) Children() []sql.Expression { return []sql.Expression{d.Child} }
func (d *DomainDefault) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return d.Child.Eval(ctx, row)
}

// WithChildren keeps the mark.
func (d *DomainDefault) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(c), 1)
	}
	return &DomainDefault{Child: c[0]}, nil
}

// IsDomainDefault reports whether a column default is its domain's.
func IsDomainDefault(d *sql.ColumnDefaultValue) bool {
	if d == nil {
		return false
	}
	_, ok := d.Expr.(*DomainDefault)
	return ok
}

// withDomainDefault wraps a translated default in DomainDefault.
func withDomainDefault(e sqlparser.Expr) sqlparser.Expr {
	return sqlparser.InjectedExpr{
		Expression: &expr.Pending{Name: "domain default", Build: func(c []sql.Expression) (sql.Expression, error) {
			return &DomainDefault{Child: c[0]}, nil
		}},
		Children: []sqlparser.Expr{e},
	}
}
