package session

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitStatements(t *testing.T) {
	tests := []struct {
		name   string
		script string
		want   []Statement
	}{
		{"one", "select 1", []Statement{{SQL: "select 1", Offset: 0}}},
		{"two", "select 1;\n  select 2;\n", []Statement{{SQL: "select 1", Offset: 0}, {SQL: "select 2", Offset: 12}}},
		{"comments only", "-- nothing\n/* here */;\n", nil},
		{"trailing comment", "select 1; -- done\n", []Statement{{SQL: "select 1", Offset: 0}}},
		{"unbalanced tail", "select 1;\ncreate table x(\n", []Statement{{SQL: "select 1", Offset: 0}, {SQL: "create table x(", Offset: 10}}},
		{"unbalanced only", "create table x(", []Statement{{SQL: "create table x(", Offset: 0}}},
		{"unbalanced after comment", "select 1;\n-- next\nselect (1", []Statement{{SQL: "select 1", Offset: 0}, {SQL: "select (1", Offset: 18}}},
		{"semicolon in string", "select ';';", []Statement{{SQL: "select ';'", Offset: 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SplitStatements(tt.script)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SplitStatements(%q) (-want +got):\n%s", tt.script, diff)
			}
		})
	}
}
