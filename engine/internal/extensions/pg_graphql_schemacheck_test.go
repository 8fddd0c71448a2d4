package extensions_test

import (
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// introSchema is a schema as a client rebuilds it from an introspection
// result; checkIntrospection checks what buildClientSchema relies on,
// validate what a client checks a request against before sending it.
type introSchema struct {
	types           map[string]map[string]any
	query, mutation string
}

func listOfMaps(v any) []map[string]any {
	xs, _ := v.([]any)
	out := make([]map[string]any, 0, len(xs))
	for _, x := range xs {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func str(v any) string { s, _ := v.(string); return s }

// refString prints a type reference as SDL; it fails when a reference
// is malformed or names a type the result does not declare (or declares
// with another kind).
func (s *introSchema) refString(ref map[string]any) (string, error) {
	if ref == nil {
		return "", fmt.Errorf("missing type reference")
	}
	switch k := str(ref["kind"]); k {
	case "NON_NULL", "LIST":
		of, _ := ref["ofType"].(map[string]any)
		if of == nil {
			return "", fmt.Errorf("%s without ofType", k)
		}
		if k == "NON_NULL" && str(of["kind"]) == "NON_NULL" {
			return "", fmt.Errorf("NON_NULL of NON_NULL")
		}
		inner, err := s.refString(of)
		if k == "LIST" {
			return "[" + inner + "]", err
		}
		return inner + "!", err
	default:
		name := str(ref["name"])
		t := s.types[name]
		if t == nil {
			return "", fmt.Errorf("type %q is referenced but not declared", name)
		}
		if str(t["kind"]) != k {
			return "", fmt.Errorf("type %q referenced as %s, declared %s", name, k, str(t["kind"]))
		}
		return name, nil
	}
}

func namedKind(ref map[string]any) (string, string) {
	for {
		k := str(ref["kind"])
		if k != "NON_NULL" && k != "LIST" {
			return str(ref["name"]), k
		}
		ref, _ = ref["ofType"].(map[string]any)
		if ref == nil {
			return "", ""
		}
	}
}

func (s *introSchema) checkInputs(where string, ins []map[string]any) error {
	seen := map[string]bool{}
	for _, in := range ins {
		n := str(in["name"])
		if n == "" || seen[n] {
			return fmt.Errorf("%s: empty or repeated input name %q", where, n)
		}
		seen[n] = true
		ref, _ := in["type"].(map[string]any)
		if _, err := s.refString(ref); err != nil {
			return fmt.Errorf("%s.%s: %w", where, n, err)
		}
		if _, k := namedKind(ref); k != "SCALAR" && k != "ENUM" && k != "INPUT_OBJECT" {
			return fmt.Errorf("%s.%s: input of output kind %s", where, n, k)
		}
	}
	return nil
}

// checkIntrospection checks an introspection result's __schema.
func checkIntrospection(schema map[string]any) (*introSchema, error) {
	s := &introSchema{types: map[string]map[string]any{}}
	for _, t := range listOfMaps(schema["types"]) {
		n := str(t["name"])
		if n == "" || s.types[n] != nil {
			return nil, fmt.Errorf("empty or repeated type name %q", n)
		}
		s.types[n] = t
	}
	for _, n := range []string{"Int", "Float", "String", "Boolean", "ID", "__Schema", "__Type"} {
		if s.types[n] == nil {
			return nil, fmt.Errorf("type %q is not declared", n)
		}
	}
	fieldTypes := func(t map[string]any) map[string]string {
		out := map[string]string{}
		for _, f := range listOfMaps(t["fields"]) {
			ts, _ := s.refString(f["type"].(map[string]any))
			out[str(f["name"])] = ts
		}
		return out
	}
	for n, t := range s.types {
		switch str(t["kind"]) {
		case "SCALAR":
		case "ENUM":
			if len(listOfMaps(t["enumValues"])) == 0 {
				return nil, fmt.Errorf("enum %s has no values", n)
			}
		case "INPUT_OBJECT":
			ins := listOfMaps(t["inputFields"])
			if len(ins) == 0 {
				return nil, fmt.Errorf("input %s has no fields", n)
			}
			if err := s.checkInputs(n, ins); err != nil {
				return nil, err
			}
		case "OBJECT", "INTERFACE":
			fs := listOfMaps(t["fields"])
			if len(fs) == 0 {
				return nil, fmt.Errorf("%s has no fields", n)
			}
			seen := map[string]bool{}
			for _, f := range fs {
				fn := str(f["name"])
				if fn == "" || seen[fn] {
					return nil, fmt.Errorf("%s: empty or repeated field %q", n, fn)
				}
				seen[fn] = true
				ref, _ := f["type"].(map[string]any)
				if _, err := s.refString(ref); err != nil {
					return nil, fmt.Errorf("%s.%s: %w", n, fn, err)
				}
				if _, k := namedKind(ref); k == "INPUT_OBJECT" {
					return nil, fmt.Errorf("%s.%s: output of input type", n, fn)
				}
				if err := s.checkInputs(n+"."+fn, listOfMaps(f["args"])); err != nil {
					return nil, err
				}
			}
			own := fieldTypes(t)
			for _, i := range listOfMaps(t["interfaces"]) {
				if _, err := s.refString(i); err != nil {
					return nil, fmt.Errorf("%s implements: %w", n, err)
				}
				for fn, ft := range fieldTypes(s.types[str(i["name"])]) {
					if own[fn] != ft {
						return nil, fmt.Errorf("%s does not implement %s.%s: %s", n, str(i["name"]), fn, ft)
					}
				}
			}
			for _, p := range listOfMaps(t["possibleTypes"]) {
				if _, err := s.refString(p); err != nil {
					return nil, fmt.Errorf("%s possible type: %w", n, err)
				}
			}
		default:
			return nil, fmt.Errorf("type %s has kind %v", n, t["kind"])
		}
	}
	for _, d := range listOfMaps(schema["directives"]) {
		if err := s.checkInputs("@"+str(d["name"]), listOfMaps(d["args"])); err != nil {
			return nil, err
		}
	}
	q, _ := schema["queryType"].(map[string]any)
	s.query = str(q["name"])
	if t := s.types[s.query]; t == nil || str(t["kind"]) != "OBJECT" {
		return nil, fmt.Errorf("query type %q is not an object type", s.query)
	}
	if m, _ := schema["mutationType"].(map[string]any); m != nil {
		s.mutation = str(m["name"])
		if t := s.types[s.mutation]; t == nil || str(t["kind"]) != "OBJECT" {
			return nil, fmt.Errorf("mutation type %q is not an object type", s.mutation)
		}
	}
	return s, nil
}

func findByName(xs []map[string]any, name string) map[string]any {
	for _, x := range xs {
		if str(x["name"]) == name {
			return x
		}
	}
	return nil
}

// validate checks a request against the schema: fields, arguments and
// literal argument values (input object keys, enum values).
func (s *introSchema) validate(query string) error {
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	if err != nil {
		return err
	}
	var walk func(set ast.SelectionSet, typeName string, depth int) error
	walk = func(set ast.SelectionSet, typeName string, depth int) error {
		if depth > 30 {
			return fmt.Errorf("too deep")
		}
		t := s.types[typeName]
		for _, sel := range set {
			switch x := sel.(type) {
			case *ast.Field:
				if x.Name == "__typename" {
					continue
				}
				var f map[string]any
				switch {
				case typeName == s.query && x.Name == "__schema":
					f = map[string]any{"type": map[string]any{"kind": "OBJECT", "name": "__Schema"}}
				case typeName == s.query && x.Name == "__type":
					f = map[string]any{"type": map[string]any{"kind": "OBJECT", "name": "__Type"},
						"args": []any{map[string]any{"name": "name", "type": map[string]any{"kind": "NON_NULL", "ofType": map[string]any{"kind": "SCALAR", "name": "String"}}}}}
				default:
					f = findByName(listOfMaps(t["fields"]), x.Name)
				}
				if f == nil {
					return fmt.Errorf("unknown field %s on %s", x.Name, typeName)
				}
				args := listOfMaps(f["args"])
				for _, a := range x.Arguments {
					def := findByName(args, a.Name)
					if def == nil {
						return fmt.Errorf("unknown argument %s of %s.%s", a.Name, typeName, x.Name)
					}
					if err := s.checkValue(def["type"].(map[string]any), a.Value); err != nil {
						return fmt.Errorf("argument %s of %s.%s: %w", a.Name, typeName, x.Name, err)
					}
				}
				for _, def := range args {
					ref := def["type"].(map[string]any)
					if str(ref["kind"]) == "NON_NULL" && def["defaultValue"] == nil && x.Arguments.ForName(str(def["name"])) == nil {
						return fmt.Errorf("missing argument %s of %s.%s", str(def["name"]), typeName, x.Name)
					}
				}
				n, k := namedKind(f["type"].(map[string]any))
				if (k == "OBJECT" || k == "INTERFACE") != (len(x.SelectionSet) > 0) {
					return fmt.Errorf("selection of %s.%s", typeName, x.Name)
				}
				if err := walk(x.SelectionSet, n, depth+1); err != nil {
					return err
				}
			case *ast.FragmentSpread:
				fr := doc.Fragments.ForName(x.Name)
				if fr == nil || s.types[fr.TypeCondition] == nil {
					return fmt.Errorf("fragment %s", x.Name)
				}
				if err := walk(fr.SelectionSet, fr.TypeCondition, depth+1); err != nil {
					return err
				}
			case *ast.InlineFragment:
				cond := x.TypeCondition
				if cond == "" {
					cond = typeName
				}
				if s.types[cond] == nil {
					return fmt.Errorf("unknown type %s", cond)
				}
				if err := walk(x.SelectionSet, cond, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, op := range doc.Operations {
		root := s.query
		if op.Operation == ast.Mutation {
			root = s.mutation
		}
		if root == "" || op.Operation == ast.Subscription {
			return fmt.Errorf("no root type for %s", op.Operation)
		}
		if err := walk(op.SelectionSet, root, 0); err != nil {
			return err
		}
	}
	return nil
}

// checkValue checks a literal against an input type reference.
func (s *introSchema) checkValue(ref map[string]any, v *ast.Value) error {
	if v.Kind == ast.Variable {
		return nil
	}
	switch str(ref["kind"]) {
	case "NON_NULL":
		if v.Kind == ast.NullValue {
			return fmt.Errorf("null for a non-null type")
		}
		return s.checkValue(ref["ofType"].(map[string]any), v)
	case "LIST":
		if v.Kind == ast.NullValue {
			return nil
		}
		if v.Kind != ast.ListValue {
			return s.checkValue(ref["ofType"].(map[string]any), v)
		}
		for _, c := range v.Children {
			if err := s.checkValue(ref["ofType"].(map[string]any), c.Value); err != nil {
				return err
			}
		}
		return nil
	}
	if v.Kind == ast.NullValue {
		return nil
	}
	t := s.types[str(ref["name"])]
	switch str(t["kind"]) {
	case "INPUT_OBJECT":
		if v.Kind != ast.ObjectValue {
			return fmt.Errorf("%s needs an object", str(ref["name"]))
		}
		for _, c := range v.Children {
			f := findByName(listOfMaps(t["inputFields"]), c.Name)
			if f == nil {
				return fmt.Errorf("%s has no field %s", str(ref["name"]), c.Name)
			}
			if err := s.checkValue(f["type"].(map[string]any), c.Value); err != nil {
				return fmt.Errorf("%s.%s: %w", str(ref["name"]), c.Name, err)
			}
		}
	case "ENUM":
		if v.Kind != ast.EnumValue || findByName(listOfMaps(t["enumValues"]), v.Raw) == nil {
			return fmt.Errorf("%s is not a value of %s", v.Raw, str(ref["name"]))
		}
	case "SCALAR":
		if v.Kind == ast.ObjectValue || v.Kind == ast.ListValue || v.Kind == ast.EnumValue {
			return fmt.Errorf("%s is not a %s", v.Raw, str(ref["name"]))
		}
	}
	return nil
}
