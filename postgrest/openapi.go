package postgrest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// openAPI serves GET / : the Swagger 2.0 document PostgREST generates for
// the exposed schema (tables and views with their columns, functions).
func (s *Server) openAPI(req *request) error {
	defs := map[string]any{}
	paths := map[string]any{"/": map[string]any{"get": map[string]any{"produces": []string{"application/openapi+json", "application/json"}, "responses": map[string]any{"200": map[string]any{"description": "OK"}}, "summary": "OpenAPI description (this document)", "tags": []string{"Introspection"}}}}
	var names []string
	for k, t := range req.cache.tables {
		if t.Schema == req.schema {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		t := req.cache.tables[k]
		props := map[string]any{}
		var required []string
		for _, c := range t.Columns {
			typ, format := swaggerType(c.Type)
			p := map[string]any{"format": format}
			if typ != "" {
				p["type"] = typ
			}
			for _, pk := range t.PK {
				if pk == c.Name {
					p["description"] = "Note:\nThis is a Primary Key.<pk/>"
				}
			}
			for _, fk := range t.FKs {
				if len(fk.FromCols) == 1 && fk.FromCols[0] == c.Name {
					p["description"] = "Note:\nThis is a Foreign Key to `" + fk.To.Name + "." + fk.ToCols[0] + "`.<fk table='" + fk.To.Name + "' column='" + fk.ToCols[0] + "'/>"
				}
			}
			props[c.Name] = p
			if c.NotNull && !c.HasDef {
				required = append(required, c.Name)
			}
		}
		d := map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			d["required"] = required
		}
		defs[t.Name] = d
		ref := map[string]any{"$ref": "#/definitions/" + t.Name}
		ops := map[string]any{
			"get": map[string]any{"tags": []string{t.Name}, "responses": map[string]any{"200": map[string]any{"description": "OK", "schema": map[string]any{"type": "array", "items": ref}}, "206": map[string]any{"description": "Partial Content"}}},
		}
		if t.Kind == "r" || t.Kind == "p" || t.Kind == "v" {
			ops["post"] = map[string]any{"tags": []string{t.Name}, "responses": map[string]any{"201": map[string]any{"description": "Created"}}}
			ops["patch"] = map[string]any{"tags": []string{t.Name}, "responses": map[string]any{"204": map[string]any{"description": "No Content"}}}
			ops["delete"] = map[string]any{"tags": []string{t.Name}, "responses": map[string]any{"204": map[string]any{"description": "No Content"}}}
		}
		paths["/"+t.Name] = ops
	}
	var fnames []string
	for k := range req.cache.funcs {
		if strings.HasPrefix(k, req.schema+".") {
			fnames = append(fnames, k)
		}
	}
	sort.Strings(fnames)
	for _, k := range fnames {
		var f *Function
		for _, g := range req.cache.funcs[k] {
			if g.Callable { // rpc_match.go: what /rpc exposes
				f = g
				break
			}
		}
		if f == nil {
			continue
		}
		props := map[string]any{}
		for _, a := range f.Args {
			typ, format := swaggerType(a.Type)
			props[a.Name] = map[string]any{"type": typ, "format": format}
		}
		op := map[string]any{"tags": []string{"(rpc) " + f.Name}, "parameters": []any{map[string]any{"in": "body", "name": "args", "required": true, "schema": map[string]any{"type": "object", "properties": props}}}, "responses": map[string]any{"200": map[string]any{"description": "OK"}}}
		paths["/rpc/"+f.Name] = map[string]any{"post": op}
	}
	host := req.r.Host
	doc := map[string]any{
		"swagger":      "2.0",
		"info":         map[string]any{"title": "PostgREST API", "description": "", "version": "14.12"},
		"host":         host,
		"basePath":     "/",
		"schemes":      []string{"http"},
		"consumes":     []string{"application/json", "application/vnd.pgrst.object+json;nulls=stripped", "application/vnd.pgrst.object+json", "text/csv"},
		"produces":     []string{"application/json", "application/vnd.pgrst.object+json;nulls=stripped", "application/vnd.pgrst.object+json", "text/csv"},
		"paths":        paths,
		"definitions":  defs,
		"externalDocs": map[string]any{"description": "PostgREST Documentation", "url": "https://postgrest.org/en/v14/references/api.html"},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(doc)
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	req.w.Header().Set("Content-Type", "application/openapi+json; charset=utf-8")
	req.w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	req.w.WriteHeader(http.StatusOK)
	if !req.head {
		_, _ = req.w.Write(b)
	}
	return nil
}

func swaggerType(pg string) (string, string) {
	base := pg
	if i := strings.IndexByte(base, '('); i >= 0 {
		base = base[:i]
	}
	switch {
	case strings.HasSuffix(pg, "[]"):
		return "array", pg
	case base == "integer" || base == "bigint" || base == "smallint":
		return "integer", pg
	case base == "numeric" || base == "real" || base == "double precision":
		return "number", pg
	case base == "boolean":
		return "boolean", pg
	case base == "json" || base == "jsonb":
		return "", pg
	}
	return "string", pg
}
