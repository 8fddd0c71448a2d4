package extensions

import (
	"github.com/vektah/gqlparser/v2/ast"
)

// introspectionTypes are the __ types of the GraphQL specification's
// introspection system (section 4.5), which __schema lists too.
func introspectionTypes() []*gqlType {
	str, boolNN := named("String"), nonNull(named("Boolean"))
	depArg := func() []*gqlInput {
		return []*gqlInput{{name: "includeDeprecated", typ: named("Boolean"), def: "false"}}
	}
	deprecation := []*gqlField{
		{name: "isDeprecated", typ: boolNN},
		{name: "deprecationReason", typ: str},
	}
	with := func(fs []*gqlField, more []*gqlField) []*gqlField { return append(fs, more...) }
	enum := func(name string, vals ...string) *gqlType {
		t := &gqlType{kind: "ENUM", name: name}
		for _, v := range vals {
			t.enumValues = append(t.enumValues, gqlEnumValue{name: v})
		}
		return t
	}
	return []*gqlType{
		{kind: "OBJECT", name: "__Schema", fields: []*gqlField{
			{name: "description", typ: str},
			{name: "types", typ: nonNull(listOf(nonNull(named("__Type"))))},
			{name: "queryType", typ: nonNull(named("__Type"))},
			{name: "mutationType", typ: named("__Type")},
			{name: "subscriptionType", typ: named("__Type")},
			{name: "directives", typ: nonNull(listOf(nonNull(named("__Directive"))))},
		}},
		{kind: "OBJECT", name: "__Type", fields: []*gqlField{
			{name: "kind", typ: nonNull(named("__TypeKind"))},
			{name: "name", typ: str},
			{name: "description", typ: str},
			{name: "specifiedByURL", typ: str},
			{name: "fields", args: depArg(), typ: listOf(nonNull(named("__Field")))},
			{name: "interfaces", typ: listOf(nonNull(named("__Type")))},
			{name: "possibleTypes", typ: listOf(nonNull(named("__Type")))},
			{name: "enumValues", args: depArg(), typ: listOf(nonNull(named("__EnumValue")))},
			{name: "inputFields", args: depArg(), typ: listOf(nonNull(named("__InputValue")))},
			{name: "ofType", typ: named("__Type")},
		}},
		{kind: "OBJECT", name: "__Field", fields: with([]*gqlField{
			{name: "name", typ: nonNull(str)},
			{name: "description", typ: str},
			{name: "args", args: depArg(), typ: nonNull(listOf(nonNull(named("__InputValue"))))},
			{name: "type", typ: nonNull(named("__Type"))},
		}, deprecation)},
		{kind: "OBJECT", name: "__InputValue", fields: with([]*gqlField{
			{name: "name", typ: nonNull(str)},
			{name: "description", typ: str},
			{name: "type", typ: nonNull(named("__Type"))},
			{name: "defaultValue", typ: str},
		}, deprecation)},
		{kind: "OBJECT", name: "__EnumValue", fields: with([]*gqlField{
			{name: "name", typ: nonNull(str)},
			{name: "description", typ: str},
		}, deprecation)},
		{kind: "OBJECT", name: "__Directive", fields: []*gqlField{
			{name: "name", typ: nonNull(str)},
			{name: "description", typ: str},
			{name: "locations", typ: nonNull(listOf(nonNull(named("__DirectiveLocation"))))},
			{name: "args", args: depArg(), typ: nonNull(listOf(nonNull(named("__InputValue"))))},
			{name: "isRepeatable", typ: boolNN},
		}},
		enum("__TypeKind", "SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT", "LIST", "NON_NULL"),
		enum("__DirectiveLocation", "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION",
			"FRAGMENT_SPREAD", "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT",
			"FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE",
			"INPUT_OBJECT", "INPUT_FIELD_DEFINITION"),
	}
}

// introspect answers __schema and __type(name:).
func (r *gqlRun) introspect(f *ast.Field) (any, error) {
	ts := r.s.types()
	if f.Name == "__type" {
		v, err := r.arg(f.Arguments, "name")
		if err != nil {
			return nil, err
		}
		name, _ := v.(string)
		t := ts.byName[name]
		if t == nil {
			return nil, nil
		}
		return r.introType(ts, t, f.SelectionSet)
	}
	fs, err := r.fields(f.SelectionSet, "__Schema")
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		switch sf.Name {
		case "__typename":
			out[key(sf)] = "__Schema"
		case "description", "subscriptionType":
			out[key(sf)] = nil
		case "types":
			list, err := gqlList(ts.list, func(t *gqlType) (any, error) { return r.introType(ts, t, sf.SelectionSet) })
			if err != nil {
				return nil, err
			}
			out[key(sf)] = list
		case "queryType", "mutationType":
			name := "Query"
			if sf.Name == "mutationType" {
				if !ts.mutation {
					out[key(sf)] = nil
					continue
				}
				name = "Mutation"
			}
			v, err := r.introType(ts, ts.byName[name], sf.SelectionSet)
			if err != nil {
				return nil, err
			}
			out[key(sf)] = v
		case "directives":
			list, err := gqlList(ts.directives, func(d gqlDirectiveDef) (any, error) { return r.introDirective(ts, d, sf.SelectionSet) })
			if err != nil {
				return nil, err
			}
			out[key(sf)] = list
		default:
			return nil, gqlErrorf("Unknown field %q on type __Schema", sf.Name)
		}
	}
	return out, nil
}

// introRef answers a __Type selection for a reference: wrappers show
// their kind and ofType, named types the full type.
func (r *gqlRun) introRef(ts *gqlTypes, ref *gqlTypeRef, set ast.SelectionSet) (any, error) {
	if ref.kind == "" {
		t := ts.byName[ref.name]
		if t == nil {
			return nil, gqlErrorf("Unknown type %q", ref.name)
		}
		return r.introType(ts, t, set)
	}
	fs, err := r.fields(set, "__Type")
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		switch sf.Name {
		case "__typename":
			out[key(sf)] = "__Type"
		case "kind":
			out[key(sf)] = ref.kind
		case "ofType":
			v, err := r.introRef(ts, ref.of, sf.SelectionSet)
			if err != nil {
				return nil, err
			}
			out[key(sf)] = v
		case "name", "description", "specifiedByURL", "fields", "interfaces", "possibleTypes", "enumValues", "inputFields":
			out[key(sf)] = nil
		default:
			return nil, gqlErrorf("Unknown field %q on type __Type", sf.Name)
		}
	}
	return out, nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// introType answers a __Type selection for a named type.
func (r *gqlRun) introType(ts *gqlTypes, t *gqlType, set ast.SelectionSet) (any, error) {
	fs, err := r.fields(set, "__Type")
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		k := key(sf)
		switch sf.Name {
		case "__typename":
			out[k] = "__Type"
		case "kind":
			out[k] = t.kind
		case "name":
			out[k] = t.name
		case "description":
			out[k] = nullable(t.description)
		case "specifiedByURL", "ofType":
			out[k] = nil
		case "fields":
			if t.kind != "OBJECT" && t.kind != "INTERFACE" {
				out[k] = nil
				continue
			}
			list, err := gqlList(t.fields, func(f *gqlField) (any, error) { return r.introField(ts, f, sf.SelectionSet) })
			if err != nil {
				return nil, err
			}
			out[k] = list
		case "interfaces", "possibleTypes":
			names := t.interfaces
			if sf.Name == "possibleTypes" {
				names = t.possibleTypes
			}
			if sf.Name == "interfaces" && t.kind != "OBJECT" && t.kind != "INTERFACE" ||
				sf.Name == "possibleTypes" && t.kind != "INTERFACE" && t.kind != "UNION" {
				out[k] = nil
				continue
			}
			list, err := gqlList(names, func(n string) (any, error) { return r.introRef(ts, named(n), sf.SelectionSet) })
			if err != nil {
				return nil, err
			}
			out[k] = list
		case "enumValues":
			if t.kind != "ENUM" {
				out[k] = nil
				continue
			}
			list := make([]any, 0, len(t.enumValues))
			for _, ev := range t.enumValues {
				efs, err := r.fields(sf.SelectionSet, "__EnumValue")
				if err != nil {
					return nil, err
				}
				o := gqlObj{}
				for _, ef := range efs {
					switch ef.Name {
					case "__typename":
						o[key(ef)] = "__EnumValue"
					case "name":
						o[key(ef)] = ev.name
					case "description":
						o[key(ef)] = nullable(ev.description)
					case "isDeprecated":
						o[key(ef)] = false
					case "deprecationReason":
						o[key(ef)] = nil
					default:
						return nil, gqlErrorf("Unknown field %q on type __EnumValue", ef.Name)
					}
				}
				list = append(list, o)
			}
			out[k] = list
		case "inputFields":
			if t.kind != "INPUT_OBJECT" {
				out[k] = nil
				continue
			}
			v, err := r.introInputs(ts, t.inputFields, sf.SelectionSet)
			if err != nil {
				return nil, err
			}
			out[k] = v
		default:
			return nil, gqlErrorf("Unknown field %q on type __Type", sf.Name)
		}
	}
	return out, nil
}

func (r *gqlRun) introField(ts *gqlTypes, f *gqlField, set ast.SelectionSet) (any, error) {
	fs, err := r.fields(set, "__Field")
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		k := key(sf)
		switch sf.Name {
		case "__typename":
			out[k] = "__Field"
		case "name":
			out[k] = f.name
		case "description":
			out[k] = nullable(f.description)
		case "args":
			v, err := r.introInputs(ts, f.args, sf.SelectionSet)
			if err != nil {
				return nil, err
			}
			out[k] = v
		case "type":
			v, err := r.introRef(ts, f.typ, sf.SelectionSet)
			if err != nil {
				return nil, err
			}
			out[k] = v
		case "isDeprecated":
			out[k] = false
		case "deprecationReason":
			out[k] = nil
		default:
			return nil, gqlErrorf("Unknown field %q on type __Field", sf.Name)
		}
	}
	return out, nil
}

func (r *gqlRun) introInputs(ts *gqlTypes, ins []*gqlInput, set ast.SelectionSet) (any, error) {
	list := make([]any, 0, len(ins))
	for _, in := range ins {
		fs, err := r.fields(set, "__InputValue")
		if err != nil {
			return nil, err
		}
		o := gqlObj{}
		for _, sf := range fs {
			k := key(sf)
			switch sf.Name {
			case "__typename":
				o[k] = "__InputValue"
			case "name":
				o[k] = in.name
			case "description":
				o[k] = nullable(in.description)
			case "type":
				v, err := r.introRef(ts, in.typ, sf.SelectionSet)
				if err != nil {
					return nil, err
				}
				o[k] = v
			case "defaultValue":
				o[k] = nullable(in.def)
			case "isDeprecated":
				o[k] = false
			case "deprecationReason":
				o[k] = nil
			default:
				return nil, gqlErrorf("Unknown field %q on type __InputValue", sf.Name)
			}
		}
		list = append(list, o)
	}
	return list, nil
}

func (r *gqlRun) introDirective(ts *gqlTypes, d gqlDirectiveDef, set ast.SelectionSet) (any, error) {
	fs, err := r.fields(set, "__Directive")
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		k := key(sf)
		switch sf.Name {
		case "__typename":
			out[k] = "__Directive"
		case "name":
			out[k] = d.name
		case "description":
			out[k] = nullable(d.description)
		case "locations":
			locs := make([]any, len(d.locations))
			for i, l := range d.locations {
				locs[i] = l
			}
			out[k] = locs
		case "args":
			v, err := r.introInputs(ts, d.args, sf.SelectionSet)
			if err != nil {
				return nil, err
			}
			out[k] = v
		case "isRepeatable":
			out[k] = false
		default:
			return nil, gqlErrorf("Unknown field %q on type __Directive", sf.Name)
		}
	}
	return out, nil
}

// gqlList resolves each element of a list field.
func gqlList[T any](xs []T, f func(T) (any, error)) ([]any, error) {
	out := make([]any, 0, len(xs))
	for _, x := range xs {
		v, err := f(x)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
