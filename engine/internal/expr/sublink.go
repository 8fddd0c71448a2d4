package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// GMSBool gives a GMS predicate (EXISTS, IN (subquery)), whose type is
// MySQL's tinyint boolean, PostgreSQL's boolean type.
type GMSBool struct {
	base
	Child sql.Expression
}

// NewGMSBool wraps a GMS predicate.
func NewGMSBool(e sql.Expression) sql.Expression {
	if _, ok := e.Type().(*types.Type); ok {
		return e
	}
	return &GMSBool{base{types.Bool}, e}
}

func (b *GMSBool) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch x := v.(type) {
	case bool:
		return x, nil
	case int8:
		return x != 0, nil
	}
	if n, ok := asInt64(v); ok {
		return n != 0, nil
	}
	return nil, fmt.Errorf("expr: %T is not a boolean", v)
}
func (b *GMSBool) Children() []sql.Expression { return []sql.Expression{b.Child} }
func (b *GMSBool) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &GMSBool{b.base, c[0]}, nil
}
func (b *GMSBool) String() string { return b.Child.String() }

// sublinkAggregate resolves the internal aggregates the translator uses
// for ARRAY(subquery) and "x op ALL/ANY (subquery)".
func sublinkAggregate(name string, ts []*types.Type) (*aggDef, bool) {
	switch name {
	case "$array":
		t := ts[0]
		return &aggDef{result: types.ArrayOf(t), newState: func(*types.Env) aggState { return &arrayState{elem: t, seen: true} }}, true
	case "$all", "$any":
		all := name == "$all"
		return &aggDef{result: types.Bool, newState: func(*types.Env) aggState { return &quantState{all: all} }}, true
	}
	return nil, false
}

// quantState folds comparison results with ALL/ANY's three-valued logic.
type quantState struct {
	all, decided, null bool
}

func (s *quantState) step(v []any) error {
	if s.decided {
		return nil
	}
	if v[0] == nil {
		s.null = true
		return nil
	}
	if v[0].(bool) != s.all {
		s.decided = true
	}
	return nil
}

func (s *quantState) final() (any, error) {
	if s.decided {
		return !s.all, nil
	}
	if s.null {
		return nil, nil
	}
	return s.all, nil
}
