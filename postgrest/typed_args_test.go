package postgrest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine"
)

func TestTypedArgs(t *testing.T) {
	args := []any{
		colArg{Text: "42", Type: "bigint"},
		colArg{Text: "x", Type: "bigint"}, // not valid input: left to the statement
		colArg{Text: "hi", Type: "text"},
		colArg{Type: "integer", Null: true},
		colArg{Text: "1.5", Type: "numeric(10,2)"}, // not a bound type
		colArg{Type: "jsonb", Null: true},
		"plain",
		nil,
	}
	orig := append([]any(nil), args...)
	param := func(typ string, text *string) engine.Param {
		p, err := engine.ParamFromText(typ, text)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	fortyTwo, hi := "42", "hi"
	wantEngine := []any{
		param("int8", &fortyTwo),
		"x",
		param("text", &hi),
		param("int4", nil),
		"1.5",
		nil,
		"plain",
		nil,
	}
	wantPlain := []any{"42", "x", "hi", nil, "1.5", nil, "plain", nil}
	opt := cmp.Comparer(func(a, b engine.Param) bool { return a.Type == b.Type && a.Value == b.Value })
	if diff := cmp.Diff(wantEngine, engineArgs(args), opt); diff != "" {
		t.Errorf("engineArgs: %s", diff)
	}
	if diff := cmp.Diff(wantPlain, plainArgs(args)); diff != "" {
		t.Errorf("plainArgs: %s", diff)
	}
	if diff := cmp.Diff(orig, args); diff != "" {
		t.Errorf("caller's args changed: %s", diff)
	}
}
