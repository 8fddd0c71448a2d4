package studio

import (
	"net/http"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/lint"
	"github.com/tinybase/tinybase/postgrest"
)

// Policy is one row-level security policy (pg_policies).
type Policy struct {
	Name       string `json:"name"`
	Command    string `json:"command"` // ALL, SELECT, INSERT, UPDATE, DELETE
	Roles      string `json:"roles"`
	Permissive string `json:"permissive"`
	Using      string `json:"using,omitempty"`
	WithCheck  string `json:"with_check,omitempty"`
}

// TablePolicies is a table's RLS switch and its policies.
type TablePolicies struct {
	Schema   string   `json:"schema"`
	Name     string   `json:"name"`
	RLS      bool     `json:"rls"`
	Forced   bool     `json:"forced"`
	Policies []Policy `json:"policies"`
}

// GET /api/policies: every table outside the system schemas, with RLS on
// or off and each policy.
func (s *Server) listPolicies(w http.ResponseWriter, r *http.Request) {
	var out []*TablePolicies
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `select n.nspname, c.relname, c.relrowsecurity::text, c.relforcerowsecurity::text from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r','p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_toast%' order by 1, 2`)
		if err != nil {
			return err
		}
		byName := map[[2]string]*TablePolicies{}
		for _, row := range res.Rows {
			t := &TablePolicies{Schema: str(row[0]), Name: str(row[1]), RLS: str(row[2]) == "true", Forced: str(row[3]) == "true", Policies: []Policy{}}
			out = append(out, t)
			byName[[2]string{t.Schema, t.Name}] = t
		}
		res, err = q.Query(r.Context(), `select schemaname, tablename, policyname, permissive, array_to_string(roles, ', '), cmd, qual, with_check from pg_catalog.pg_policies order by 1, 2, 3`)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			if t := byName[[2]string{str(row[0]), str(row[1])}]; t != nil {
				t.Policies = append(t.Policies, Policy{Name: str(row[2]), Permissive: str(row[3]), Roles: str(row[4]), Command: str(row[5]), Using: str(row[6]), WithCheck: str(row[7])})
			}
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"tables": out})
}

// POST /api/policies/rls {"schema","name","enabled"}: ALTER TABLE ...
// ENABLE / DISABLE ROW LEVEL SECURITY.
func (s *Server) setRLS(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Schema  string `json:"schema"`
		Name    string `json:"name"`
		Enabled bool   `json:"enabled"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	err := s.tx(r.Context(), viewAs{}, false, func(q postgrest.Querier) error {
		t, err := describe(r.Context(), q, body.Schema, body.Name)
		if err != nil {
			return err
		}
		verb := "disable"
		if body.Enabled {
			verb = "enable"
		}
		_, err = q.Query(r.Context(), "alter table "+qualified(t.Schema, t.Name)+" "+verb+" row level security")
		return err
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// GET /api/lint: `tinybase db lint`'s findings (package lint), each with
// its remediation link.
func (s *Server) runLint(w http.ResponseWriter, r *http.Request) {
	sess, err := s.cfg.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		fail(w, err)
		return
	}
	defer sess.Close()
	fs, err := lint.Run(r.Context(), sess)
	if err != nil {
		fail(w, err)
		return
	}
	if fs == nil {
		fs = []lint.Finding{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"findings": fs})
}
