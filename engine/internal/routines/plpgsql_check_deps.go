package routines

import (
	"context"
	"sort"
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
)

// plDeps collects what a PL/pgSQL function's statements reference, for
// plpgsql_show_dependency_tb: relations named in FROM lists and DML
// targets, and the user routines called (calls of pg_catalog's built-ins
// are not routine calls here, so they are left out as the extension
// leaves them out). A view is reported through the tables its query reads,
// since the translation expands it.
type plDeps struct {
	seen map[uint32]bool
	fns  []routine.PLDependency
	rels []sqlparser.TableName
}

// collect records the relations one translated statement names (the
// routines it calls arrive through the translator's OnRoutineCall).
// Names of the statement's CTEs are not relations.
func (d *plDeps) collect(st sqlparser.Statement) {
	ctes := map[string]bool{}
	_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *sqlparser.CommonTableExpr:
			if n.AliasedTableExpr != nil {
				ctes[n.As.String()] = true
			}
		case *sqlparser.ColName:
			return false, nil // its qualifier names a table in scope, not a new one
		case sqlparser.TableName:
			if !n.IsEmpty() && !(n.SchemaQualifier.IsEmpty() && n.DbQualifier.IsEmpty() && ctes[n.Name.String()]) {
				d.rels = append(d.rels, n)
			}
		}
		return true, nil
	}, st)
}

// routine records a user routine a call resolves to; pg_catalog's are
// built-ins to the extension and left out.
func (d *plDeps) routine(fn *catalog.Function) {
	if fn.Schema == "pg_catalog" || d.seen[fn.OID] {
		return
	}
	d.seen[fn.OID] = true
	kind := "FUNCTION"
	if fn.Kind == catalog.KindProcedure {
		kind = "PROCEDURE"
	}
	params := fn.Signature()
	if i := strings.IndexByte(params, '('); i >= 0 {
		params = strings.ReplaceAll(params[i:], ", ", ",")
	}
	d.fns = append(d.fns, routine.PLDependency{Type: kind, OID: fn.OID, Schema: fn.Schema, Name: fn.Name, Params: params})
}

// resolve names the collected relations through the search path and
// returns every dependency once, ordered by type, schema and name as
// plpgsql_show_dependency_tb orders them.
func (d *plDeps) resolve(ctx context.Context, h *plHost) ([]routine.PLDependency, error) {
	out := append([]routine.PLDependency(nil), d.fns...)
	for _, tn := range d.rels {
		name := quoteIdent(tn.Name.String())
		if q := tn.SchemaQualifier.String(); q != "" {
			name = quoteIdent(q) + "." + name
		} else if q := tn.DbQualifier.String(); q != "" {
			name = quoteIdent(q) + "." + name
		}
		res, err := h.queryText(ctx, "SELECT c.oid::int8, n.nspname::text, c.relname::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = pg_catalog.to_regclass("+quoteLiteral(name)+")")
		if err != nil {
			return nil, err
		}
		if len(res.Rows) != 1 {
			continue // not a relation of the catalog (an internal name)
		}
		oid, _ := res.Rows[0][0].(int64)
		if d.seen[uint32(oid)] {
			continue
		}
		d.seen[uint32(oid)] = true
		schema, _ := res.Rows[0][1].(string)
		rel, _ := res.Rows[0][2].(string)
		out = append(out, routine.PLDependency{Type: "RELATION", OID: uint32(oid), Schema: schema, Name: rel})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		if a.Schema != b.Schema {
			return a.Schema < b.Schema
		}
		return a.Name < b.Name
	})
	return out, nil
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
