package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The entry points below rebuild a table's stored expressions from their
// text as CREATE TABLE / CREATE INDEX translated them, for the engine's
// bootstrap image (engine/internal/session/bootstrap_image.go).

// ColumnDefault translates column col's DEFAULT expression n as CREATE
// TABLE does: coerced to typ with assignment rules, in parentheses.
func (t *Translator) ColumnDefault(n *pg.Node, typ *types.Type, col string) (e sqlparser.Expr, err error) {
	defer recoverPG(&err)
	return &sqlparser.ParenExpr{Expr: t.assignDefault(n, typ, col)}, nil
}

// GeneratedColumn translates a stored generated column's expression n as
// CREATE TABLE does.
func (t *Translator) GeneratedColumn(n *pg.Node, typ *types.Type) (e sqlparser.Expr, err error) {
	defer recoverPG(&err)
	return t.generated(&pg.Constraint{RawExpr: n}, typ), nil
}

// ScalarSource translates an expression kept as source text (an
// expression index's key part).
func (t *Translator) ScalarSource(src string) (sqlparser.Expr, error) {
	n, err := ParseExpr(src)
	if err != nil {
		return nil, err
	}
	return t.Scalar(n)
}

// IndexPredicateSource is IndexPredicate of a predicate kept as source
// text.
func (t *Translator) IndexPredicateSource(src string) (sqlparser.Expr, error) {
	n, err := ParseExpr(src)
	if err != nil {
		return nil, err
	}
	return t.IndexPredicate(n)
}

// IndexPredicate translates a partial index's WHERE expression n as
// CREATE INDEX does.
func (t *Translator) IndexPredicate(n *pg.Node) (e sqlparser.Expr, err error) {
	defer recoverPG(&err)
	return t.indexPredicate(n), nil
}

// indexPredicate translates a partial index's WHERE clause: a boolean.
func (t *Translator) indexPredicate(n *pg.Node) sqlparser.Expr {
	return t.inject("WHERE", -1, []sqlparser.Expr{t.scalar(n)}, func(c []sql.Expression) (sql.Expression, error) {
		typ := expr.TypeOf(c[0])
		if typ.Kind != types.KindBool && typ.Kind != types.KindUnknown {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of WHERE must be type boolean, not type %s", typ.FormatType())
		}
		return expr.Coerce(t.Env, c[0], types.Bool, types.CastImplicit)
	})
}

func recoverPG(err *error) {
	if r := recover(); r != nil {
		if pe, ok := r.(*pgerror.Error); ok {
			*err = pe
			return
		}
		panic(r)
	}
}
