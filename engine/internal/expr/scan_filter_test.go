package expr

import (
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestScanFilterMatchesEval checks that a compiled scan filter passes
// exactly the rows on which the condition's own Eval is true, for every
// comparison operator with the column on either side, NULLs in the row
// and in the constant, boolean columns and ANDs.
func TestScanFilterMatchesEval(t *testing.T) {
	env := &types.Env{Loc: time.UTC}
	ctx := sql.NewEmptyContext()
	id := expression.NewGetField(0, types.Int8, "id", true)
	name := expression.NewGetField(1, types.Text, "name", true)
	flag := expression.NewGetField(2, types.Bool, "flag", true)
	small := expression.NewGetField(3, types.Int4, "small", true)
	rows := []sql.Row{
		{int64(1), "a", true, int64(-5)},
		{int64(2), "b", false, int64(0)},
		{int64(3), "bb", nil, int64(7)},
		{nil, nil, true, nil},
		{int64(-4), "", false, int64(2)},
	}
	mustOp := func(op string, l, r sql.Expression) sql.Expression {
		t.Helper()
		e, err := NewBinOp(env, op, l, r)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	and := func(l, r sql.Expression) sql.Expression {
		t.Helper()
		e, err := NewLogic(env, true, l, r)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	type tc struct {
		name string
		cond sql.Expression
	}
	var cases []tc
	for _, op := range []string{"=", "<>", "<", "<=", ">", ">="} {
		cases = append(cases,
			tc{"id " + op + " 2", mustOp(op, id, NewLiteral(types.Int8, int64(2)))},
			tc{"2 " + op + " id", mustOp(op, NewLiteral(types.Int8, int64(2)), id)},
			tc{"name " + op + " 'b'", mustOp(op, name, NewLiteral(types.Text, "b"))},
			tc{"'b' " + op + " name", mustOp(op, NewLiteral(types.Text, "b"), name)},
			tc{"small " + op + " 0", mustOp(op, small, NewLiteral(types.Int4, int64(0)))},
			tc{"id " + op + " NULL", mustOp(op, id, NewLiteral(types.Int8, nil))},
		)
	}
	gmsCmp := map[string]func(l, r sql.Expression) sql.Expression{
		"=":  func(l, r sql.Expression) sql.Expression { return expression.NewEquals(l, r) },
		"<":  func(l, r sql.Expression) sql.Expression { return expression.NewLessThan(l, r) },
		"<=": func(l, r sql.Expression) sql.Expression { return expression.NewLessThanOrEqual(l, r) },
		">":  func(l, r sql.Expression) sql.Expression { return expression.NewGreaterThan(l, r) },
		">=": func(l, r sql.Expression) sql.Expression { return expression.NewGreaterThanOrEqual(l, r) },
	}
	for op, mk := range gmsCmp {
		cases = append(cases,
			tc{"gms id " + op + " 2", mk(id, expression.NewLiteral(int64(2), types.Int8))},
			tc{"gms 2 " + op + " id", mk(expression.NewLiteral(int64(2), types.Int8), id)},
			tc{"gms name " + op + " 'b'", mk(name, expression.NewLiteral("b", types.Text))},
			tc{"gms 'b' " + op + " name", mk(expression.NewLiteral("b", types.Text), name)},
		)
	}
	cases = append(cases,
		tc{"gms and", expression.NewAnd(gmsCmp[">"](id, expression.NewLiteral(int64(1), types.Int8)), flag)},
		tc{"flag", flag},
		tc{"flag and id > 0", and(flag, mustOp(">", id, NewLiteral(types.Int8, int64(0))))},
		tc{"id >= 1 and name <> 'b'", and(mustOp(">=", id, NewLiteral(types.Int8, int64(1))), mustOp("<>", name, NewLiteral(types.Text, "b")))},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			test, ok := ScanFilter(ctx, c.cond, nil)
			if !ok {
				t.Fatalf("%s did not compile", c.cond)
			}
			for _, row := range rows {
				v, err := c.cond.Eval(ctx, row)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := test(row), v == true; got != want {
					t.Errorf("row %v: compiled %v, Eval %v", row, got, v)
				}
			}
		})
	}
}

// TestScanFilterDeclines checks the conditions ScanFilter leaves to Eval:
// OR, and a comparison of two columns.
func TestScanFilterDeclines(t *testing.T) {
	env := &types.Env{Loc: time.UTC}
	ctx := sql.NewEmptyContext()
	id := expression.NewGetField(0, types.Int8, "id", true)
	other := expression.NewGetField(1, types.Int8, "other", true)
	cmp, err := NewBinOp(env, "=", id, other)
	if err != nil {
		t.Fatal(err)
	}
	lit, err := NewBinOp(env, "=", id, NewLiteral(types.Int8, int64(1)))
	if err != nil {
		t.Fatal(err)
	}
	or, err := NewLogic(env, false, lit, lit)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []sql.Expression{cmp, or} {
		if _, ok := ScanFilter(ctx, e, nil); ok {
			t.Errorf("%s compiled", e)
		}
	}
}
