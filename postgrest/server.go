package postgrest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/logs"
)

// request is everything a handler needs about one HTTP request.
type request struct {
	r      *http.Request
	w      http.ResponseWriter
	auth   *authInfo
	schema string
	cache  *schemaCache
	prefs  preferences
	query  url.Values
	media  string // json | single | csv | openapi
	strip  bool   // nulls=stripped
	head   bool
	body   []byte
	// readOnly overrides the read transaction's access mode (RPC POST of
	// a volatile function reads through runRead but may write).
	readOnly *bool
	// maxAffected: an RPC whose rows count against Prefer: max-affected
	// with handling=strict (rpc.go).
	maxAffected bool
	// upsertProbe counts the rows an upsert will update (write.go).
	upsertProbe *probe
	// live is the configuration the request runs with.
	live *liveConfig
	// rollback ends the transaction with a rollback (db-tx-end and
	// Prefer: tx=…).
	rollback bool
	// plan is the accepted execution plan media type (plan.go), nil for
	// an ordinary response.
	plan *planMedia
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cors(w, r)
	if r.Method == http.MethodOptions {
		w.Header().Set("Allow", "OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE")
		w.WriteHeader(http.StatusOK)
		return
	}
	authenticated := false
	err := func() error {
		s.refreshConfig(r.Context()) // db_config.go: before the JWT secret and anon role are used
		if h := s.live().TraceHeader; h != "" {
			if v := r.Header.Get(h); v != "" { // server-trace-header: echoed on every response
				w.Header().Set(h, v)
			}
		}
		a, err := s.authenticate(r)
		if err != nil {
			return err
		}
		authenticated = a.authenticated
		return s.serve(w, r, a)
	}()
	if err != nil {
		writeError(w, toAPIError(err, authenticated))
	}
}

func cors(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	origin := r.Header.Get("Origin")
	if origin == "" {
		origin = "*"
	}
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Set("Access-Control-Expose-Headers", "Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit")
	if r.Method == http.MethodOptions {
		h.Set("Access-Control-Allow-Methods", "GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD")
		if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
			h.Set("Access-Control-Allow-Headers", req)
		} else {
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, Accept-Profile, Content-Profile, Prefer, Range, Range-Unit, apikey, x-client-info")
		}
		h.Set("Access-Control-Max-Age", "86400")
	}
}

func writeError(w http.ResponseWriter, e *apiError) {
	for k, vs := range e.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(e.Status)
	_, _ = w.Write(e.body())
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request, a *authInfo) error {
	req := &request{r: r, w: w, auth: a, prefs: parsePrefer(r.Header), query: r.URL.Query(), head: r.Method == http.MethodHead}
	if req.prefs.Handling == "strict" && len(req.prefs.invalid) > 0 {
		return newErr(400, "PGRST122", "Invalid preferences given with handling=strict", "Invalid preferences: "+strings.Join(req.prefs.invalid, ", "), nil)
	}
	live := s.live()
	req.live = live
	// db-tx-end decides how the transaction ends; Prefer: tx=… overrides
	// it only in the *-allow-override modes (else it is not applied)
	override := strings.HasSuffix(live.TxEnd, "-allow-override")
	if !override {
		req.prefs.Tx = ""
	}
	req.rollback = strings.HasPrefix(live.TxEnd, "rollback")
	if req.prefs.Tx != "" {
		req.rollback = req.prefs.Tx == "rollback"
	}
	// profile
	req.schema = live.Schemas[0]
	prof := r.Header.Get("Accept-Profile")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		prof = r.Header.Get("Content-Profile")
	}
	if prof != "" {
		ok := false
		for _, sc := range live.Schemas {
			ok = ok || sc == prof
		}
		if !ok {
			return newErr(406, "PGRST106", "The schema must be one of the following: "+strings.Join(live.Schemas, ", "), nil, nil)
		}
		req.schema = prof
	}
	// body
	if r.Body != nil && r.Method != http.MethodGet && r.Method != http.MethodHead {
		b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
		if err != nil {
			var mb *http.MaxBytesError
			if errors.As(err, &mb) {
				return newErr(413, "PGRST413", "Request body too large", fmt.Sprintf("The body exceeds the limit of %d bytes", s.cfg.MaxBodyBytes), nil)
			}
			return newErr(400, "PGRST102", "Could not read the request body", nil, nil)
		}
		req.body = b
	}
	path := strings.Trim(r.URL.Path, "/")
	var err error
	if path != "" { // plan.go: Accept: application/vnd.pgrst.plan…
		if req.plan, err = negotiatePlan(r.Header.Get("Accept"), live.PlanEnabled, false); err != nil {
			return err
		}
	}
	if req.plan != nil {
		req.media, req.strip = req.plan.bodyMedia()
	} else if req.media, req.strip, err = mediaType(r.Header.Get("Accept"), path == ""); err != nil {
		return err
	}
	cache, err := s.schema(r.Context(), false)
	if err != nil {
		return err
	}
	req.cache = cache
	switch {
	case path == "":
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			return newErr(405, "PGRST117", "Unsupported HTTP method: "+r.Method, nil, nil)
		}
		if live.OpenAPIDisabled {
			return newErr(404, "PGRST126", "Root endpoint metadata is disabled", nil, nil)
		}
		return s.openAPI(req)
	case strings.HasPrefix(path, "rpc/") && !strings.Contains(path[4:], "/"):
		return s.rpc(req, path[4:])
	case strings.Contains(path, "/"):
		return newErr(404, "PGRST125", "Invalid path specified in request URL", nil, nil)
	}
	t, err := s.lookupTable(req, path)
	if err != nil {
		return err
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return s.read(req, t)
	case http.MethodPost:
		return s.insert(req, t)
	case http.MethodPatch:
		return s.update(req, t)
	case http.MethodDelete:
		return s.del(req, t)
	case http.MethodPut:
		return s.put(req, t)
	}
	return newErr(405, "PGRST117", "Unsupported HTTP method: "+r.Method, nil, nil)
}

func (s *Server) lookupTable(req *request, name string) (*Table, error) {
	if t := req.cache.table(req.schema, name); t != nil {
		return t, nil
	}
	c, err := s.schema(req.r.Context(), true)
	if err != nil {
		return nil, err
	}
	req.cache = c
	if t := c.table(req.schema, name); t != nil {
		return t, nil
	}
	return nil, newErr(404, "PGRST205", fmt.Sprintf("Could not find the table '%s.%s' in the schema cache", req.schema, name), nil, nil)
}

func mediaType(accept string, root bool) (string, bool, error) {
	if accept == "" {
		return "json", false, nil
	}
	for _, part := range strings.Split(accept, ",") {
		params := strings.Split(part, ";")
		mt := strings.TrimSpace(params[0])
		strip := false
		for _, p := range params[1:] {
			strip = strip || strings.ReplaceAll(p, " ", "") == "nulls=stripped"
		}
		switch mt {
		case "application/json", "*/*", "application/*":
			return "json", false, nil
		case "application/vnd.pgrst.array+json":
			return "json", strip, nil
		case "application/vnd.pgrst.object+json", "application/vnd.pgrst.object":
			return "single", strip, nil
		case "text/csv":
			return "csv", false, nil
		case "application/geo+json":
			return "geojson", false, nil
		case "application/openapi+json":
			if root {
				return "json", false, nil
			}
		}
	}
	return "", false, newErr(406, "PGRST107", "None of these media types are available: "+accept, nil, nil)
}

// tx runs fn after PostgREST's per-request settings, in one transaction.
func (s *Server) tx(req *request, readOnly bool, fn func(q Querier) (bool, error)) error {
	ctx := req.r.Context()
	headers := map[string]string{}
	for k, v := range req.r.Header {
		headers[strings.ToLower(k)] = strings.Join(v, ",")
	}
	hb, _ := json.Marshal(headers)
	cookies := map[string]string{}
	for _, c := range req.r.Cookies() {
		cookies[c.Name] = c.Value
	}
	cb, _ := json.Marshal(cookies)
	live := req.live
	if live == nil {
		live = s.live()
	}
	// the request's schema, then db-extra-search-path as it is, even when
	// it repeats the schema (PostgREST's PreQuery)
	sp := []string{qi(req.schema)}
	for _, x := range live.ExtraSearchPath {
		sp = append(sp, qi(x))
	}
	path := "/" + strings.TrimLeft(req.r.URL.Path, "/")
	// PostgREST's order (Query/PreQuery.hs): search_path, the role's own
	// settings (role_settings.go), the role, then the request's
	roleSettings := live.RoleSettings[req.auth.role]
	settings := make([][2]string, 0, 8+len(roleSettings))
	settings = append(settings, [2]string{"search_path", strings.Join(sp, ", ")})
	settings = append(settings, roleSettings...)
	settings = append(settings, [][2]string{{"role", req.auth.role}, {"request.jwt.claims", req.auth.claims},
		{"request.method", req.r.Method}, {"request.path", path}, {"request.headers", string(hb)}, {"request.cookies", string(cb)}}...)
	if tz := req.prefs.Timezone; tz != "" {
		settings = append(settings, [2]string{"timezone", tz})
	}
	return s.cfg.Executor.Tx(ctx, readOnly, func(q Querier) (bool, error) {
		if err := setLocal(ctx, q, settings); err != nil {
			return false, err
		}
		q = LogStatements(q, logs.REST, req.auth.role, s.cfg.OnStatement)
		if live.PreRequest != "" { // db-pre-request
			if _, err := q.Query(ctx, "select "+qualifiedFunc(live.PreRequest)+"()"); err != nil {
				return false, err
			}
		}
		commit, err := fn(q)
		return commit && !req.rollback, err
	})
}

// qualifiedFunc quotes a db-pre-request name, "schema.name" or "name", as
// PostgREST's QualifiedIdentifier does (a name without a schema resolves
// through the request's search_path).
func qualifiedFunc(name string) string {
	if schema, fn, ok := strings.Cut(name, "."); ok {
		return qi(schema) + "." + qi(fn)
	}
	return qi(name)
}

// bodyExpr is the json_agg expression for the response's media type.
func bodyExpr(media string, head, strip bool) string {
	agg := "json_agg(_postgrest_t)"
	if strip {
		agg = "json_strip_nulls(" + agg + ")"
	}
	switch {
	case head:
		return "null::text"
	case media == "single" || media == "object":
		return "coalesce((" + agg + "->0)::text, 'null')"
	case media == "geojson":
		// PostgREST's GeoJSON body: each row as a Feature by PostGIS's
		// ST_AsGeoJSON(record), found on the extra search path
		return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text"
	}
	return "coalesce(" + agg + ", '[]')::text"
}

func (s *Server) read(req *request, t *Table) error {
	items, err := parseSelect(req.query.Get("select"))
	if err != nil {
		return err
	}
	root, err := s.buildTree(req.cache, t, items, t.Name, map[string]int{t.Name: 1})
	if err != nil {
		return err
	}
	if err := applyParams(root, req.query, nil); err != nil {
		return err
	}
	if err := s.applyRange(req, root); err != nil {
		return err
	}
	if err := checkAggAliases(root); err != nil {
		return err
	}
	from := qi(t.Schema) + "." + qi(t.Name)
	return s.runRead(req, root, from, s.builder())
}

// applyRange merges the Range header and db-max-rows into the root's limit.
func (s *Server) applyRange(req *request, root *readNode) error {
	if rh := req.r.Header.Get("Range"); rh != "" && (req.r.Method == http.MethodGet || req.r.Method == http.MethodHead) {
		rh = strings.TrimPrefix(rh, "items=")
		lo, hi, ok := strings.Cut(rh, "-")
		from, err1 := strconv.Atoi(lo)
		if !ok || err1 != nil || from < 0 {
			return newErr(416, "PGRST103", "Requested range not satisfiable", nil, nil)
		}
		if hi != "" {
			to, err := strconv.Atoi(hi)
			if err != nil || to < from {
				return newErr(416, "PGRST103", "Requested range not satisfiable", nil, nil)
			}
			if root.limit < 0 || to-from+1 < root.limit {
				root.limit = to - from + 1
			}
		}
		if root.offset == 0 {
			root.offset = from
		}
	}
	if max := s.live().MaxRows; max > 0 && (root.limit < 0 || root.limit > max) {
		root.limit = max
	}
	return nil
}

// runRead runs the read statement and writes the response.
func (s *Server) runRead(req *request, root *readNode, from string, b *builder) error {
	fromArgs := append([]any(nil), b.args...) // from's own parameters (an RPC's arguments)
	src, err := b.nodeSelect(root, from, nil, root.limit)
	if err != nil {
		return err
	}
	count := "null::bigint"
	if req.prefs.Count == "exact" || req.prefs.Count == "estimated" { // count.go
		count = exactCountSQL(req.prefs.Count, from, b.conds(root), req.live.MaxRows)
	}
	if req.plan != nil { // plan.go
		media := req.media
		if media == "csv" {
			media = "json"
		}
		sql := "select " + count + "::text as total_result_set, count(*)::text as page_total, " +
			bodyExpr(media, req.head, req.strip) + " as body from (" + src + ") as _postgrest_t"
		readOnly := req.readOnly == nil || *req.readOnly
		return s.runPlan(req, readOnly, []string{sql}, [][]any{b.args})
	}
	var planned *int64
	var res *Result
	var rows *Result
	readOnly := true
	if req.readOnly != nil {
		readOnly = *req.readOnly
	}
	err = s.tx(req, readOnly, func(q Querier) (bool, error) {
		var err error
		if req.media == "csv" {
			if rows, err = q.Query(req.r.Context(), src, b.args...); err != nil {
				return false, err
			}
			// the count reads from the same statement so that it takes
			// every bound parameter (PostgreSQL rejects unused ones)
			if res, err = q.Query(req.r.Context(), "select "+count+"::text, count(*)::text, null::text from ("+src+") as _postgrest_t", b.args...); err != nil {
				return false, err
			}
		} else {
			page := "count(*)::text"
			if pageFromBody(req) {
				page = "null::text"
			}
			sql := "select " + count + "::text as total_result_set, " + page + " as page_total, " +
				bodyExpr(req.media, req.head, req.strip) + " as body from (" + src + ") as _postgrest_t"
			if res, err = q.Query(req.r.Context(), sql, b.args...); err != nil {
				return false, err
			}
			if req.maxAffected {
				page := str(res.Rows[0][1])
				if pageFromBody(req) {
					page = strconv.Itoa(jsonArrayLen(str(res.Rows[0][2])))
				}
				if err := rpcMaxAffected(req, page); err != nil {
					return false, err
				}
			}
		}
		if req.prefs.Count == "planned" || req.prefs.Count == "estimated" { // count.go
			n, ok, err := s.plannedCount(req.r.Context(), q, root, from, fromArgs)
			if err != nil {
				return false, err
			}
			if ok {
				planned = &n
			}
		}
		return !readOnly && req.media != "csv", nil
	})
	if err != nil {
		return err
	}
	total := countTotal(req.prefs.Count, res.Rows[0][0], planned, req.live.MaxRows)
	page := 0
	if req.media == "csv" {
		page = len(rows.Rows)
	} else if pageFromBody(req) {
		page = jsonArrayLen(str(res.Rows[0][2]))
	} else {
		page, _ = strconv.Atoi(str(res.Rows[0][1]))
	}
	if req.media == "single" && page != 1 {
		return newErr(406, "PGRST116", msgNotSingular, fmt.Sprintf("The result contains %d rows", page), nil)
	}
	status := http.StatusOK
	h := req.w.Header()
	cr := contentRange(root.offset, page, total)
	if total != nil {
		n, _ := strconv.Atoi(*total)
		if root.offset > 0 && page == 0 && root.offset >= n && n > 0 {
			return newErr(416, "PGRST103", "Requested range not satisfiable", fmt.Sprintf("An offset of %d was requested, but there are only %d rows.", root.offset, n), nil)
		}
		if page < n && (root.offset > 0 || page < n) {
			status = http.StatusPartialContent
		}
	}
	h.Set("Content-Range", cr)
	var applied []string
	if req.prefs.Count != "" {
		applied = append(applied, "count="+req.prefs.Count)
	}
	if req.prefs.Timezone != "" {
		applied = append(applied, "timezone="+req.prefs.Timezone)
	}
	if len(applied) > 0 {
		h.Set("Preference-Applied", strings.Join(applied, ", "))
	}
	var body []byte
	switch req.media {
	case "csv":
		h.Set("Content-Type", "text/csv; charset=utf-8")
		body = renderCSV(rows)
	case "single":
		h.Set("Content-Type", "application/vnd.pgrst.object+json; charset=utf-8")
		if req.strip {
			h.Set("Content-Type", "application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8")
		}
		body = []byte(str(res.Rows[0][2]))
	case "geojson":
		h.Set("Content-Type", "application/geo+json; charset=utf-8")
		body = []byte(str(res.Rows[0][2]))
	case "json":
		h.Set("Content-Type", "application/json; charset=utf-8")
		if req.strip {
			h.Set("Content-Type", "application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8")
		}
		body = []byte(str(res.Rows[0][2]))
	default:
		// json, and "object" for a function returning one composite
		h.Set("Content-Type", "application/json; charset=utf-8")
		body = []byte(str(res.Rows[0][2]))
	}
	if req.head {
		body = nil
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	req.w.WriteHeader(status)
	_, _ = req.w.Write(body)
	return nil
}

// pageFromBody reports whether a read's page size is counted from its
// JSON array body rather than by a count(*) beside json_agg: for a plain
// JSON response the body holds every row, and counting its elements
// costs less than a second aggregate (on tinybase's engine, about a sixth
// of a point read).
func pageFromBody(req *request) bool { return req.media == "json" && !req.head }

// jsonArrayLen counts the elements of a JSON array (json_agg output):
// none when only whitespace lies between its brackets, otherwise one more
// than the commas at depth one outside strings.
func jsonArrayLen(s string) int {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != '[' || strings.TrimSpace(s[1:len(s)-1]) == "" {
		return 0
	}
	depth, n, inStr, esc := 0, 1, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ',':
			if depth == 1 {
				n++
			}
		}
	}
	return n
}

func contentRange(offset, page int, total *string) string {
	t := "*"
	if total != nil {
		t = *total
	}
	if page == 0 {
		return "*/" + t
	}
	return fmt.Sprintf("%d-%d/%s", offset, offset+page-1, t)
}

// renderCSV renders rows as PostgREST's CSV: a header of the column names
// as they are (none when there are no rows), a newline, then each row as
// PostgreSQL's record output without its parentheses, rows separated by
// newlines. A value is quoted as record_out quotes a field: when empty or
// holding a double quote, backslash, parenthesis, comma or white space,
// with " and \ doubled inside; NULL is nothing.
func renderCSV(res *Result) []byte {
	var sb strings.Builder
	if len(res.Rows) > 0 {
		sb.WriteString(strings.Join(res.Columns, ","))
	}
	sb.WriteByte('\n')
	for i, row := range res.Rows {
		if i > 0 {
			sb.WriteByte('\n')
		}
		for j, v := range row {
			if j > 0 {
				sb.WriteByte(',')
			}
			if v != nil {
				writeRecordField(&sb, *v)
			}
		}
	}
	return []byte(sb.String())
}

// writeRecordField writes one field as record_out does.
func writeRecordField(sb *strings.Builder, v string) {
	quote := v == ""
	for i := 0; i < len(v) && !quote; i++ {
		switch v[i] {
		case '"', '\\', '(', ')', ',', ' ', '\t', '\n', '\r', '\v', '\f':
			quote = true
		}
	}
	if !quote {
		sb.WriteString(v)
		return
	}
	sb.WriteByte('"')
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			sb.WriteByte(v[i])
		}
		sb.WriteByte(v[i])
	}
	sb.WriteByte('"')
}

// localSetter is implemented by queriers that can set transaction-local
// settings without a statement (the engine: the same Session.SetSetting
// that set_config(..., true) calls).
type localSetter interface {
	SetLocal(settings [][2]string) error
}

// setLocal applies PostgREST's per-request settings: set_config(name,
// value, true) for each, as one statement with bound values.
func setLocal(ctx context.Context, q Querier, settings [][2]string) error {
	if ls, ok := q.(localSetter); ok {
		return ls.SetLocal(settings)
	}
	var parts []string
	var args []any
	for i, kv := range settings {
		parts = append(parts, fmt.Sprintf("set_config($%d, $%d, true)", 2*i+1, 2*i+2))
		args = append(args, kv[0], kv[1])
	}
	_, err := q.Query(ctx, "select "+strings.Join(parts, ", "), args...)
	return err
}
