package studio

import (
	"fmt"
	"net/http"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgtree"
	"github.com/tinybase/tinybase/postgrest"
)

// The forms that create a policy or a table build their statement from
// identifiers quoted with engine.QuoteIdent and words from fixed lists.
// Policy expressions (USING, WITH CHECK), column defaults and type names
// are the user's own SQL text, labelled as such in the form; each is
// first parsed on its own (pgtree, PostgreSQL's parser) and must be
// exactly one expression or one type name, so it cannot close the
// parenthesis it sits in and add clauses or statements.

// syntaxError is a 42601 for a form field, in PostgreSQL's words where
// the parser gave them.
func syntaxError(field, format string, args ...any) error {
	return &engine.Error{Severity: "ERROR", Code: "42601", Message: fmt.Sprintf(format, args...), Detail: "in " + field}
}

// wrapExpr parenthesizes an expression; a line comment in it ends
// before the closing parenthesis, which goes on a line of its own.
func wrapExpr(e string) string {
	if strings.Contains(e, "--") {
		return "(" + e + "\n)"
	}
	return "(" + e + ")"
}

// loneSelect parses SELECT <text> and returns its one target when the
// text is nothing more than that target.
func loneSelect(field, text string) (*pg.Node, error) {
	const prefix = "SELECT "
	tree, err := pgtree.Parse(prefix + text)
	if err != nil {
		pe := pgtree.SyntaxError(err)
		pe.Detail = "in " + field
		pe.Position = 0 // a position in the probe, not in the statement
		return nil, pe
	}
	if len(tree.Stmts) != 1 {
		return nil, syntaxError(field, "%s must be one SQL expression", field)
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 || sel.FromClause != nil || sel.WhereClause != nil || sel.GroupClause != nil ||
		sel.HavingClause != nil || sel.SortClause != nil || sel.LimitCount != nil || sel.LimitOffset != nil || sel.WindowClause != nil ||
		sel.ValuesLists != nil || sel.LockingClause != nil || sel.WithClause != nil || sel.DistinctClause != nil || sel.IntoClause != nil ||
		sel.Op != pg.SetOperation_SETOP_NONE {
		return nil, syntaxError(field, "%s must be one SQL expression", field)
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Name != "" {
		return nil, syntaxError(field, "%s must be one SQL expression", field)
	}
	return rt.Val, nil
}

// checkExpr accepts text that is exactly one SQL expression and returns
// it parenthesized for the statement.
func checkExpr(field, text string) (string, error) {
	w := wrapExpr(text)
	if _, err := loneSelect(field, w); err != nil {
		return "", err
	}
	return w, nil
}

// checkType accepts text that is exactly one type name (int8,
// numeric(10,2), timestamp with time zone, text[], public.mood).
func checkType(field, text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", syntaxError(field, "a column needs a type")
	}
	if strings.Contains(text, "--") || strings.Contains(text, "/*") {
		return "", syntaxError(field, "a type name cannot hold a comment")
	}
	v, err := loneSelect(field, "NULL::"+text)
	if err != nil {
		return "", err
	}
	if tc := v.GetTypeCast(); tc == nil || tc.Arg.GetAConst() == nil || !tc.Arg.GetAConst().Isnull {
		return "", syntaxError(field, "%q is not a type name", text)
	}
	return text, nil
}

// policyForm is POST /api/policies.
type policyForm struct {
	Schema      string   `json:"schema"`
	Table       string   `json:"table"`
	Name        string   `json:"name"`
	Command     string   `json:"command"` // ALL, SELECT, INSERT, UPDATE, DELETE
	Restrictive bool     `json:"restrictive"`
	Roles       []string `json:"roles"` // none: PUBLIC
	Using       string   `json:"using"`
	WithCheck   string   `json:"with_check"`
	Preview     bool     `json:"preview"` // only build the statement
}

var policyCommands = map[string]bool{"ALL": true, "SELECT": true, "INSERT": true, "UPDATE": true, "DELETE": true}

// policySQL builds CREATE POLICY (PostgreSQL: sql-createpolicy). Which
// clause a command allows is left to the database to say, with its
// SQLSTATE.
func policySQL(f policyForm) (string, error) {
	cmd := strings.ToUpper(strings.TrimSpace(f.Command))
	if cmd == "" {
		cmd = "ALL"
	}
	if !policyCommands[cmd] {
		return "", syntaxError("command", "the command must be ALL, SELECT, INSERT, UPDATE or DELETE, not %q", f.Command)
	}
	as := "PERMISSIVE"
	if f.Restrictive {
		as = "RESTRICTIVE"
	}
	sql := "CREATE POLICY " + engine.QuoteIdent(f.Name) + " ON " + qualified(f.Schema, f.Table) + "\n  AS " + as + "\n  FOR " + cmd + "\n  TO "
	var roles []string
	for _, r := range f.Roles {
		if strings.EqualFold(r, "public") {
			roles = append(roles, "PUBLIC")
		} else {
			roles = append(roles, engine.QuoteIdent(r))
		}
	}
	if len(roles) == 0 {
		roles = []string{"PUBLIC"}
	}
	sql += strings.Join(roles, ", ")
	if strings.TrimSpace(f.Using) != "" {
		e, err := checkExpr("USING", f.Using)
		if err != nil {
			return "", err
		}
		sql += "\n  USING " + e
	}
	if strings.TrimSpace(f.WithCheck) != "" {
		e, err := checkExpr("WITH CHECK", f.WithCheck)
		if err != nil {
			return "", err
		}
		sql += "\n  WITH CHECK " + e
	}
	return sql, nil
}

// POST /api/policies: CREATE POLICY from the form; {"sql"} is the
// statement (with "preview", not run).
func (s *Server) createPolicy(w http.ResponseWriter, r *http.Request) {
	var f policyForm
	if err := decode(r, &f); err != nil {
		fail(w, err)
		return
	}
	sql, err := policySQL(f)
	if err == nil && !f.Preview {
		err = s.tx(r.Context(), viewAs{}, false, func(q postgrest.Querier) error {
			_, err := q.Query(r.Context(), sql)
			return err
		})
	}
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sql": sql + ";"})
}

// DELETE /api/policies {"schema","table","name"}: DROP POLICY.
func (s *Server) dropPolicy(w http.ResponseWriter, r *http.Request) {
	var f policyForm
	if err := decode(r, &f); err != nil {
		fail(w, err)
		return
	}
	sql := "DROP POLICY " + engine.QuoteIdent(f.Name) + " ON " + qualified(f.Schema, f.Table)
	err := s.tx(r.Context(), viewAs{}, false, func(q postgrest.Querier) error {
		_, err := q.Query(r.Context(), sql)
		return err
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sql": sql + ";"})
}

// GET /api/roles: the roles a policy can name (not the pg_ built-ins).
func (s *Server) listRoles(w http.ResponseWriter, r *http.Request) {
	roles := []string{}
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `select rolname from pg_catalog.pg_roles where rolname not like 'pg\_%' order by 1`)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			roles = append(roles, str(row[0]))
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"roles": roles})
}

// tableForm is POST /api/tables.
type tableForm struct {
	Schema  string       `json:"schema"`
	Name    string       `json:"name"`
	Columns []columnForm `json:"columns"`
	RLS     bool         `json:"rls"`
	Preview bool         `json:"preview"`
}

type columnForm struct {
	Name       string `json:"name"`
	Type       string `json:"type"`
	NotNull    bool   `json:"not_null"`
	Default    string `json:"default"`
	PrimaryKey bool   `json:"primary_key"`
	Identity   bool   `json:"identity"` // GENERATED BY DEFAULT AS IDENTITY
}

// tableSQL builds CREATE TABLE (PostgreSQL: sql-createtable) and, with
// RLS, ALTER TABLE ... ENABLE ROW LEVEL SECURITY.
func tableSQL(f tableForm) ([]string, error) {
	var defs, pk []string
	for i, c := range f.Columns {
		field := fmt.Sprintf("the type of column %d", i+1)
		if c.Name != "" {
			field = "the type of " + c.Name
		}
		typ, err := checkType(field, c.Type)
		if err != nil {
			return nil, err
		}
		def := engine.QuoteIdent(c.Name) + " " + typ
		if c.Identity {
			def += " GENERATED BY DEFAULT AS IDENTITY"
		}
		if c.NotNull && !c.PrimaryKey {
			def += " NOT NULL"
		}
		if strings.TrimSpace(c.Default) != "" {
			e, err := checkExpr("the default of "+c.Name, c.Default)
			if err != nil {
				return nil, err
			}
			def += " DEFAULT " + e
		}
		if c.PrimaryKey {
			pk = append(pk, engine.QuoteIdent(c.Name))
		}
		defs = append(defs, def)
	}
	if len(pk) > 0 {
		defs = append(defs, "PRIMARY KEY ("+strings.Join(pk, ", ")+")")
	}
	name := qualified(f.Schema, f.Name)
	stmts := []string{"CREATE TABLE " + name + " (\n  " + strings.Join(defs, ",\n  ") + "\n)"}
	if f.RLS {
		stmts = append(stmts, "ALTER TABLE "+name+" ENABLE ROW LEVEL SECURITY")
	}
	return stmts, nil
}

// POST /api/tables: CREATE TABLE from the form, in one transaction with
// enabling RLS; {"sql"} is the script (with "preview", not run).
func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	var f tableForm
	if err := decode(r, &f); err != nil {
		fail(w, err)
		return
	}
	stmts, err := tableSQL(f)
	if err == nil && !f.Preview {
		err = s.tx(r.Context(), viewAs{}, false, func(q postgrest.Querier) error {
			for _, st := range stmts {
				if _, err := q.Query(r.Context(), st); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sql": strings.Join(stmts, ";\n") + ";"})
}
