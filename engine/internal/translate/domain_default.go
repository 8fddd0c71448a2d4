package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DomainDefault marks a column default taken from the column's domain
// (domainColumn): PostgreSQL applies a domain's default from the type at
// INSERT time and stores none for the column, so the catalogs
// (pg_attrdef, atthasdef, information_schema.columns.column_default) list
// no default for it, while inserts still evaluate it here.
//
// Domain, when set, is the column's domain: its constraints check the
// value when an INSERT takes the default (PostgreSQL's CoerceToDomain
// over the default), with PostgreSQL's error; the default itself is of
// the base type, so a table over a domain whose default breaks them is
// created, as in PostgreSQL.
type DomainDefault struct {
	Child  sql.Expression
	Domain *types.Type
}

var _ sql.Expression = (*DomainDefault)(nil)

func (d *DomainDefault) Resolved() bool             { return d.Child.Resolved() }
func (d *DomainDefault) String() string             { return d.Child.String() }
func (d *DomainDefault) Type() sql.Type             { return d.Child.Type() }
func (d *DomainDefault) IsNullable() bool           { return d.Child.IsNullable() }
func (d *DomainDefault) Children() []sql.Expression { return []sql.Expression{d.Child} }
func (d *DomainDefault) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.Child.Eval(ctx, row)
	if err != nil || d.Domain == nil {
		return v, err
	}
	v, _, err = d.Domain.Convert(ctx, v)
	return v, err
}

// WithChildren keeps the mark.
func (d *DomainDefault) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(c), 1)
	}
	return &DomainDefault{Child: c[0], Domain: d.Domain}, nil
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
func withDomainDefault(e sqlparser.Expr, domain *types.Type) sqlparser.Expr {
	return sqlparser.InjectedExpr{
		Expression: &expr.Pending{Name: "domain default", Build: func(c []sql.Expression) (sql.Expression, error) {
			return &DomainDefault{Child: c[0], Domain: domain}, nil
		}},
		Children: []sqlparser.Expr{e},
	}
}

// DomainDefaultExpr is the default a column of domain typ takes from the
// domain, whose default's SQL text is text (domainColumn's).
func (t *Translator) DomainDefaultExpr(text string, typ *types.Type) (e sqlparser.Expr, err error) {
	defer recoverPG(&err)
	n, err := ParseExpr(text)
	if err != nil {
		return nil, pgerror.New(pgerror.SyntaxError, "%v", err)
	}
	return withDomainDefault(t.assignTo(n, typ.Base().WithMod(-1)), typ), nil // as domainDefault
}

// DomainDefaultCheck translates a domain default as ALTER DOMAIN ... SET
// DEFAULT checks it (cookDefault): assigned to the base type, a failure
// naming the domain as the column.
func (t *Translator) DomainDefaultCheck(text string, base *types.Type, domain string) (e sqlparser.Expr, err error) {
	defer recoverPG(&err)
	n, err := ParseExpr(text)
	if err != nil {
		return nil, pgerror.New(pgerror.SyntaxError, "%v", err)
	}
	// without the typmod: PostgreSQL applies a varchar(n) domain's
	// length when an INSERT takes the default, not here
	return t.assignDefault(n, base.Base().WithMod(-1), domain), nil
}
