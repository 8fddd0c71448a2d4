package session

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/internal/pgerror"
)

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
