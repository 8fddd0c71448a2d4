package gmsadapter

import (
	"testing"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestParserKeepsSourceText(t *testing.T) {
	tests := []struct{ name, expr string }{
		{"comparison", "age >= 13"},
		{"in list", "plan IN ('free', 'pro')"},
		{"cast and function", "char_length(username::text) >= 2"},
	}
	p := NewParser(nil)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := p.ParseSimple("select " + tc.expr)
			if err != nil {
				t.Fatal(err)
			}
			sel, ok := st.(*sqlparser.Select)
			if !ok || len(sel.SelectExprs) != 1 {
				t.Fatalf("got %T, want a one-expression SELECT", st)
			}
			inj, ok := sel.SelectExprs[0].(*sqlparser.AliasedExpr).Expr.(sqlparser.InjectedExpr)
			if !ok {
				t.Fatalf("expression is %T, want the source-text wrapper", sel.SelectExprs[0].(*sqlparser.AliasedExpr).Expr)
			}
			if got := inj.Expression.(interface{ String() string }).String(); got != "source" {
				t.Errorf("wrapper is %q, want source", got)
			}
		})
	}
}

func TestParserErrors(t *testing.T) {
	p := NewParser(nil)
	if _, err := p.ParseSimple("select (("); err == nil {
		t.Fatal("want a syntax error")
	} else if pe, ok := pgerror.As(err); !ok || pe.Code != pgerror.SyntaxError {
		t.Errorf("got %v, want 42601", err)
	}
	if _, err := p.ParseSimple("-- nothing"); err != sqlparser.ErrEmpty {
		t.Errorf("empty statement: got %v, want ErrEmpty", err)
	}
}
