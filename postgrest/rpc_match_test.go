package postgrest

import "testing"

// TestNoRPCHint checks the "Perhaps you meant" hint against the examples
// PostgREST v14 documents for noRpcHint, and the suite's unnamed-parameter
// case.
func TestNoRPCHint(t *testing.T) {
	procs := []string{"test", "sum", "subtract"}
	desc := []*Function{
		{Args: []FuncArg{{Name: "val"}, {Name: "param"}, {Name: "name"}}},
		{Args: []FuncArg{{Name: "id"}, {Name: "attr"}}},
	}
	for _, c := range []struct {
		name, fn  string
		keys      []string
		all       []string
		overloads []*Function
		want      string
	}{
		{"close name", "testt", []string{"val", "param", "name"}, procs, nil, "Perhaps you meant to call the function api.test"},
		{"no close name", "other", nil, procs, nil, ""},
		{"far name", "noclosealternative", nil, procs, nil, ""},
		{"close params", "test", []string{"vall", "pqaram", "nam"}, procs, desc, "Perhaps you meant to call the function api.test(name, param, val)"},
		{"subset params", "test", []string{"val", "param"}, procs, desc, "Perhaps you meant to call the function api.test(name, param, val)"},
		{"other overload", "test", []string{"id", "attrs"}, procs, desc, "Perhaps you meant to call the function api.test(attr, id)"},
		{"one param", "test", []string{"id"}, procs, desc, "Perhaps you meant to call the function api.test(attr, id)"},
		{"no close params", "test", []string{"noclosealternative"}, procs, desc, ""},
		{"unnamed overloads", "polymorphic_function_with_unnamed_integer", []string{""},
			[]string{"polymorphic_function_with_different_return", "polymorphic_function_with_no_params_or_unnamed", "polymorphic_function_with_unnamed_default", "polymorphic_function_with_unnamed_default_overload", "polymorphic_function_with_unnamed_json", "polymorphic_function_with_unnamed_jsonb", "polymorphic_function_with_unnamed_text"},
			nil, "Perhaps you meant to call the function api.polymorphic_function_with_unnamed_text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, _ := noRPCHint("api", c.fn, c.keys, c.all, c.overloads)
			if got != c.want {
				t.Errorf("hint = %q, want %q", got, c.want)
			}
		})
	}
}

// TestRPCCallable is PostgREST's exposure rule: all parameters named, or
// one unnamed parameter of a type that can take the whole body.
func TestRPCCallable(t *testing.T) {
	for _, c := range []struct {
		name string
		args []FuncArg
		trig bool
		want bool
	}{
		{"no params", nil, false, true},
		{"named", []FuncArg{{Name: "a", Type: "integer"}}, false, true},
		{"unnamed text", []FuncArg{{Type: "text"}}, false, true},
		{"unnamed jsonb", []FuncArg{{Type: "jsonb"}}, false, true},
		{"unnamed integer", []FuncArg{{Type: "integer"}}, false, false},
		{"unnamed row type", []FuncArg{{Type: "messages"}}, false, false},
		{"two unnamed", []FuncArg{{Type: "text"}, {Type: "text"}}, false, false},
		{"named and unnamed text", []FuncArg{{Name: "a", Type: "integer"}, {Type: "text"}}, false, true},
		{"trigger", nil, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := rpcCallable(&Function{Args: c.args}, c.trig); got != c.want {
				t.Errorf("rpcCallable = %v, want %v", got, c.want)
			}
		})
	}
}
