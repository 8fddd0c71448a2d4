package catalog

import "sort"

// Publication is a logical-replication publication (pg_publication):
// CREATE / ALTER / DROP PUBLICATION. tinybase replicates nothing; the
// publication is what Supabase Realtime and migrations read and write.
type Publication struct {
	Name  string
	OID   uint32
	Owner string
	// AllTables is FOR ALL TABLES.
	AllTables                        bool
	Insert, Update, Delete, Truncate bool
	ViaRoot                          bool // publish_via_partition_root
	// Tables are the FOR TABLE members (pg_publication_rel) in the
	// order they were added, RelOIDs their rows' OIDs.
	Tables  []QName
	RelOIDs []uint32
	// TableOpts are the FOR TABLE members' row filters and column lists,
	// by position in Tables (shorter when the last have none).
	TableOpts []PublicationTableOpts
	// Schemas are the FOR TABLES IN SCHEMA members
	// (pg_publication_namespace), SchemaOIDs their rows' OIDs.
	Schemas    []string
	SchemaOIDs []uint32
}

// PublicationTableOpts is a FOR TABLE member's row filter and column
// list (pg_publication_rel.prqual, prattrs).
type PublicationTableOpts struct {
	// Where is the row filter's source text, "" without one.
	Where string
	// Columns is the column list, nil for all columns.
	Columns []string
}

// TableOpt is the row filter and column list of Tables[i].
func (p *Publication) TableOpt(i int) PublicationTableOpts {
	if i < len(p.TableOpts) {
		return p.TableOpts[i]
	}
	return PublicationTableOpts{}
}

// Publication returns a publication by name.
func (c *Catalog) Publication(name string) (*Publication, bool) {
	if c == nil {
		return nil, false
	}
	p, ok := c.publications[name]
	return p, ok
}

// Publications returns every publication, by name.
func (c *Catalog) Publications() []*Publication {
	if c == nil {
		return nil
	}
	out := make([]*Publication, 0, len(c.publications))
	for _, p := range c.publications {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// PutPublication returns a catalog with p added or replaced; a new one
// (OID 0) gets its OID, and new members get theirs.
func (c *Catalog) PutPublication(p Publication) *Catalog {
	n := c.clone()
	if p.OID == 0 {
		p.OID = n.allocOID()
	}
	p.RelOIDs = append([]uint32(nil), p.RelOIDs...)
	for len(p.RelOIDs) < len(p.Tables) {
		p.RelOIDs = append(p.RelOIDs, n.allocOID())
	}
	p.SchemaOIDs = append([]uint32(nil), p.SchemaOIDs...)
	for len(p.SchemaOIDs) < len(p.Schemas) {
		p.SchemaOIDs = append(p.SchemaOIDs, n.allocOID())
	}
	n.publications = copyMap(c.publications)
	n.publications[p.Name] = &p
	return n
}

// DropPublication returns a catalog without the publication.
func (c *Catalog) DropPublication(name string) *Catalog {
	n := c.clone()
	n.publications = copyMap(c.publications)
	delete(n.publications, name)
	return n
}

// publicationsEdit returns a catalog whose publications edit changed
// (edit works on a copy and reports whether it changed it).
func (c *Catalog) publicationsEdit(edit func(p *Publication) bool) *Catalog {
	var changed map[string]*Publication
	for name, p := range c.publications {
		np := *p
		np.Tables, np.RelOIDs = append([]QName(nil), p.Tables...), append([]uint32(nil), p.RelOIDs...)
		np.TableOpts = append([]PublicationTableOpts(nil), p.TableOpts...)
		np.Schemas, np.SchemaOIDs = append([]string(nil), p.Schemas...), append([]uint32(nil), p.SchemaOIDs...)
		if edit(&np) {
			if changed == nil {
				changed = map[string]*Publication{}
			}
			changed[name] = &np
		}
	}
	if changed == nil {
		return c
	}
	n := c.clone()
	n.publications = copyMap(c.publications)
	for name, p := range changed {
		n.publications[name] = p
	}
	return n
}

// withoutPublicationMembers drops the relations and schemas drop matches
// from every publication.
func (c *Catalog) withoutPublicationMembers(drop func(ObjectKey) bool) *Catalog {
	return c.publicationsEdit(func(p *Publication) bool {
		changed := false
		for i := 0; i < len(p.Tables); i++ {
			if drop(ObjectKey{Kind: ObjRelation, Schema: p.Tables[i].Schema, Name: p.Tables[i].Name}) {
				p.Tables = append(p.Tables[:i], p.Tables[i+1:]...)
				p.RelOIDs = append(p.RelOIDs[:i], p.RelOIDs[i+1:]...)
				if i < len(p.TableOpts) {
					p.TableOpts = append(p.TableOpts[:i], p.TableOpts[i+1:]...)
				}
				i--
				changed = true
			}
		}
		for i := 0; i < len(p.Schemas); i++ {
			if drop(ObjectKey{Kind: ObjSchema, Name: p.Schemas[i]}) {
				p.Schemas = append(p.Schemas[:i], p.Schemas[i+1:]...)
				p.SchemaOIDs = append(p.SchemaOIDs[:i], p.SchemaOIDs[i+1:]...)
				i--
				changed = true
			}
		}
		return changed
	})
}

// DropPublicationMember returns a catalog whose publication pub no
// longer lists table (ALTER TABLE ... DROP COLUMN ... CASCADE of a column
// its column list or row filter uses).
func (c *Catalog) DropPublicationMember(pub string, table QName) *Catalog {
	return c.publicationsEdit(func(p *Publication) bool {
		if p.Name != pub {
			return false
		}
		n := len(p.Tables)
		for i := 0; i < len(p.Tables); i++ {
			if p.Tables[i] == table {
				p.Tables = append(p.Tables[:i], p.Tables[i+1:]...)
				p.RelOIDs = append(p.RelOIDs[:i], p.RelOIDs[i+1:]...)
				if i < len(p.TableOpts) {
					p.TableOpts = append(p.TableOpts[:i], p.TableOpts[i+1:]...)
				}
				i--
			}
		}
		return len(p.Tables) != n
	})
}

// renamePublicationTable makes publications follow a table rename.
func (c *Catalog) renamePublicationTable(old, new QName) *Catalog {
	return c.publicationsEdit(func(p *Publication) bool {
		changed := false
		for i, t := range p.Tables {
			if t == old {
				p.Tables[i] = new
				changed = true
			}
		}
		return changed
	})
}

// renamePublicationColumn makes the column lists naming a table's column
// follow its rename (prattrs holds column numbers).
func (c *Catalog) renamePublicationColumn(table QName, old, new string) *Catalog {
	return c.publicationsEdit(func(p *Publication) bool {
		changed := false
		for i, t := range p.Tables {
			if t != table || i >= len(p.TableOpts) {
				continue
			}
			cols := append([]string(nil), p.TableOpts[i].Columns...)
			for k, col := range cols {
				if col == old {
					cols[k], changed = new, true
				}
			}
			p.TableOpts[i].Columns = cols
		}
		return changed
	})
}

// RewritePublicationFilters returns a catalog whose row filters on table
// are rewritten (a column rename: PostgreSQL's prqual holds column
// numbers, tinybase keeps source text).
func (c *Catalog) RewritePublicationFilters(table QName, rewrite func(string) (string, bool)) *Catalog {
	return c.publicationsEdit(func(p *Publication) bool {
		changed := false
		for i, t := range p.Tables {
			if t != table || i >= len(p.TableOpts) || p.TableOpts[i].Where == "" {
				continue
			}
			if w, ok := rewrite(p.TableOpts[i].Where); ok && w != p.TableOpts[i].Where {
				p.TableOpts[i].Where, changed = w, true
			}
		}
		return changed
	})
}
