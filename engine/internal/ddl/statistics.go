package ddl

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Statistics runs CREATE / ALTER / DROP STATISTICS on the catalog
// (pg_statistic_ext lists the objects; the planner does not use them).
func Statistics(h Host, c *translate.StatisticsDDL) error {
	cat := h.Catalog()
	if c.Kind == "create" {
		schema, err := CreationSchema(h, c.Name.Schema)
		if err != nil {
			return err
		}
		if _, ok := cat.StatisticsObject(schema, c.Name.Name); ok {
			if c.IfNotExists {
				h.Notice("NOTICE", pgerror.DuplicateObject, fmt.Sprintf("statistics object %q already exists, skipping", c.Name.Name))
				return nil
			}
			return pgerror.New(pgerror.DuplicateObject, "statistics object %q already exists", c.Name.Name)
		}
		h.SetCatalog(cat.PutStatisticsObject(catalog.StatisticsObject{Schema: schema, Name: c.Name.Name, Table: c.Table,
			Columns: c.Columns, Exprs: c.Exprs, Kinds: c.Kinds, Explicit: c.Explicit, Target: -1, Owner: currentUser(h)}))
		return nil
	}
	if c.Kind == "drop" {
		for _, q := range c.Objects {
			o, ok := findStatistics(h, q)
			if !ok {
				if c.IfExists {
					skipping(h, "statistics object", q)
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "statistics object %q does not exist", displayName(q))
			}
			cat = cat.DropStatisticsWhere(func(s catalog.StatisticsObject) bool { return s.OID == o.OID })
		}
		h.SetCatalog(cat)
		return nil
	}
	o, ok := findStatistics(h, c.Name)
	if !ok {
		if c.IfExists {
			skipping(h, "statistics object", c.Name)
			return nil
		}
		return pgerror.New(pgerror.UndefinedObject, "statistics object %q does not exist", displayName(c.Name))
	}
	switch c.Kind {
	case "target":
		if c.Target < -1 {
			return pgerror.New(pgerror.InvalidParameterValue, "statistics target %d is too low", c.Target)
		}
		if c.Target > 10000 {
			h.Notice("WARNING", pgerror.InvalidParameterValue, "lowering statistics target to 10000")
			c.Target = 10000
		}
		o.Target = c.Target
	case "rename":
		if _, ok := cat.StatisticsObject(o.Schema, c.NewName); ok {
			return pgerror.New(pgerror.DuplicateObject, "statistics object %q already exists in schema %q", c.NewName, o.Schema)
		}
		o.Name = c.NewName
	case "set_schema":
		if !h.StorageTxn().HasSchema(c.NewSchema) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.NewSchema)
		}
		if _, ok := cat.StatisticsObject(c.NewSchema, o.Name); ok {
			return pgerror.New(pgerror.DuplicateObject, "statistics object %q already exists in schema %q", o.Name, c.NewSchema)
		}
		o.Schema = c.NewSchema
	case "owner":
		owner := c.NewOwner
		if owner == translate.RoleCurrentUser || owner == translate.RoleSessionUser {
			owner = currentUser(h)
		}
		if _, ok := cat.Role(owner); !ok {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", owner)
		}
		o.Owner = owner
	}
	h.SetCatalog(cat.PutStatisticsObject(o))
	return nil
}

func findStatistics(h Host, q catalog.QName) (catalog.StatisticsObject, bool) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		if o, ok := h.Catalog().StatisticsObject(sc, q.Name); ok {
			return o, true
		}
	}
	return catalog.StatisticsObject{}, false
}

func displayName(q catalog.QName) string {
	if q.Schema != "" {
		return q.Schema + "." + q.Name
	}
	return q.Name
}
