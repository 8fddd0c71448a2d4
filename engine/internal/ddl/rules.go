package ddl

import (
	"fmt"

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
