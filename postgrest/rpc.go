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
	kind := rpcBodyKind(req.r.Header.Get("Content-Type"))
	post := m == http.MethodPost
	args := map[string]json.RawMessage{}
	var keys []string
	var rawBody []byte
	if post {
		rawBody = bytes.TrimSpace(req.body)
		if kind == bodyJSON {
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
			rawBody = req.body
		}
	} else {
		for k, v := range req.query {
			if rpcQueryArg(k, v[len(v)-1]) {
				b, _ := json.Marshal(v[len(v)-1])
				args[k] = b
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	var allNames []string
	for k, fs := range req.cache.funcs {
		if strings.HasPrefix(k, req.schema+".") && fs[0].Schema == req.schema {
			for _, f := range fs {
				if f.Callable {
					allNames = append(allNames, f.Name)
					break
				}
			}
		}
	}
	sort.Strings(allNames)
	pc, err := findProc(req.schema, name, fs, allNames, keys, post, kind)
	if err != nil {
		return err
	}
	f := pc.f
	if req.prefs.Handling == "strict" && req.prefs.MaxAffected >= 0 {
		if !f.RetSet {
			return newErr(400, "PGRST128", "Function must return SETOF or TABLE when max-affected preference is used with handling=strict", nil, nil)
		}
		req.maxAffected = true
	}
	b := s.builder()
	var call []string
	if pc.single {
		body := string(rawBody)
		if !post {
			enc, _ := json.Marshal(args)
			body = string(enc)
		}
		call = append(call, b.bind(body)+"::"+f.Args[0].Type)
	} else {
		for _, a := range f.Args {
			v, ok := args[a.Name]
			if !ok {
				continue
			}
			if a.Composite && post && len(bytes.TrimSpace(v)) > 0 && bytes.TrimSpace(v)[0] == '{' {
				// json_to_record, which PostgREST reads the body with,
				// populates a row-type field from a JSON object by its keys
				call = append(call, qi(a.Name)+" := pg_catalog.json_populate_record(null::"+a.Type+", "+b.bind(string(v))+"::json)")
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
		if err := checkAggAliases(root); err != nil {
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
	err = s.tx(req, readOnly, func(q Querier) (bool, error) {
		var err error
		res, err = q.Query(req.r.Context(), sql, b.args...)
		if err != nil {
			return false, err
		}
		if req.maxAffected {
			if err := rpcMaxAffected(req, str(res.Rows[0][1])); err != nil {
				return false, err
			}
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
	var total *string
	if req.prefs.Count == "exact" {
		// the call's rows are the whole result: PostgREST counts them
		t := strconv.Itoa(page)
		total = &t
	}
	req.w.Header().Set("Content-Range", contentRange(0, page, total))
	req.w.Header().Set("Content-Type", "application/json; charset=utf-8")
	req.w.WriteHeader(http.StatusOK)
	if !req.head {
		_, _ = req.w.Write([]byte(str(res.Rows[0][2])))
	}
	return nil
}

// rpcQueryArg reports whether a query parameter of a GET/HEAD call is a
// function argument: not a reserved parameter and its value not an
// operator expression (PostgREST's NoOpExpr filters).
func rpcQueryArg(k, v string) bool {
	switch k {
	case "select", "columns", "on_conflict":
		return false
	}
	last := k[strings.LastIndexByte(k, '.')+1:]
	switch last {
	case "order", "limit", "offset", "and", "or":
		return false
	}
	_, err := parseOpValue(field{Name: last}, v)
	return err != nil
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

// rpcMaxAffected is PGRST124 when a function's rows exceed Prefer:
// max-affected (handling=strict); the transaction rolls back.
func rpcMaxAffected(req *request, page string) error {
	n, _ := strconv.Atoi(page)
	if n > req.prefs.MaxAffected {
		return newErr(400, "PGRST124", "Query result exceeds max-affected preference constraint", fmt.Sprintf("The query affects %d rows", n), nil)
	}
	return nil
}
