package postgrest

import (
	"fmt"
	"sort"
	"strings"
)

// Which functions /rpc exposes and which overload a request calls, as
// PostgREST v14 decides (docs: Functions as RPC, "Overloaded functions"
// and "Functions with a single unnamed parameter").

// singleUnnamedTypes are the types of the one unnamed parameter a function
// may have and still be exposed: the whole request body is its argument.
var singleUnnamedTypes = map[string]bool{"bytea": true, "json": true, "jsonb": true, "text": true, "xml": true}

// rpcCallable reports whether PostgREST exposes f: not a trigger
// function, and either every input parameter has a name or exactly one is
// unnamed and of a type that can take the whole body.
func rpcCallable(f *Function, returnsTrigger bool) bool {
	if returnsTrigger {
		return false
	}
	unnamed := 0
	var typ string
	for _, a := range f.Args {
		if a.Name == "" {
			unnamed++
			typ = a.Type
		}
	}
	return unnamed == 0 || unnamed == 1 && singleUnnamedTypes[typ]
}

// sortOverloads orders a function's overloads as PostgREST's schema cache
// does: fewest parameters first, then by the parameters (name, type,
// required), which is the order of PGRST203's candidate list.
func sortOverloads(fs []*Function) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i].Args, fs[j].Args
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		for k := range a {
			if a[k].Name != b[k].Name {
				return a[k].Name < b[k].Name
			}
			if a[k].Type != b[k].Type {
				return a[k].Type < b[k].Type
			}
			if a[k].HasDefault != b[k].HasDefault {
				return a[k].HasDefault // optional first: False < True on "required"
			}
		}
		return false
	})
}

// bodyKind is the request body's media type as PostgREST's single
// unnamed parameter rule distinguishes it.
type bodyKind int

const (
	bodyJSON bodyKind = iota
	bodyText
	bodyXML
	bodyOctets
	bodyOther
)

// rpcBodyKind classifies a Content-Type header.
func rpcBodyKind(contentType string) bodyKind {
	mt := strings.ToLower(strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0]))
	switch mt {
	case "", "application/json":
		return bodyJSON
	case "text/plain":
		return bodyText
	case "text/xml":
		return bodyXML
	case "application/octet-stream":
		return bodyOctets
	}
	return bodyOther
}

// rpcCall is the overload a request resolved to; single is set when it
// takes the whole body as its one unnamed argument.
type rpcCall struct {
	f      *Function
	single bool
}

// findProc picks the overload of name whose parameters the argument keys
// match (PostgREST's findProc): required parameters all present, every
// key a parameter; failing that, a function whose one unnamed parameter
// takes the body. More than one candidate is PGRST203, none PGRST202.
func findProc(schema, name string, fs []*Function, allNames []string, keys []string, post bool, kind bodyKind) (rpcCall, error) {
	have := map[string]bool{}
	for _, k := range keys {
		have[k] = true
	}
	var matched, fallback []*Function
	for _, f := range fs {
		if !f.Callable {
			continue
		}
		switch {
		case matchesParams(f, have, post, kind):
			matched = append(matched, f)
		case hasSingleUnnamedParam(f, post, kind):
			fallback = append(fallback, f)
		}
	}
	switch {
	case len(matched) == 1:
		return rpcCall{f: matched[0], single: isOnePosParam(matched[0])}, nil
	case len(matched) > 1:
		return rpcCall{}, ambiguousRPC(matched)
	case len(fallback) == 1:
		return rpcCall{f: fallback[0], single: true}, nil
	case len(fallback) > 1:
		return rpcCall{}, ambiguousRPC(fallback)
	}
	var overloads []*Function
	for _, f := range fs {
		if f.Callable {
			overloads = append(overloads, f)
		}
	}
	return rpcCall{}, noRPC(schema, name, keys, post, kind, allNames, overloads)
}

// isOnePosParam: a function whose only parameter is unnamed gets the
// whole body, even when it matched through the "" key.
func isOnePosParam(f *Function) bool { return len(f.Args) == 1 && f.Args[0].Name == "" }

func matchesParams(f *Function, have map[string]bool, post bool, kind bodyKind) bool {
	if len(f.Args) == 0 {
		return len(have) == 0 && !(post && (kind == bodyOctets || kind == bodyText || kind == bodyXML))
	}
	req, opt := map[string]bool{}, map[string]bool{}
	for _, a := range f.Args {
		if a.HasDefault {
			opt[a.Name] = true
		} else {
			req[a.Name] = true
		}
	}
	// keys minus the optional parameters must be exactly the required ones
	n := 0
	for k := range have {
		if opt[k] && !req[k] {
			continue
		}
		if !req[k] {
			return false
		}
		n++
	}
	return n == len(req)
}

func hasSingleUnnamedParam(f *Function, post bool, kind bodyKind) bool {
	if !post || len(f.Args) != 1 || f.Args[0].Name != "" {
		return false
	}
	switch t := f.Args[0].Type; kind {
	case bodyJSON:
		return t == "json" || t == "jsonb"
	case bodyText:
		return t == "text"
	case bodyXML:
		return t == "xml"
	case bodyOctets:
		return t == "bytea"
	}
	return false
}

// ambiguousRPC is PGRST203 (300 Multiple Choices) listing the candidates
// as schema.name(param => type, ...).
func ambiguousRPC(fs []*Function) error {
	cands := make([]string, len(fs))
	for i, f := range fs {
		ps := make([]string, len(f.Args))
		for j, a := range f.Args {
			ps[j] = a.Name + " => " + a.Type
		}
		cands[i] = f.Schema + "." + f.Name + "(" + strings.Join(ps, ", ") + ")"
	}
	h := "Try renaming the parameters or the function itself in the database so function overloading can be resolved"
	return newErr(300, "PGRST203", "Could not choose the best candidate function between: "+strings.Join(cands, ", "), nil, &h)
}

// noRPC is PGRST202 with PostgREST's wording and its fuzzy "Perhaps you
// meant" hint: over the schema's function names when no overload has
// this name, else over the overloads' parameter lists.
func noRPC(schema, name string, keys []string, post bool, kind bodyKind, allNames []string, overloads []*Function) error {
	fn := schema + "." + name
	prms := strings.Join(keys, ", ")
	onlySingle := post && (kind == bodyText || kind == bodyXML || kind == bodyOctets)
	fmtPrms := func(p string) string {
		if len(keys) == 0 {
			return " without parameters"
		}
		return p
	}
	msg := "Could not find the function " + fn
	if !onlySingle {
		msg += fmtPrms("(" + prms + ")")
	}
	msg += " in the schema cache"
	det := " with parameter "
	if len(keys) > 1 {
		det = " with parameters "
	}
	det += prms
	var mid string
	switch {
	case post && kind == bodyText:
		mid = " with a single unnamed text parameter"
	case post && kind == bodyXML:
		mid = " with a single unnamed xml parameter"
	case post && kind == bodyOctets:
		mid = " with a single unnamed bytea parameter"
	case post && kind == bodyJSON:
		mid = fmtPrms(det) + " or with a single unnamed json/jsonb parameter"
	default:
		mid = fmtPrms(det)
	}
	details := fmt.Sprintf("Searched for the function %s%s, but no matches were found in the schema cache.", fn, mid)
	var hint *string
	if !onlySingle {
		if h, ok := noRPCHint(schema, name, keys, allNames, overloads); ok {
			hint = &h
		}
	}
	return newErr(404, "PGRST202", msg, details, hint)
}

// noRPCHint suggests the closest function name of the schema (score at
// least 0.75) or, when the name exists, the closest parameter list.
func noRPCHint(schema, name string, keys, allNames []string, overloads []*Function) (string, bool) {
	prefix := "Perhaps you meant to call the function " + schema + "."
	if len(overloads) == 0 {
		if m, ok := newFuzzySet(allNames).best(name, 0.75); ok {
			return prefix + m, true
		}
		return "", false
	}
	var lists []string
	for _, f := range overloads {
		ns := make([]string, len(f.Args))
		for i, a := range f.Args {
			ns[i] = a.Name
		}
		lists = append(lists, paramList(ns))
	}
	if m, ok := newFuzzySet(lists).best(paramList(keys), 0.33); ok {
		return prefix + name + m, true
	}
	return "", false
}

// paramList is "(a, b, c)" with the names sorted.
func paramList(names []string) string {
	s := append([]string(nil), names...)
	sort.Strings(s)
	return "(" + strings.Join(s, ", ") + ")"
}
