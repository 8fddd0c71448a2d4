package engine

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/pgerror"
)

func TestViolationDetails(t *testing.T) {
	eng, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := eng.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for _, q := range []string{
		"CREATE TABLE a (id int PRIMARY KEY, age int CHECK (age >= 13))",
		"CREATE TABLE b (id int PRIMARY KEY, age int CHECK (age >= 13), name text NOT NULL)",
	} {
		rows, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		rows.Close()
	}
	tests := []struct {
		name, sql                    string
		code, table, message, detail string
	}{
		{"check names the target table", "INSERT INTO b VALUES (1, 9, 'kid')", pgerror.CheckViolation, "b",
			`new row for relation "b" violates check constraint "b_age_check"`, "Failing row contains (1, 9, kid)."},
		{"not null", "INSERT INTO b VALUES (2, 20, NULL)", pgerror.NotNullViolation, "b",
			`null value in column "name" of relation "b" violates not-null constraint`, "Failing row contains (2, 20, null)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := s.Query(ctx, tc.sql)
			if err == nil {
				err = rows.Close()
			}
			pe, ok := pgerror.As(err)
			if !ok {
				t.Fatalf("got %v, want a pgerror", err)
			}
			if pe.Code != tc.code || pe.Table != tc.table || pe.Message != tc.message || pe.Detail != tc.detail {
				t.Errorf("got %s table=%q %q detail %q\nwant %s table=%q %q detail %q",
					pe.Code, pe.Table, pe.Message, pe.Detail, tc.code, tc.table, tc.message, tc.detail)
			}
		})
	}
}
