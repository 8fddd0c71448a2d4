package ddl

import (
	"encoding/json"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// CreateView runs CREATE [OR REPLACE] VIEW.
func CreateView(h Host, c *translate.CreateView) error {
	cat := h.Catalog()
	schema, err := CreationSchema(h, c.Name.Schema)
	if err != nil {
		return err
	}
	q := catalog.QName{Schema: schema, Name: c.Name.Name}
	old, oldExists := cat.View(q)
	if oldExists && !c.Replace {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	if !oldExists && RelationExists(h, cat, q) {
		if c.Replace {
			return pgerror.New(pgerror.WrongObjectType, "%q is not a view", q.Name)
		}
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	cols, colTypes, err := queryColumns(h, c.Query)
	if err != nil {
		return h.ViewQueryError(err)
	}
	if len(c.Columns) > len(cols) {
		return pgerror.New(pgerror.SyntaxError, "CREATE VIEW specifies more column names than columns")
	}
	copy(cols, c.Columns)
	seen := map[string]bool{}
	for _, col := range cols {
		if seen[col] {
			return pgerror.New(pgerror.DuplicateColumn, "column %q specified more than once", col)
		}
		seen[col] = true
	}
	if oldExists {
		if len(cols) < len(old.Columns) {
			return pgerror.New(pgerror.InvalidTableDefinition, "cannot drop columns from view")
		}
		for i, oc := range old.Columns {
			if cols[i] != oc {
				return pgerror.New(pgerror.InvalidTableDefinition, "cannot change name of view column %q to %q", oc, cols[i]).
					WithHint("Use ALTER VIEW ... RENAME COLUMN ... to change name of view column instead.")
			}
		}
	}
	v := catalog.View{Schema: schema, Name: q.Name, Query: c.Query, Columns: cols, Types: colTypes, Tables: queryRelations(h, c.Query)}
	if oldExists {
		v.OID = old.OID
	}
	h.SetCatalog(cat.PutView(v))
	return nil
}

// queryColumns plans a view's SELECT (reporting its errors; nothing of it
// runs, as in PostgreSQL) and returns
// its column names and types (an unknown-typed literal column is text, as
// PostgreSQL resolves it).
func queryColumns(h Host, query string) ([]string, []*types.Type, error) {
	tree, err := pgtree.Parse(query)
	if err != nil {
		return nil, nil, h.SyntaxError(err, query)
	}
	// Inline: a WITH query the statement would run first (materialized)
	// has no rows to plan with here; inlined, its columns are the same
	tr := &translate.Translator{Env: h.Env(), Tables: h.TableLookup(), Catalog: h.TranslatorCatalog(), Inline: true}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		return nil, nil, err
	}
	schema, err := h.PlanGMS(h.SQLContext(), query, res.Stmt)
	if err != nil {
		return nil, nil, h.MapError(err)
	}
	cols := make([]string, len(schema))
	colTypes := make([]*types.Type, len(schema))
	for i, c := range schema {
		cols[i] = translate.DisplayName(c.Name) // a duplicate is marked inside the query only
		colTypes[i] = expr.FromGMSType(c.Type)
		if colTypes[i].Kind == types.KindUnknown {
			colTypes[i] = types.Text
		}
	}
	return cols, colTypes, nil
}

// closeUnstarted closes an iterator the view's query never read from. A
// go-mysql-server grouping iterator allocates its aggregation buffers in
// its first Next, and its Close disposes them unconditionally: closed
// unstarted (a view's query is planned, never run, as in PostgreSQL) it
// dereferences nil buffers. Nothing was read, so nothing is left to free.
func closeUnstarted(ctx *sql.Context, iter sql.RowIter) {
	if iter == nil {
		return
	}
	defer func() { _ = recover() }()
	_ = iter.Close(ctx)
}

// queryRelations lists the existing tables and views a query reads, for
// DROP dependencies.
func queryRelations(h Host, query string) []catalog.QName {
	js, err := pg.ParseToJSON(query)
	if err != nil {
		return nil
	}
	var tree any
	if json.Unmarshal([]byte(js), &tree) != nil {
		return nil
	}
	seen := map[catalog.QName]bool{}
	var out []catalog.QName
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if rv, ok := x["RangeVar"].(map[string]any); ok {
				name, _ := rv["relname"].(string)
				schema, _ := rv["schemaname"].(string)
				if q, err := resolveRelation(h, catalog.QName{Schema: schema, Name: name}); err == nil && !seen[q] {
					seen[q] = true
					out = append(out, q)
				}
			}
			for _, c := range x {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(tree)
	return out
}
