package postgrest

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// payload is a decoded write body: rows of key → raw JSON.
type payload struct {
	rows    []map[string]json.RawMessage
	keys    []string // column list, in first-seen order
	isArray bool
}

func invalidBody(msg string) error {
	return newErr(400, "PGRST102", msg, nil, nil)
}

func parsePayload(req *request, t *Table) (*payload, error) {
	ct := strings.TrimSpace(strings.Split(req.r.Header.Get("Content-Type"), ";")[0])
	p := &payload{}
	switch ct {
	case "text/csv":
		return csvPayload(req.body)
	case "application/x-www-form-urlencoded":
		vals, err := url.ParseQuery(string(req.body))
		if err != nil {
			return nil, invalidBody("Could not parse the request body")
		}
		row := map[string]json.RawMessage{}
		for k, v := range vals {
			b, _ := json.Marshal(v[len(v)-1])
			row[k] = b
			p.keys = append(p.keys, k)
		}
		sort.Strings(p.keys)
		p.rows = []map[string]json.RawMessage{row}
		return p, nil
	}
	body := bytes.TrimSpace(req.body)
	if len(body) == 0 {
		return nil, invalidBody("Empty or invalid json")
	}
	if !json.Valid(body) {
		return nil, invalidBody("Empty or invalid json")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if body[0] == '[' {
		p.isArray = true
		var arr []json.RawMessage
		if err := dec.Decode(&arr); err != nil {
			return nil, invalidBody("Empty or invalid json")
		}
		for _, el := range arr {
			row, keys, err := decodeObject(el)
			if err != nil {
				return nil, err
			}
			if len(p.rows) == 0 {
				p.keys = keys
			} else if _, cols := req.query["columns"]; !cols && !sameSet(keys, p.keys) {
				return nil, invalidBody("All object keys must match")
			}
			p.rows = append(p.rows, row)
		}
	} else {
		row, keys, err := decodeObject(body)
		if err != nil {
			return nil, err
		}
		p.keys = keys
		p.rows = []map[string]json.RawMessage{row}
	}
	return p, nil
}

func decodeObject(b []byte) (map[string]json.RawMessage, []string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, nil, invalidBody("Empty or invalid json")
	}
	row := map[string]json.RawMessage{}
	var keys []string
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, nil, invalidBody("Empty or invalid json")
		}
		k := kt.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, invalidBody("Empty or invalid json")
		}
		if _, dup := row[k]; !dup {
			keys = append(keys, k)
		}
		row[k] = v
	}
	return row, keys, nil
}

func csvPayload(body []byte) (*payload, error) {
	lines := strings.Split(strings.TrimRight(string(body), "\n"), "\n")
	if len(lines) == 0 {
		return nil, invalidBody("Empty or invalid csv")
	}
	p := &payload{isArray: true}
	recs, err := readCSV(string(body))
	if err != nil || len(recs) == 0 {
		return nil, invalidBody("Error in $: " + fmt.Sprint(err))
	}
	p.keys = recs[0]
	for _, rec := range recs[1:] {
		row := map[string]json.RawMessage{}
		for i, k := range p.keys {
			if i >= len(rec) || rec[i] == "NULL" {
				row[k] = json.RawMessage("null")
				continue
			}
			b, _ := json.Marshal(rec[i])
			row[k] = b
		}
		p.rows = append(p.rows, row)
	}
	return p, nil
}

// writeColumns decides the target columns: columns= or the body's keys;
// each must exist (PGRST204).
func writeColumns(req *request, t *Table, p *payload) ([]string, error) {
	cols := p.keys
	if c, ok := req.query["columns"]; ok {
		cols = nil
		for _, x := range strings.Split(c[0], ",") {
			if x = strings.Trim(strings.TrimSpace(x), `"`); x != "" {
				cols = append(cols, x)
			}
		}
	}
	for _, c := range cols {
		if t.Column(c) == nil {
			return nil, newErr(400, "PGRST204", fmt.Sprintf("Could not find the '%s' column of '%s' in the schema cache", c, t.Name), nil, nil)
		}
	}
	return cols, nil
}

// returning renders the statement's tail: the count, the body per
// Prefer: return, and the primary key of the rows for Location.
func (s *Server) writeResult(req *request, t *Table, b *builder, dml string) (string, *readNode, error) {
	items, err := parseSelect(req.query.Get("select"))
	if err != nil {
		return "", nil, err
	}
	root, err := s.buildTree(req.cache, t, items, t.Name, map[string]int{t.Name: 1})
	if err != nil {
		return "", nil, err
	}
	if err := checkAggAliases(root); err != nil {
		return "", nil, err
	}
	body := "null::text"
	var src string
	if req.prefs.Return != "representation" && req.prefs.Return != "headers-only" {
		// return=minimal needs only the row count: the statement runs
		// bare and the count comes from its command tag.
		if i := strings.LastIndex(dml, " returning "); i >= 0 {
			return dml[:i], root, nil
		}
	}
	if req.prefs.Return == "representation" {
		if src, err = b.nodeSelect(root, "pgrst_source as "+qi(t.Name), nil, -1); err != nil {
			return "", nil, err
		}
		body = bodyExpr(req.media, false, req.strip)
	} else {
		src = "select * from pgrst_source"
		if req.prefs.Return == "headers-only" && len(t.PK) > 0 {
			var cols []string
			for _, c := range t.PK {
				cols = append(cols, qi(c))
			}
			src = "select " + strings.Join(cols, ", ") + " from pgrst_source"
			body = "coalesce(json_agg(_postgrest_t)->0, 'null')::text"
		}
	}
	return "with pgrst_source as (" + dml + ") select null::text as total_result_set, count(*)::text as page_total, " + body + " as body from (" + src + ") as _postgrest_t", root, nil
}

func (s *Server) runWrite(req *request, t *Table, stmts []string, args [][]any, created bool) error {
	if req.plan != nil { // plan.go
		return s.runPlan(req, false, stmts, args)
	}
	var results []*Result
	existing := -1
	err := s.tx(req, false, func(q Querier) (bool, error) {
		if pr := req.upsertProbe; pr != nil {
			res, err := q.Query(req.r.Context(), pr.sql, pr.args...)
			if err != nil {
				return false, err
			}
			existing, _ = strconv.Atoi(str(res.Rows[0][0]))
		}
		for i, st := range stmts {
			res, err := q.Query(req.r.Context(), st, args[i]...)
			if err != nil {
				return false, err
			}
			results = append(results, res)
		}
		n := 0
		for _, r := range results {
			n += affected(r)
		}
		if req.prefs.Handling == "strict" && req.prefs.MaxAffected >= 0 && n > req.prefs.MaxAffected {
			return false, newErr(400, "PGRST124", "Query result exceeds max-affected preference constraint", fmt.Sprintf("The query affects %d rows", n), nil)
		}
		return true, nil // s.tx applies db-tx-end
	})
	if err != nil {
		return err
	}
	n := 0
	var bodies []string
	for _, r := range results {
		n += affected(r)
		if len(r.Rows) > 0 && r.Rows[0][2] != nil {
			bodies = append(bodies, *r.Rows[0][2])
		}
	}
	h := req.w.Header()
	status := http.StatusOK
	if created && !(existing >= 0 && n-existing <= 0) {
		status = http.StatusCreated
	}
	if a := req.prefs.applied(true); a != "" {
		h.Set("Preference-Applied", a)
	}
	total := "*"
	if req.prefs.Count != "" {
		total = strconv.Itoa(n)
	}
	if req.r.Method == http.MethodPost {
		h.Set("Content-Range", "*/"+total)
	} else if n > 0 {
		h.Set("Content-Range", fmt.Sprintf("0-%d/%s", n-1, total))
	} else {
		h.Set("Content-Range", "*/"+total)
	}
	if req.prefs.Return == "headers-only" && len(t.PK) > 0 && len(bodies) > 0 && created {
		var pk map[string]any
		d := json.NewDecoder(strings.NewReader(bodies[0]))
		d.UseNumber()
		if d.Decode(&pk) == nil && pk != nil {
			var parts []string
			for _, c := range t.PK {
				parts = append(parts, url.QueryEscape(c)+"=eq."+url.QueryEscape(fmt.Sprint(pk[c])))
			}
			h.Set("Location", "/"+t.Name+"?"+strings.Join(parts, "&"))
		}
	}
	if req.prefs.Return != "representation" {
		if !created {
			status = http.StatusNoContent
		}
		req.w.WriteHeader(status)
		return nil
	}
	var body string
	switch {
	case req.media == "single":
		if n != 1 {
			return newErr(406, "PGRST116", msgNotSingular, fmt.Sprintf("The result contains %d rows", n), nil)
		}
		body = bodies[0]
		h.Set("Content-Type", "application/vnd.pgrst.object+json; charset=utf-8")
	case len(bodies) == 1:
		body = bodies[0]
		h.Set("Content-Type", "application/json; charset=utf-8")
	default:
		var parts []string
		for _, b := range bodies {
			if s := strings.TrimSpace(b); s != "[]" {
				parts = append(parts, strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
			}
		}
		body = "[" + strings.Join(parts, ", \n ") + "]"
		h.Set("Content-Type", "application/json; charset=utf-8")
	}
	req.w.WriteHeader(status)
	_, _ = req.w.Write([]byte(body))
	return nil
}

func (s *Server) insert(req *request, t *Table) error {
	p, err := parsePayload(req, t)
	if err != nil {
		return err
	}
	cols, err := writeColumns(req, t, p)
	if err != nil {
		return err
	}
	var conflict []string
	if oc := req.query.Get("on_conflict"); oc != "" {
		for _, c := range strings.Split(oc, ",") {
			conflict = append(conflict, strings.TrimSpace(c))
		}
	} else {
		conflict = t.PK
	}
	// With missing=default and no columns at all, every row takes all
	// defaults; with columns, PostgREST fills each row's absent keys from
	// the columns' defaults (defaultsBody).
	type group struct {
		cols []string
		rows []map[string]json.RawMessage
	}
	var groups []*group
	withDefaults := req.prefs.Missing == "default" && len(cols) > 0
	var defaults map[string]string
	if withDefaults {
		if defaults, err = s.columnDefaults(req.r.Context(), t); err != nil {
			return err
		}
	}
	if req.prefs.Missing == "default" && !withDefaults {
		byKey := map[string]*group{}
		for _, r := range p.rows {
			var present []string
			for _, c := range cols {
				if _, ok := r[c]; ok {
					present = append(present, c)
				}
			}
			k := strings.Join(present, "\x00")
			g := byKey[k]
			if g == nil {
				g = &group{cols: present}
				byKey[k] = g
				groups = append(groups, g)
			}
			g.rows = append(g.rows, r)
		}
	} else {
		groups = []*group{{cols: cols, rows: p.rows}}
	}
	if len(p.rows) == 0 {
		groups = nil
	}
	var stmts []string
	var args [][]any
	target := qi(t.Schema) + "." + qi(t.Name)
	for _, g := range groups {
		b := s.builder()
		var dml string
		if len(g.cols) == 0 {
			// every row takes all defaults
			dml = "insert into " + target + " default values returning " + target + ".*"
			for range g.rows {
				st, _, err := s.writeResult(req, t, s.builder(), dml)
				if err != nil {
					return err
				}
				stmts = append(stmts, st)
				args = append(args, nil)
			}
			continue
		}
		arr := make([]map[string]json.RawMessage, len(g.rows))
		for i, r := range g.rows {
			arr[i] = map[string]json.RawMessage{}
			for _, c := range g.cols {
				if v, ok := r[c]; ok {
					arr[i][c] = v
				}
			}
		}
		var qc []string
		for _, c := range g.cols {
			qc = append(qc, qi(c))
		}
		if withDefaults {
			js, _ := json.Marshal(arr)
			var sel []string
			for _, c := range qc {
				sel = append(sel, "pgrst_body."+c)
			}
			dml = "insert into " + target + " (" + strings.Join(qc, ", ") + ") select " + strings.Join(sel, ", ") +
				" from " + defaultsBody(b, t, defaults, g.cols, string(js))
		} else if typedColumns(t) {
			var tuples []string
			for _, r := range arr {
				var vs []string
				for _, c := range g.cols {
					vs = append(vs, valueParam(b, t.Column(c), r[c]))
				}
				tuples = append(tuples, "("+strings.Join(vs, ", ")+")")
			}
			dml = "insert into " + target + " (" + strings.Join(qc, ", ") + ") values " + strings.Join(tuples, ", ")
		} else {
			js, _ := json.Marshal(arr)
			dml = "insert into " + target + " (" + strings.Join(qc, ", ") + ") select " + strings.Join(qc, ", ") +
				" from json_populate_recordset(null::" + target + ", " + b.bind(string(js)) + "::json) as pgrst_body"
		}
		if req.prefs.Resolution != "" && len(conflict) > 0 {
			var cc []string
			for _, c := range conflict {
				if t.Column(c) == nil {
					return newErr(400, "42703", fmt.Sprintf("column %s does not exist", qi(c)), nil, nil)
				}
				cc = append(cc, qi(c))
			}
			dml += " on conflict (" + strings.Join(cc, ", ") + ")"
			if req.prefs.Resolution == "ignore-duplicates" {
				dml += " do nothing"
			} else {
				var set []string
				for _, c := range g.cols {
					set = append(set, qi(c)+" = excluded."+qi(c))
				}
				dml += " do update set " + strings.Join(set, ", ")
			}
		}
		dml += " returning " + target + ".*"
		st, _, err := s.writeResult(req, t, b, dml)
		if err != nil {
			return err
		}
		stmts = append(stmts, st)
		args = append(args, b.args)
	}
	if req.media == "single" && len(p.rows) != 1 && req.prefs.Return == "representation" {
		return newErr(406, "PGRST116", msgNotSingular, fmt.Sprintf("The result contains %d rows", len(p.rows)), nil)
	}
	if req.prefs.Resolution == "merge-duplicates" && len(conflict) > 0 && len(p.rows) > 0 {
		// PostgREST answers 200 when the upsert inserted nothing: count the
		// payload rows whose conflict key already exists, before writing
		b := s.builder()
		js, _ := json.Marshal(p.rows)
		var on []string
		for _, c := range conflict {
			on = append(on, "pgrst_t."+qi(c)+" = pgrst_body."+qi(c))
		}
		req.upsertProbe = &probe{sql: "select count(*)::text from json_populate_recordset(null::" + target + ", " + b.bind(string(js)) +
			"::json) as pgrst_body where exists (select 1 from " + target + " as pgrst_t where " + strings.Join(on, " and ") + ")", args: b.args}
	}
	return s.runWrite(req, t, stmts, args, true)
}

// defaultsBody is the FROM source of rows read from the JSON array js
// for the columns cols, each absent key taking the column's default as
// PostgREST's missing=default builds it: every default is evaluated for
// every row, in column order, and the row's own keys then override them
// (so a sequence advances once per row even where the row gives the
// value, as in PostgREST), and a column without a default reads NULL.
func defaultsBody(b *builder, t *Table, defaults map[string]string, cols []string, js string) string {
	var defs []string
	for _, c := range cols {
		if d, ok := defaults[c]; ok {
			defs = append(defs, ql(c)+", "+d)
		}
	}
	return "(select " + b.bind(js) + "::jsonb as json_data) as pgrst_payload, " +
		"lateral (select jsonb_agg(jsonb_build_object(" + strings.Join(defs, ", ") + ") || elem) as val from jsonb_array_elements(pgrst_payload.json_data) as elem) as pgrst_json_defs, " +
		"lateral jsonb_populate_recordset(null::" + qi(t.Schema) + "." + qi(t.Name) + ", pgrst_json_defs.val) as pgrst_body"
}

// probe is a statement run first in a write's transaction.
type probe struct {
	sql  string
	args []any
}

func (s *Server) update(req *request, t *Table) error {
	p, err := parsePayload(req, t)
	if err != nil {
		return err
	}
	if p.isArray && len(p.rows) != 1 {
		return invalidBody("Empty or invalid json")
	}
	cols, err := writeColumns(req, t, p)
	if err != nil {
		return err
	}
	b := s.builder()
	target := qi(t.Schema) + "." + qi(t.Name)
	root := &readNode{table: t, alias: t.Name, limit: -1, byKey: map[string]*readNode{}}
	if err := applyParams(root, req.query, nil); err != nil {
		return err
	}
	if len(cols) == 0 {
		// nothing to set: PostgREST answers as for zero affected rows
		dml := "select * from " + target + " where false"
		st, _, err := s.writeResult(req, t, b, dml)
		if err != nil {
			return err
		}
		return s.runWrite(req, t, []string{st}, [][]any{b.args}, false)
	}
	var set []string
	var dml string
	if req.prefs.Missing == "default" {
		// the listed columns the body lacks take their defaults, each
		// evaluated once for the statement, as PostgREST's update reads
		// its one body row
		defaults, err := s.columnDefaults(req.r.Context(), t)
		if err != nil {
			return err
		}
		var defs []string
		for _, c := range cols {
			if d, ok := defaults[c]; ok {
				defs = append(defs, ql(c)+", "+d)
			}
			set = append(set, qi(c)+" = pgrst_body."+qi(c))
		}
		js, _ := json.Marshal(p.rows[0])
		dml = "update " + target + " set " + strings.Join(set, ", ") +
			" from jsonb_populate_record(null::" + target + ", jsonb_build_object(" + strings.Join(defs, ", ") + ") || " + b.bind(string(js)) + "::jsonb) as pgrst_body"
	} else if typedColumns(t) {
		for _, c := range cols {
			set = append(set, qi(c)+" = "+valueParam(b, t.Column(c), p.rows[0][c]))
		}
		dml = "update " + target + " set " + strings.Join(set, ", ")
	} else {
		js, _ := json.Marshal(p.rows[0])
		for _, c := range cols {
			set = append(set, qi(c)+" = pgrst_body."+qi(c))
		}
		dml = "update " + target + " set " + strings.Join(set, ", ") +
			" from (select * from json_populate_record(null::" + target + ", " + b.bind(string(js)) + "::json)) as pgrst_body"
	}
	if w := b.conds(root); len(w) > 0 {
		dml += " where " + strings.Join(w, " and ")
	}
	dml += " returning " + target + ".*"
	st, _, err := s.writeResult(req, t, b, dml)
	if err != nil {
		return err
	}
	return s.runWrite(req, t, []string{st}, [][]any{b.args}, false)
}

func (s *Server) del(req *request, t *Table) error {
	b := s.builder()
	target := qi(t.Schema) + "." + qi(t.Name)
	root := &readNode{table: t, alias: t.Name, limit: -1, byKey: map[string]*readNode{}}
	if err := applyParams(root, req.query, nil); err != nil {
		return err
	}
	dml := "delete from " + target
	if w := b.conds(root); len(w) > 0 {
		dml += " where " + strings.Join(w, " and ")
	}
	dml += " returning " + target + ".*"
	st, _, err := s.writeResult(req, t, b, dml)
	if err != nil {
		return err
	}
	return s.runWrite(req, t, []string{st}, [][]any{b.args}, false)
}

func readCSV(s string) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(s))
	r.FieldsPerRecord = -1
	return r.ReadAll()
}

// put is PUT /t?pk=eq.v: a single-row upsert whose filters name exactly
// the primary key with eq, and whose body agrees with them.
func (s *Server) put(req *request, t *Table) error {
	if _, ok := req.query["limit"]; ok {
		return newErr(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT", nil, nil)
	}
	if _, ok := req.query["offset"]; ok {
		return newErr(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT", nil, nil)
	}
	pkErr := newErr(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators", nil, nil)
	if len(t.PK) == 0 {
		return pkErr
	}
	pkVals := map[string]string{}
	for k, vs := range req.query {
		if reservedTop[k] {
			continue
		}
		if len(vs) != 1 || !strings.HasPrefix(vs[0], "eq.") {
			return pkErr
		}
		pkVals[k] = strings.TrimPrefix(vs[0], "eq.")
	}
	if !sameSet(keysOf(pkVals), t.PK) {
		return pkErr
	}
	p, err := parsePayload(req, t)
	if err != nil {
		return err
	}
	if len(p.rows) != 1 {
		return invalidBody("Empty or invalid json")
	}
	for _, c := range t.PK {
		raw, ok := p.rows[0][c]
		if !ok {
			return newErr(400, "PGRST115", "Payload values do not match URL in primary key column(s)", nil, nil)
		}
		txt, isNull := jsonArgText(raw, "")
		if isNull || txt != pkVals[c] {
			return newErr(400, "PGRST115", "Payload values do not match URL in primary key column(s)", nil, nil)
		}
	}
	cols, err := writeColumns(req, t, p)
	if err != nil {
		return err
	}
	b := s.builder()
	target := qi(t.Schema) + "." + qi(t.Name)
	js, _ := json.Marshal(p.rows)
	var qc, set, cc []string
	for _, c := range cols {
		qc = append(qc, qi(c))
		set = append(set, qi(c)+" = excluded."+qi(c))
	}
	for _, c := range t.PK {
		cc = append(cc, qi(c))
	}
	dml := "insert into " + target + " (" + strings.Join(qc, ", ") + ") select " + strings.Join(qc, ", ") +
		" from json_populate_recordset(null::" + target + ", " + b.bind(string(js)) + "::json) as pgrst_body" +
		" on conflict (" + strings.Join(cc, ", ") + ") do update set " + strings.Join(set, ", ") + " returning " + target + ".*"
	st, _, err := s.writeResult(req, t, b, dml)
	if err != nil {
		return err
	}
	return s.runWrite(req, t, []string{st}, [][]any{b.args}, false)
}

func keysOf(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// affected is a write's row count: page_total of the wrapped statement,
// or the command tag's count of a bare one.
func affected(r *Result) int {
	if len(r.Rows) > 0 && len(r.Rows[0]) > 1 {
		n, _ := strconv.Atoi(str(r.Rows[0][1]))
		return n
	}
	f := strings.Fields(r.Tag)
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(f[len(f)-1])
	return n
}

// typedColumns reports whether every column's type came from the catalog
// (tables), so values can be bound one per column instead of going through
// json_populate_recordset; views keep the JSON path.
func typedColumns(t *Table) bool { return t.Kind == "r" || t.Kind == "p" }

// valueParam binds one JSON value for a column as json_populate_record
// would read it: null as NULL, JSON text for json/jsonb columns, an array
// literal for array columns, a string's contents, else the JSON text.
func valueParam(b *builder, c *Column, raw json.RawMessage) string {
	if raw == nil {
		b.args = append(b.args, colArg{Type: c.Type, Null: true})
		return "$" + strconv.Itoa(len(b.args))
	}
	typ := c.Type
	if typ == "json" || typ == "jsonb" {
		raw = bytes.TrimSpace(raw)
		if string(raw) == "null" {
			b.args = append(b.args, nil)
			return "$" + strconv.Itoa(len(b.args))
		}
		return b.bind(string(raw))
	}
	txt, isNull := jsonArgText(raw, typ)
	if isNull {
		b.args = append(b.args, colArg{Type: typ, Null: true})
		return "$" + strconv.Itoa(len(b.args))
	}
	return b.bindAs(txt, typ)
}
