package postgrest

import (
	"net/http"
	"strconv"
	"strings"
)

// The execution plan media type (docs: references/observability,
// "Execution plan"): Accept: application/vnd.pgrst.plan[+text|+json]
// with the parameters for="<media type>" (default application/json)
// and options=analyze|verbose|settings|buffers|wal answers the EXPLAIN of
// the statement the request would run, with status 200, as
// supabase-js's .explain({analyze, verbose, settings, buffers, wal,
// format}) asks for it. It is offered only when db-plan-enabled is on
// (off by default, as the Supabase CLI leaves it; ALTER ROLE
// authenticator SET pgrst.db_plan_enabled = 'true' turns it on);
// otherwise the plan media type is not available and, when nothing else
// in Accept is, the request fails with 406 PGRST107.

// planMedia is an accepted plan media type.
type planMedia struct {
	json    bool     // +json: EXPLAIN (FORMAT JSON)
	forMT   string   // the media type the plan is for, lower case, without parameters
	forRaw  string   // for= as given (PostgREST renders it back in Content-Type)
	options []string // in PostgREST's order: analyze, verbose, settings, buffers, wal
}

// planOptionOrder is the order PostgREST renders and applies the options
// in, whatever order the client gave.
var planOptionOrder = []string{"analyze", "verbose", "settings", "buffers", "wal"}

// mime renders the media type as PostgREST's toMime does.
func (p *planMedia) mime() string {
	s := "application/vnd.pgrst.plan+text"
	if p.json {
		s = "application/vnd.pgrst.plan+json"
	}
	s += `; for="` + p.forRaw + `"`
	if len(p.options) > 0 {
		s += "; options=" + strings.Join(p.options, "|")
	}
	return s
}

// explainSQL wraps a statement in EXPLAIN with the media type's format
// and options, as PostgREST's explainF spells it.
func (p *planMedia) explainSQL(stmt string) string {
	parts := []string{"FORMAT TEXT"}
	if p.json {
		parts[0] = "FORMAT JSON"
	}
	for _, o := range p.options {
		parts = append(parts, strings.ToUpper(o))
	}
	return "EXPLAIN (" + strings.Join(parts, ", ") + ") " + stmt
}

// bodyMedia is the request media (json, single, csv) the explained
// statement is built for.
func (p *planMedia) bodyMedia() (string, bool) {
	media, strip, err := mediaType(p.forRaw, false)
	if err != nil {
		return "json", false
	}
	return media, strip
}

// mediaParams splits one Accept element into its type and parameters,
// honouring quoted values (for="a;b").
func mediaParams(part string) (string, map[string]string) {
	var fields []string
	var cur strings.Builder
	quoted := false
	for _, r := range part {
		switch {
		case r == '"':
			quoted = !quoted
		case r == ';' && !quoted:
			fields = append(fields, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	fields = append(fields, cur.String())
	params := map[string]string{}
	for _, f := range fields[1:] {
		k, v, _ := strings.Cut(f, "=")
		params[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return strings.ToLower(strings.TrimSpace(fields[0])), params
}

// acceptElements splits an Accept header on the commas outside quotes.
func acceptElements(accept string) []string {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(accept); i++ {
		switch accept[i] {
		case '"':
			quoted = !quoted
		case ',':
			if !quoted {
				out = append(out, accept[start:i])
				start = i + 1
			}
		}
	}
	return append(out, accept[start:])
}

// negotiatePlan reads the plan media type from Accept, taking the
// elements in order as PostgREST's negotiation does: the first one this
// server can produce wins. A plan element counts only while plans are
// enabled. plan is nil when an ordinary media type wins (mediaType then
// picks it from the same header); with nothing acceptable, err is
// PostgREST's 406 naming every element.
func negotiatePlan(accept string, enabled, root bool) (*planMedia, error) {
	if !strings.Contains(strings.ToLower(accept), "vnd.pgrst.plan") {
		return nil, nil
	}
	var rendered []string
	for _, el := range acceptElements(accept) {
		mt, params := mediaParams(el)
		var p *planMedia
		switch mt {
		case "application/vnd.pgrst.plan", "application/vnd.pgrst.plan+text":
			p = &planMedia{}
		case "application/vnd.pgrst.plan+json":
			p = &planMedia{json: true}
		default:
			if _, _, err := mediaType(el, root); err == nil {
				return nil, nil
			}
			rendered = append(rendered, strings.TrimSpace(el))
			continue
		}
		p.forRaw = "application/json"
		if f := params["for"]; f != "" {
			p.forRaw = f
		}
		p.forMT, _ = mediaParams(p.forRaw)
		opts := map[string]bool{}
		for _, o := range strings.Split(params["options"], "|") {
			opts[strings.ToLower(strings.TrimSpace(o))] = true
		}
		for _, o := range planOptionOrder {
			if opts[o] {
				p.options = append(p.options, o)
			}
		}
		rendered = append(rendered, p.mime())
		if _, _, err := mediaType(p.forRaw, false); err == nil && enabled {
			return p, nil
		}
	}
	return nil, newErr(406, "PGRST107", "None of these media types are available: "+strings.Join(rendered, ", "), nil, nil)
}

// runPlan answers the plan media type: the EXPLAIN of each statement the
// request would run (a write runs one per payload batch), its rows
// joined by newlines as PostgREST's planRow does, with status 200. With
// options=analyze the statements run; a write then commits as db-tx-end
// and Prefer: tx say.
func (s *Server) runPlan(req *request, readOnly bool, stmts []string, args [][]any) error {
	var lines []string
	err := s.tx(req, readOnly, func(q Querier) (bool, error) {
		for i, st := range stmts {
			res, err := q.Query(req.r.Context(), req.plan.explainSQL(st), args[i]...)
			if err != nil {
				return false, err
			}
			for _, r := range res.Rows {
				if len(r) > 0 && r[0] != nil {
					lines = append(lines, *r[0])
				}
			}
		}
		return !readOnly, nil
	})
	if err != nil {
		return err
	}
	body := []byte(strings.Join(lines, "\n") + "\n")
	h := req.w.Header()
	h.Set("Content-Type", req.plan.mime()+"; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	req.w.WriteHeader(http.StatusOK)
	if !req.head {
		_, _ = req.w.Write(body)
	}
	return nil
}
