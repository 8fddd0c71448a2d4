package types

import (
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// fakeRelations knows one relation, public.users, with OID 16500.
type fakeRelations struct{}

func (fakeRelations) RelationOID(name string) (uint32, error) {
	if name == "users" || name == "public.users" {
		return 16500, nil
	}
	return 0, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", name)
}

func (fakeRelations) RelationName(oid uint32) string {
	if oid == 16500 {
		return "users"
	}
	return "999"
}

func TestRegclassWithRelations(t *testing.T) {
	env := &Env{Relations: fakeRelations{}}
	tests := []struct {
		name     string
		run      func() (any, error)
		want     any
		wantCode string
	}{
		{"input canonical", func() (any, error) { return Input(Regclass, "public.users", env) }, "users", ""},
		{"input folds case", func() (any, error) { return Input(Regclass, "USERS", env) }, "users", ""},
		{"input missing", func() (any, error) { return Input(Regclass, "nope", env) }, nil, pgerror.UndefinedTable},
		{"input number", func() (any, error) { return Input(Regclass, "16500", env) }, "users", ""},
		{"to oid", func() (any, error) { return Cast("users", Regclass, Oid, true, env) }, uint32(16500), ""},
		{"from oid", func() (any, error) { return Cast(uint32(16500), Oid, Regclass, true, env) }, "users", ""},
		{"no resolver keeps the name", func() (any, error) { return Input(Regclass, "Nope", nil) }, "nope", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.run()
			if tt.wantCode != "" {
				pe, ok := err.(*pgerror.Error)
				if !ok || pe.Code != tt.wantCode {
					t.Fatalf("err = %v, want SQLSTATE %s", err, tt.wantCode)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}
