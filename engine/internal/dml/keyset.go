package dml

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// keyIn is a WHERE condition true for the rows whose key columns render to
// one of a set of keys: how a DML program deletes or updates exactly the
// rows an earlier step selected.
func keyIn(h Host, sch sql.Schema, ords []int, qualifier string, keys map[string]bool) sqlparser.Expr {
	children := make(sqlparser.Exprs, len(ords))
	for i, o := range ords {
		cn := &sqlparser.ColName{Name: sqlparser.NewColIdent(sch[o].Name)}
		if qualifier != "" {
			cn.Qualifier = sqlparser.TableName{Name: sqlparser.NewTableIdent(qualifier)}
		}
		children[i] = cn
	}
	return sqlparser.InjectedExpr{Expression: &keySet{h: h, sch: sch, ords: ords, keys: keys}, Children: children}
}

type keySet struct {
	h    Host
	sch  sql.Schema
	ords []int
	keys map[string]bool
}

func (k *keySet) WithResolvedChildren(children []any) (any, error) {
	m := &keyMember{set: k, children: make([]sql.Expression, len(children))}
	for i, c := range children {
		e, ok := c.(sql.Expression)
		if !ok {
			return nil, fmt.Errorf("engine: key column %d is %T", i, c)
		}
		m.children[i] = e
	}
	return m, nil
}

func (k *keySet) String() string { return "key in (...)" }

type keyMember struct {
	set      *keySet
	children []sql.Expression
}

var _ sql.Expression = (*keyMember)(nil)

func (m *keyMember) Resolved() bool   { return true }
func (m *keyMember) String() string   { return "key in (...)" }
func (m *keyMember) Type() sql.Type   { return types.Bool }
func (m *keyMember) IsNullable() bool { return false }
func (m *keyMember) Children() []sql.Expression {
	return m.children
}
func (m *keyMember) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *m
	n.children = c
	return &n, nil
}
func (m *keyMember) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals := make(sql.Row, len(m.set.sch))
	for i, c := range m.children {
		v, err := c.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		vals[m.set.ords[i]] = v
	}
	return m.set.keys[rowKey(m.set.h, m.set.sch, m.set.ords, vals)], nil
}
