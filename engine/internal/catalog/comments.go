package catalog

// ObjKind is the kind of object a comment is on.
type ObjKind uint8

const (
	ObjRelation ObjKind = iota + 1 // table, view, sequence (pg_class)
	ObjColumn
	ObjType
	ObjSchema
	ObjFunction
	ObjExtension
	// ObjPolicy, ObjTrigger and ObjConstraint are objects of a table:
	// Schema and Name name the table, Column the object.
	ObjPolicy
	ObjTrigger
	ObjConstraint
	// ObjForeignWrapper and ObjForeignServer key a foreign-data wrapper's
	// and a foreign server's owner and ACL (Name is the object's name).
	ObjForeignWrapper
	ObjForeignServer
	// ObjTSConfig, ObjTSDict and ObjTSTemplate are text search objects
	// (textsearch.go).
	ObjTSConfig
	ObjTSDict
	ObjTSTemplate
	// ObjCast is a cast (casts.go): Name is its OID in decimal.
	ObjCast
	// ObjLargeObject is a large object (largeobjects.go): Name is its
	// OID in decimal; its owner is the object's own.
	ObjLargeObject
)

// ObjectKey identifies a commented object. Column is set for ObjColumn
// and the objects of a table (ObjPolicy, ObjTrigger, ObjConstraint).
type ObjectKey struct {
	Kind         ObjKind
	Schema, Name string
	Column       string
}

// Comment returns the comment on an object.
func (c *Catalog) Comment(k ObjectKey) (string, bool) {
	if c == nil {
		return "", false
	}
	return c.comments.get(k)
}

// SetComment returns a catalog where k's comment is text; nil removes it
// (COMMENT ON ... IS NULL). The catalog keeps its shape (SameShape).
func (c *Catalog) SetComment(k ObjectKey, text *string) *Catalog {
	n := c.clone()
	if c != nil {
		n.shape = c.shape
	}
	n.comments = n.comments.with(k, text)
	return n
}

// DropRelationComments returns a catalog without the comments on a
// relation and its columns (the relation was dropped).
func (c *Catalog) DropRelationComments(q QName) *Catalog {
	return c.withoutComments(func(k ObjectKey) bool {
		return (k.Kind == ObjRelation || k.Kind == ObjColumn || tableObject(k.Kind)) && k.Schema == q.Schema && k.Name == q.Name
	})
}

func (c *Catalog) withoutComments(drop func(ObjectKey) bool) *Catalog {
	c = c.withoutSecurity(drop)           // owners, ACLs, policies of dropped objects (policies.go)
	c = c.withoutPublicationMembers(drop) // publications.go
	c = c.withoutDeferrable(drop)         // deferrable.go
	c = c.withoutExclusions(drop)         // exclusions.go
	c = c.withoutIndexLinks(drop)         // index_inherits.go
	c = c.withoutColumnSettings(drop)     // column_stats.go
	c = c.withoutForeignTables(drop)      // foreign.go
	kept, changed := c.comments.without(drop)
	if !changed {
		return c
	}
	n := c.clone()
	n.comments = kept
	return n
}

// tableObject reports whether kind names an object of a table, whose key
// is the table's (ObjectKey).
func tableObject(kind ObjKind) bool {
	return kind == ObjPolicy || kind == ObjTrigger || kind == ObjConstraint
}

// DropTableObjectComment returns a catalog without the comment on a
// table's policy, trigger or constraint (the object was dropped).
func (c *Catalog) DropTableObjectComment(kind ObjKind, table QName, name string) *Catalog {
	k := ObjectKey{Kind: kind, Schema: table.Schema, Name: table.Name, Column: name}
	if _, ok := c.Comment(k); !ok {
		return c
	}
	return c.SetComment(k, nil)
}
