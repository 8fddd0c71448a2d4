package ddl

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateRule is CREATE [OR REPLACE] RULE: the rule is stored on its
// relation (docs: CREATE RULE).
func CreateRule(h Host, c *translate.CreateRule) error {
	cat := h.Catalog()
	r := c.Rule
	for _, o := range cat.Rules(r.Table) {
		if o.Name == r.Name {
			if !c.Replace {
				return pgerror.New(pgerror.DuplicateObject, "rule %q for relation %q already exists", r.Name, r.Table.Name)
			}
			r.OID = o.OID
		}
	}
	h.SetCatalog(cat.PutRule(r))
	return nil
}

// DropRule is DROP RULE [IF EXISTS] name ON table.
func DropRule(h Host, c *translate.DropRule) error {
	cat := h.Catalog()
	for _, sc := range ruleSchemas(h, c.Table.Schema) {
		q := c.Table
		q.Schema = sc
		for _, o := range cat.Rules(q) {
			if o.Name == c.Name {
				h.SetCatalog(cat.DropRule(q, c.Name))
				return nil
			}
		}
	}
	if c.IfExists {
		h.Notice("NOTICE", "00000", fmt.Sprintf("rule %q for relation %q does not exist, skipping", c.Name, c.Table.Name))
		return nil
	}
	return pgerror.New(pgerror.UndefinedObject, "rule %q for relation %q does not exist", c.Name, c.Table.Name)
}

// RenameRule is ALTER RULE name ON table RENAME TO new.
func RenameRule(h Host, c *translate.RenameRule) error {
	cat := h.Catalog()
	for _, sc := range ruleSchemas(h, c.Table.Schema) {
		q := c.Table
		q.Schema = sc
		for _, o := range cat.Rules(q) {
			if o.Name != c.Name {
				continue
			}
			for _, p := range cat.Rules(q) {
				if p.Name == c.NewName {
					return pgerror.New(pgerror.DuplicateObject, "rule %q for relation %q already exists", c.NewName, q.Name)
				}
			}
			r := *o
			r.Name = c.NewName
			h.SetCatalog(cat.DropRule(q, c.Name).PutRule(r))
			return nil
		}
	}
	return pgerror.New(pgerror.UndefinedObject, "rule %q for relation %q does not exist", c.Name, c.Table.Name)
}

// ruleSchemas is where a rule's relation is looked up: its schema, or
// the search path.
func ruleSchemas(h Host, schema string) []string {
	if schema != "" {
		return []string{schema}
	}
	return h.SearchPath()
}

// ConvertToView turns an empty table into a view of an ON SELECT rule's
// query, with PostgreSQL's checks (DefineQueryRewrite): the table holds
// no rows, indexes, triggers or inheritance, and the query's columns are
// the table's by name and type; the rule must be named _RETURN.
func ConvertToView(h Host, c *translate.ConvertToView) error {
	ctx := h.SQLContext()
	t, ok := FindTable(h, c.Table.Schema, c.Table.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Table.Name)
	}
	q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
	cat := h.Catalog()
	cannot := func(why string) *pgerror.Error {
		return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "could not convert table %q to a view because %s", q.Name, why)
	}
	if _, ok := cat.Partitioned(q); ok {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot convert partitioned table %q to a view", q.Name)
	}
	if i := cat.Inherits(q); i != nil && i.Bound != "" {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot convert partition %q to a view", q.Name)
	}
	if HasNull(ctx, t, "") {
		return cannot("it is not empty")
	}
	fks, err := t.GetDeclaredForeignKeys(ctx)
	if err != nil {
		return err
	}
	if len(cat.Triggers(q)) > 0 || len(fks) > 0 {
		return cannot("it has triggers").WithHint("In particular, the table cannot be involved in any foreign key relationships.")
	}
	if ixs, err := t.Indexes(ctx); err == nil && len(ixs) > 0 {
		return cannot("it has indexes")
	}
	if len(cat.Children(q)) > 0 {
		return cannot("it has child tables")
	}
	if cat.Inherits(q) != nil {
		return cannot("it has parent tables")
	}
	cols, colTypes, err := queryColumns(h, c.Query)
	if err != nil {
		return h.ViewQueryError(err)
	}
	sch := t.Schema()
	for i, col := range sch {
		if i >= len(cols) {
			return pgerror.New(pgerror.InvalidObjectDefinition, "SELECT rule's target list has too few entries")
		}
		if cols[i] != col.Name {
			return pgerror.New(pgerror.InvalidObjectDefinition, "SELECT rule's target entry %d has different column name from column %q", i+1, col.Name).
				WithDetail("SELECT target entry is named %q.", cols[i])
		}
		if ct := expr.FromGMSType(col.Type); ct.OID != colTypes[i].OID {
			return pgerror.New(pgerror.InvalidObjectDefinition, "SELECT rule's target entry %d has different type from column %q", i+1, col.Name).
				WithDetail("SELECT target entry has type %s, but column has type %s.", colTypes[i].FormatType(), ct.FormatType())
		}
	}
	if len(cols) > len(sch) {
		return pgerror.New(pgerror.InvalidObjectDefinition, "SELECT rule's target list has too many entries")
	}
	if c.Rule != "_RETURN" {
		return pgerror.New(pgerror.InvalidObjectDefinition, "view rule for %q must be named %q", q.Name, "_RETURN")
	}
	if err := h.Database().Schema(q.Schema).DropTable(ctx, q.Name); err != nil {
		return err
	}
	cat = h.Catalog().DropTableTriggers(q).DropRules(q)
	h.SetCatalog(cat.PutView(catalog.View{Schema: q.Schema, Name: q.Name, Query: c.Query, Columns: cols, Types: colTypes, Tables: queryRelations(h, c.Query)}))
	return nil
}
