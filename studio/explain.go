package studio

import (
	"encoding/json"
	"net/http"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/postgrest"
)

// POST /api/sql/explain {"sql", "analyze"}: the plan of the text's last
// statement as EXPLAIN (FORMAT JSON) gives it, for the editor to draw as
// a tree. With analyze the statement runs, inside a transaction that is
// rolled back.
func (s *Server) explainSQL(w http.ResponseWriter, r *http.Request) {
	var body struct {
		SQL     string `json:"sql"`
		Analyze bool   `json:"analyze"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	stmts, err := engine.SplitStatements(body.SQL)
	if err != nil {
		fail(w, located(err, body.SQL, engine.Statement{SQL: body.SQL}))
		return
	}
	if len(stmts) == 0 {
		fail(w, bad("there is no statement to explain"))
		return
	}
	st := stmts[len(stmts)-1]
	opts := "(format json)"
	if body.Analyze {
		opts = "(analyze, format json)"
	}
	prefix := "explain " + opts + " "
	var plan json.RawMessage
	err = s.x.Tx(r.Context(), false, func(q postgrest.Querier) (bool, error) {
		res, err := q.Query(r.Context(), prefix+st.SQL)
		if err != nil {
			// Positions count from the statement as written.
			if pe, ok := err.(*engine.Error); ok && pe.Position > len(prefix) {
				e := *pe
				e.Position -= len(prefix)
				err = &e
			}
			return false, located(err, body.SQL, st)
		}
		if len(res.Rows) == 1 && len(res.Rows[0]) == 1 {
			plan = json.RawMessage(str(res.Rows[0][0]))
		}
		return false, nil // always rolled back
	})
	if err != nil {
		fail(w, err)
		return
	}
	if !json.Valid(plan) {
		fail(w, bad("the engine gave no JSON plan for this statement"))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"plan": plan, "statement": st.SQL})
}
