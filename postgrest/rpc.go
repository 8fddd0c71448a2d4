package postgrest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// rpc serves /rpc/fn: POST with named arguments in a JSON object (or the
// whole body for a single unnamed json/jsonb parameter), GET with
// arguments in the query string.
func (s *Server) rpc(req *request, name string) error {
	m := req.r.Method
	if m != http.MethodGet && m != http.MethodHead && m != http.MethodPost {
		return newErr(405, "PGRST101", "Only GET and POST verbs are allowed", nil, nil)
	}
	fs := req.cache.funcs[req.schema+"."+name]
	if len(fs) == 0 {
		if c, err := s.schema(req.r.Context(), true); err == nil {
			req.cache = c
			fs = c.funcs[req.schema+"."+name]
		}
	}
	args := map[string]json.RawMessage{}
	var keys []string
	var rawBody []byte
	if m == http.MethodPost {
		rawBody = bytes.TrimSpace(req.body)
		if len(rawBody) == 0 {
			rawBody = []byte("{}")
		}
		if rawBody[0] == '{' {
			row, ks, err := decodeObject(rawBody)
			if err != nil {
				return err
			}
			args, keys = row, ks
		} else if !json.Valid(rawBody) {
			return invalidBody("Empty or invalid json")
		}
	} else {
		names := map[string]bool{}
		for _, f := range fs {
			for _, a := range f.Args {
				names[a.Name] = true
			}
		}
		for k, v := range req.query {
			if names[k] {
				b, _ := json.Marshal(v[len(v)-1])
				args[k] = b
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	var matches []*Function
	for _, f := range fs {
		if callable(f, keys) {
			matches = append(matches, f)
		}
	}
	var single *Function
	if len(matches) == 0 && m == http.MethodPost {
		for _, f := range fs {
			if len(f.Args) == 1 && f.Args[0].Name == "" && (f.Args[0].Type == "json" || f.Args[0].Type == "jsonb") {
				single = f
			}
		}
	}
	switch {
	case single != nil:
		matches = []*Function{single}
	case len(matches) == 0:
		sig := strings.Join(keys, ", ")
		details := fmt.Sprintf("Searched for the function %s.%s with parameters %s or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.", req.schema, name, sig)
		if len(keys) == 0 {
			details = fmt.Sprintf("Searched for the function %s.%s without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.", req.schema, name)
		}
		return newErr(404, "PGRST202", fmt.Sprintf("Could not find the function %s.%s(%s) in the schema cache", req.schema, name, sig), details, nil)
	case len(matches) > 1:
		var cands []string
		for _, f := range matches {
			var a []string
			for _, x := range f.Args {
				a = append(a, strings.TrimSpace(x.Name+" "+x.Type))
			}
			cands = append(cands, fmt.Sprintf("%s.%s(%s)", f.Schema, f.Name, strings.Join(a, ", ")))
		}
		h := "Try renaming the parameters or the function itself in the database so function overloading can be resolved"
		return newErr(300, "PGRST203", fmt.Sprintf("Could not choose the best candidate function between: %s", strings.Join(cands, ", ")), nil, &h)
	}
	f := matches[0]
	b := s.builder()
	var call []string
	if single != nil {
		call = append(call, b.bind(string(rawBody))+"::"+f.Args[0].Type)
	} else {
		for _, a := range f.Args {
			v, ok := args[a.Name]
			if !ok {
				continue
			}
			txt, isNull := jsonArgText(v, a.Type)
			if isNull {
				call = append(call, qi(a.Name)+" := null::"+a.Type)
				continue
			}
			call = append(call, qi(a.Name)+" := "+b.bind(txt)+"::"+a.Type)
		}
	}
	fn := qi(f.Schema) + "." + qi(f.Name) + "(" + strings.Join(call, ", ") + ")"
	readOnly := m != http.MethodPost || f.Volatile != "v"
	skip := map[string]bool{}
	for _, k := range keys {
		skip[k] = true
	}
	if f.RetComp {
		t := f.RetTable
		if t == nil {
			t = &Table{Schema: f.Schema, Name: f.Name, byName: map[string]*Column{}}
		}
		items, err := parseSelect(req.query.Get("select"))
		if err != nil {
			return err
		}
		root, err := s.buildTree(req.cache, t, items, f.Name, map[string]int{f.Name: 1})
		if err != nil {
			return err
		}
		if err := applyParams(root, req.query, skip); err != nil {
			return err
		}
		if err := s.applyRange(req, root); err != nil {
			return err
		}
		if !f.RetSet && req.media == "json" {
			req.media = "object"
		}
		req.readOnly = &readOnly
		return s.runRead(req, root, fn+" as "+qi(f.Name), b)
	}
	// scalar, SETOF scalar, void
	var body string
	switch {
	case f.RetSet:
		body = "coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text"
		fn = "select pgrst_scalar from " + fn + " as pgrst_scalar"
	default:
		body = "coalesce((json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null')"
		fn = "select " + fn + " as pgrst_scalar"
	}
	if req.head {
		body = "null::text"
	}
	sql := "with pgrst_source as (" + fn + ") select null::text, count(*)::text, " + body + " from pgrst_source as _postgrest_t"
	var res *Result
	err := s.tx(req, readOnly, func(q Querier) (bool, error) {
		var err error
		res, err = q.Query(req.r.Context(), sql, b.args...)
		if err != nil {
			return false, err
		}
		page, _ := strconv.Atoi(str(res.Rows[0][1]))
		if req.prefs.Handling == "strict" && req.prefs.MaxAffected >= 0 && page > req.prefs.MaxAffected {
			return false, newErr(400, "PGRST128", "Function result exceeds max-affected preference constraint", fmt.Sprintf("The function returns %d rows", page), nil)
		}
		return true, nil // s.tx applies db-tx-end
	})
	if err != nil {
		return err
	}
	if f.RetVoid {
		req.w.WriteHeader(http.StatusNoContent)
		return nil
	}
	page, _ := strconv.Atoi(str(res.Rows[0][1]))
	if a := req.prefs.applied(false); a != "" {
		req.w.Header().Set("Preference-Applied", a)
	}
	req.w.Header().Set("Content-Range", contentRange(0, page, nil))
	req.w.Header().Set("Content-Type", "application/json; charset=utf-8")
	req.w.WriteHeader(http.StatusOK)
	if !req.head {
		_, _ = req.w.Write([]byte(str(res.Rows[0][2])))
	}
	return nil
}

func callable(f *Function, keys []string) bool {
	have := map[string]bool{}
	for _, k := range keys {
		have[k] = true
	}
	names := map[string]bool{}
	for _, a := range f.Args {
		if a.Name == "" {
			return false
		}
		names[a.Name] = true
		if !a.HasDefault && !have[a.Name] {
			return false
		}
	}
	for _, k := range keys {
		if !names[k] {
			return false
		}
	}
	return true
}

// jsonArgText renders a JSON value as the text input of a parameter of
// type typ: strings unquoted, arrays as array literals for array types,
// everything else as JSON text.
func jsonArgText(v json.RawMessage, typ string) (string, bool) {
	v = bytes.TrimSpace(v)
	if string(v) == "null" {
		return "", true
	}
	if strings.HasSuffix(typ, "[]") && len(v) > 0 && v[0] == '[' {
		var arr []json.RawMessage
		if json.Unmarshal(v, &arr) == nil {
			return arrayLiteral(arr), false
		}
	}
	if len(v) > 0 && v[0] == '"' && typ != "json" && typ != "jsonb" {
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s, false
		}
	}
	return string(v), false
}

func arrayLiteral(arr []json.RawMessage) string {
	var parts []string
	for _, el := range arr {
		el = bytes.TrimSpace(el)
		switch {
		case string(el) == "null":
			parts = append(parts, "NULL")
		case len(el) > 0 && el[0] == '[':
			var sub []json.RawMessage
			_ = json.Unmarshal(el, &sub)
			parts = append(parts, arrayLiteral(sub))
		default:
			s := string(el)
			if el[0] == '"' {
				_ = json.Unmarshal(el, &s)
			}
			parts = append(parts, `"`+strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)+`"`)
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}
