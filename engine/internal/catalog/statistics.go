package catalog

import "sort"

// StatisticsObject is an extended statistics object (pg_statistic_ext;
// docs: SQL Commands, CREATE STATISTICS). Columns are the table's columns
// by name and Exprs the expressions' source text; Kinds are stxkind's
// letters ('d' ndistinct, 'f' dependencies, 'm' mcv, 'e' expressions).
// tinybase's planner does not use them: they are kept so that schemas
// using them load, dump and describe as on PostgreSQL.
type StatisticsObject struct {
	OID          uint32
	Schema, Name string
	Table        QName
	Columns      []string
	Exprs        []string
	Kinds        string
	// Explicit reports whether CREATE STATISTICS listed the kinds
	// (pg_get_statisticsobjdef prints them then).
	Explicit bool
	Target   int32 // SET STATISTICS, -1 for the default
	Owner    string
}

// StatisticsObjects returns the extended statistics objects by OID.
func (c *Catalog) StatisticsObjects() []StatisticsObject {
	if c == nil {
		return nil
	}
	return c.statistics
}

// StatisticsObject finds an extended statistics object by schema and
// name.
func (c *Catalog) StatisticsObject(schema, name string) (StatisticsObject, bool) {
	for _, s := range c.StatisticsObjects() {
		if s.Schema == schema && s.Name == name {
			return s, true
		}
	}
	return StatisticsObject{}, false
}

// PutStatisticsObject returns a catalog with s added (a new OID when it
// has none) or replacing the object with its OID.
func (c *Catalog) PutStatisticsObject(s StatisticsObject) *Catalog {
	n := c.clone()
	if s.OID == 0 {
		s.OID = n.allocOID()
	}
	var out []StatisticsObject
	for _, o := range c.statistics {
		if o.OID != s.OID {
			out = append(out, o)
		}
	}
	out = append(out, s)
	sort.Slice(out, func(i, j int) bool { return out[i].OID < out[j].OID })
	n.statistics = out
	return n
}

// DropStatisticsWhere returns a catalog without the statistics objects
// drop selects.
func (c *Catalog) DropStatisticsWhere(drop func(StatisticsObject) bool) *Catalog {
	var out []StatisticsObject
	for _, o := range c.statistics {
		if !drop(o) {
			out = append(out, o)
		}
	}
	if len(out) == len(c.statistics) {
		return c
	}
	n := c.clone()
	n.statistics = out
	return n
}

// DropTableStatistics returns a catalog without table's statistics
// objects (DROP TABLE drops them with it).
func (c *Catalog) DropTableStatistics(table QName) *Catalog {
	return c.DropStatisticsWhere(func(o StatisticsObject) bool { return o.Table == table })
}

// renameStatisticsTable follows ALTER TABLE ... RENAME (and SET SCHEMA).
func (c *Catalog) renameStatisticsTable(old, new QName) {
	var out []StatisticsObject
	for _, o := range c.statistics {
		if o.Table == old {
			o.Table = new
		}
		out = append(out, o)
	}
	c.statistics = out
}

// renameStatisticsColumn follows ALTER TABLE ... RENAME COLUMN.
func (c *Catalog) renameStatisticsColumn(table QName, old, new string) {
	var out []StatisticsObject
	for _, o := range c.statistics {
		if o.Table == table {
			cols := append([]string(nil), o.Columns...)
			for i, col := range cols {
				if col == old {
					cols[i] = new
				}
			}
			o.Columns = cols
		}
		out = append(out, o)
	}
	c.statistics = out
}
