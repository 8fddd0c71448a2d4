package session

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestPGParserKeepsSourceText(t *testing.T) {
	tests := []struct{ name, expr string }{
		{"comparison", "age >= 13"},
		{"in list", "plan IN ('free', 'pro')"},
		{"cast and function", "char_length(username::text) >= 2"},
	}
	p := newPGParser()
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

func TestPGParserErrors(t *testing.T) {
	p := newPGParser()
	if _, err := p.ParseSimple("select (("); err == nil {
		t.Fatal("want a syntax error")
	} else if pe, ok := pgerror.As(err); !ok || pe.Code != pgerror.SyntaxError {
		t.Errorf("got %v, want 42601", err)
	}
	if _, err := p.ParseSimple("-- nothing"); err != sqlparser.ErrEmpty {
		t.Errorf("empty statement: got %v, want ErrEmpty", err)
	}
}

func TestConstraintErrorMapping(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		code, msg string
	}{
		{"check", sql.NewWrappedInsertError(sql.Row{1}, sql.ErrCheckConstraintViolated.New("t_a_check")),
			pgerror.CheckViolation, `new row violates check constraint "t_a_check"`},
		{"fk child", sql.ErrForeignKeyChildViolation.New("members_team_id_fkey", "members", "teams", "[3]"),
			pgerror.ForeignKeyViolation, `insert or update on table "members" violates foreign key constraint "members_team_id_fkey"`},
		{"fk parent", sql.ErrForeignKeyParentViolation.New("members_team_id_fkey", "members", "teams", "[1]"),
			pgerror.ForeignKeyViolation, `update or delete on table "teams" violates foreign key constraint "members_team_id_fkey" on table "members"`},
		{"unknown column", sql.ErrUnknownColumn.New("titel", "todos"),
			pgerror.UndefinedColumn, `column "titel" of relation "todos" does not exist`},
		{"qualified column", sql.ErrTableColumnNotFound.New("todos", "nope"),
			pgerror.UndefinedColumn, `column todos.nope does not exist`},
		{"table exists", sql.ErrTableAlreadyExists.New("teams"),
			pgerror.DuplicateTable, `relation "teams" already exists`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pe, ok := pgerror.As(mapError(tc.err))
			if !ok {
				t.Fatalf("mapError(%v) is not a pgerror", tc.err)
			}
			if pe.Code != tc.code || pe.Message != tc.msg {
				t.Errorf("got %s %q, want %s %q", pe.Code, pe.Message, tc.code, tc.msg)
			}
		})
	}
}
