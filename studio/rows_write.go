package studio

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/postgrest"
)

// rowEdit is the body of POST, PATCH and DELETE /api/rows: the table,
// the row's primary key (PATCH, DELETE), the new values (POST, PATCH;
// null is NULL, everything else is the column's text form) and who runs
// it.
type rowEdit struct {
	Schema string             `json:"schema"`
	Name   string             `json:"name"`
	Key    map[string]*string `json:"key"`
	Values map[string]*string `json:"values"`
	viewAs
}

// writeRow runs one INSERT, UPDATE or DELETE built from the catalog's
// column names and the request's values as parameters; it returns the
// affected rows.
func (s *Server) writeRow(w http.ResponseWriter, r *http.Request) {
	var e rowEdit
	if err := decode(r, &e); err != nil {
		fail(w, err)
		return
	}
	var page Page
	err := s.tx(r.Context(), viewAs{}, false, func(q postgrest.Querier) error {
		t, err := describe(r.Context(), q, e.Schema, e.Name)
		if err != nil {
			return err
		}
		page.Columns = t.Columns
		if err := s.impersonate(r.Context(), q, e.viewAs); err != nil {
			return err
		}
		sql, args, err := writeQuery(r.Method, t, e)
		if err != nil {
			return err
		}
		res, err := q.Query(r.Context(), sql, args...)
		if err != nil {
			return err
		}
		page.Rows = textRows(res)
		if r.Method != http.MethodPost && len(page.Rows) == 0 {
			return bad("no row of %s has that primary key (or row level security hides it from this role)", t.Name)
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

func sortedKeys(m map[string]*string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func writeQuery(method string, t *Table, e rowEdit) (string, []any, error) {
	if t.Kind != "table" && t.Kind != "view" {
		return "", nil, bad("%s is a %s: its rows cannot be edited", t.Name, t.Kind)
	}
	var args []any
	param := func(v *string) string {
		if v == nil {
			args = append(args, nil)
		} else {
			args = append(args, *v)
		}
		return "$" + strconv.Itoa(len(args))
	}
	ret := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		ret[i] = engine.QuoteIdent(c.Name)
	}
	returning := " returning " + strings.Join(ret, ", ")
	var where []string
	if method != http.MethodPost {
		if len(t.PrimaryKey) == 0 {
			return "", nil, bad("%s has no primary key: its rows cannot be told apart to edit", t.Name)
		}
		for _, k := range t.PrimaryKey {
			v, ok := e.Key[k]
			if !ok || v == nil {
				return "", nil, bad("the key needs a value for the primary key column %q", k)
			}
			where = append(where, engine.QuoteIdent(k)+" = "+param(v))
		}
	}
	var cols, vals []string
	for _, name := range sortedKeys(e.Values) {
		if t.column(name) == nil {
			return "", nil, columnError(name, t)
		}
		cols = append(cols, engine.QuoteIdent(name))
		vals = append(vals, param(e.Values[name]))
	}
	target := qualified(t.Schema, t.Name)
	switch method {
	case http.MethodPost:
		if len(cols) == 0 {
			return "insert into " + target + " default values" + returning, args, nil
		}
		return "insert into " + target + " (" + strings.Join(cols, ", ") + ") values (" + strings.Join(vals, ", ") + ")" + returning, args, nil
	case http.MethodPatch:
		if len(cols) == 0 {
			return "", nil, bad("nothing to update: values is empty")
		}
		set := make([]string, len(cols))
		for i := range cols {
			set[i] = cols[i] + " = " + vals[i]
		}
		return "update " + target + " set " + strings.Join(set, ", ") + " where " + strings.Join(where, " and ") + returning, args, nil
	default:
		return "delete from " + target + " where " + strings.Join(where, " and ") + returning, args, nil
	}
}

// GET /api/users?q=: auth.users for the "view as" picker (id and email).
func (s *Server) pickUsers(w http.ResponseWriter, r *http.Request) {
	var out []map[string]string
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `select id::text, coalesce(email, phone, '') from auth.users where coalesce(email, '') ilike $1 order by email nulls last, id limit 200`, "%"+queryParam(r, "q")+"%")
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			out = append(out, map[string]string{"id": str(row[0]), "email": str(row[1])})
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"users": out})
}
