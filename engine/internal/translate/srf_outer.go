package translate

import "github.com/dolthub/vitess/go/vt/sqlparser"

// outerRefTableFunc wraps the first FROM function of a scalar or EXISTS
// subquery whose arguments refer to columns as a derived table. GMS builds
// a table function's arguments in the subquery's own scope, where a
// reference to the outer query does not mark the subquery correlated, so
// its result was cached and every outer row saw the first row's value
// (select (select sum(x) from unnest(t.a) x) from t). One scope deeper the
// outer reference marks the subquery correlated like any outer column.
// Levels GMS already builds as derived tables (FROM subqueries, and the
// ARRAY / ANY / ALL sublinks, translated over a derived table) resolve
// correctly and are not wrapped (queryScope.derived).
func outerRefTableFunc(tf *sqlparser.TableFuncExpr, alias string) sqlparser.TableExpr {
	sub := &sqlparser.Select{SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}}, From: sqlparser.TableExprs{tf}}
	return &sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: sub}, As: sqlparser.NewTableIdent(alias)}
}
