package catalog

// RenameTable returns a catalog whose references to table old (owned
// sequences, views' dependencies, comments) name it new instead; the
// engine calls it when ALTER TABLE ... RENAME renames a table.
func (c *Catalog) RenameTable(old, new QName) *Catalog {
	n := c.clone()
	n.sequences = copyMap(c.sequences)
	for k, s := range c.sequences {
		if s.OwnedBy != nil && s.OwnedBy.Schema == old.Schema && s.OwnedBy.Table == old.Name {
			ns := *s
			o := *s.OwnedBy
			o.Schema, o.Table = new.Schema, new.Name
			ns.OwnedBy = &o
			n.sequences[k] = &ns
		}
	}
	n.views = copyMap(c.views)
	for k, v := range c.views {
		for i, t := range v.Tables {
			if t == old {
				nv := *v
				nv.Tables = append([]QName(nil), v.Tables...)
				nv.Tables[i] = new
				n.views[k] = &nv
				break
			}
		}
	}
	n.comments = c.comments.rekeyed(func(k ObjectKey) ObjectKey {
		if (k.Kind == ObjRelation || k.Kind == ObjColumn || tableObject(k.Kind)) && k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		return k
	})
	n.renameTriggerTable(old, new)
	n.renameDeferrableTable(old, new)
	n.renameExclusionTable(old, new) // exclusions.go
	n.renameInheritance(old, new)
	n.renameIndexTable(old, new)                        // index_inherits.go
	n.rekeyColumnSettings(func(k ObjectKey) ObjectKey { // column_stats.go
		if k.Schema == old.Schema && k.Name == old.Name {
			k.Schema, k.Name = new.Schema, new.Name
		}
		return k
	})
	n.renameStatisticsTable(old, new) // statistics.go
	n.security = c.sec().renameTable(old, new)
	return n.renamePublicationTable(old, new)
}

// RenameColumn returns a catalog whose references to a table column (the
// owner of a serial sequence, a column comment) follow a rename.
func (c *Catalog) RenameColumn(table QName, old, new string) *Catalog {
	n := c.clone()
	n.sequences = copyMap(c.sequences)
	for k, s := range c.sequences {
		if o := s.OwnedBy; o != nil && o.Schema == table.Schema && o.Table == table.Name && o.Column == old {
			ns := *s
			no := *o
			no.Column = new
			ns.OwnedBy = &no
			n.sequences[k] = &ns
		}
	}
	n.comments = c.comments.rekeyed(func(k ObjectKey) ObjectKey {
		if k.Kind == ObjColumn && k.Schema == table.Schema && k.Name == table.Name && k.Column == old {
			k.Column = new
		}
		return k
	})
	n.renameTriggerColumn(table, old, new)
	n.renameInheritanceColumn(table, old, new)
	n.renameStatisticsColumn(table, old, new)
	n = n.renamePublicationColumn(table, old, new)      // publications.go
	n.rekeyColumnSettings(func(k ObjectKey) ObjectKey { // column_stats.go
		if k == ColumnKey(table, old) {
			k.Column = new
		}
		return k
	})
	n.security = c.sec().renameColumn(table, old, new)
	return n
}

// DropSchema returns a catalog without the objects of a schema (DROP
// SCHEMA ... CASCADE) and the schema's comment.
func (c *Catalog) DropSchema(schema string) *Catalog {
	// the casts of the schema's types and functions go with them
	gone := map[uint32]bool{}
	for k, v := range c.types {
		if k.Schema == schema {
			gone[v.Type.OID], gone[v.Type.ArrayOID] = true, true
		}
	}
	for _, f := range c.AllFunctions() {
		if f.Schema == schema {
			gone[f.OID] = true
		}
	}
	n := c.clone()
	n.casts = nil
	for _, k := range c.casts {
		if !gone[k.Source] && !gone[k.Target] && (k.Func == 0 || !gone[k.Func]) {
			n.casts = append(n.casts, k)
		}
	}
	n.types = make(map[QName]*TypeDef, len(c.types))
	for k, v := range c.types {
		if k.Schema != schema {
			n.types[k] = v
		}
	}
	n.sequences = make(map[QName]*Sequence, len(c.sequences))
	for k, v := range c.sequences {
		if k.Schema != schema {
			n.sequences[k] = v
		}
	}
	n.views = make(map[QName]*View, len(c.views))
	for k, v := range c.views {
		if k.Schema != schema {
			n.views[k] = v
		}
	}
	n.dropSchemaRoutines(schema)
	n.dropSchemaExtensions(schema) // extensions.go
	n = n.DropStatisticsWhere(func(o StatisticsObject) bool { return o.Schema == schema || o.Table.Schema == schema })
	n = n.dropSchemaTS(schema) // textsearch.go
	return n.withoutComments(func(k ObjectKey) bool {
		return k.Schema == schema || (k.Kind == ObjSchema && k.Name == schema)
	})
}

// SchemaInUse reports whether a schema holds types, sequences or views.
func (c *Catalog) SchemaInUse(schema string) bool {
	if c.schemaHasExtensions(schema) { // extensions.go
		return true
	}
	for k := range c.types {
		if k.Schema == schema {
			return true
		}
	}
	for k := range c.sequences {
		if k.Schema == schema {
			return true
		}
	}
	for k := range c.views {
		if k.Schema == schema {
			return true
		}
	}
	if c.schemaHasRoutines(schema) {
		return true
	}
	return c.schemaHasTS(schema) // textsearch.go
}
