package catalog

import (
	"sort"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// FirstOID is the first OID given to user objects (PostgreSQL's
// FirstNormalObjectId).
const FirstOID = 16384

// QName is a schema-qualified object name.
type QName struct{ Schema, Name string }

func (q QName) String() string { return q.Schema + "." + q.Name }

// Catalog is one immutable state of the catalog. The zero value and nil
// are an empty catalog.
type Catalog struct {
	nextOID    uint32
	types      map[QName]*TypeDef
	sequences  map[QName]*Sequence
	views      map[QName]*View
	comments   *commentSet // comments_set.go
	extensions map[string]*Extension
	functions  map[QName][]*Function  // functions.go
	funcNames  map[string]int         // routines per name, any schema
	triggers   map[QName][]*Trigger   // triggers.go, by table
	operators  map[string][]*Operator // operators.go, by name
	security   *security              // roles, owners, privileges, row security (roles.go)
	// publications by name (publications.go)
	publications map[string]*Publication
	// foreign holds the foreign-data objects (foreign.go), nil when none
	foreign *ForeignData
	// matviews are materialized views' queries (matviews.go)
	matviews map[QName]string
	// rules are the rewrite rules by table (rules.go)
	rules map[QName][]*Rule
	// deferrable constraints: table and name → INITIALLY DEFERRED
	// (deferrable.go)
	deferrable map[ObjectKey]bool
	// exclusion constraints' operators: table and name (exclusions.go)
	exclusions map[ObjectKey]Exclusion
	// eventTriggers by name (event_triggers.go)
	eventTriggers map[string]*EventTrigger
	// inherits are tables' parents by table, partitioned the partition
	// keys by table (inherits.go)
	inherits    map[QName]*Inheritance
	partitioned map[QName]*PartitionKey
	// indexParents are attached partitions' indexes (child → parent) and
	// invalidIndexes the partitioned indexes not yet valid
	// (index_inherits.go)
	indexParents   map[ObjectKey]ObjectKey
	invalidIndexes map[ObjectKey]bool
	// colSettings are columns' statistics targets and options
	// (column_stats.go)
	colSettings map[ObjectKey]ColumnSetting
	// opclasses are the user operator families and classes
	// (opclasses.go), nil when none
	opclasses *opclassSet
	// statistics are the extended statistics objects by OID
	// (statistics.go)
	statistics []StatisticsObject
	// casts are the user casts by OID (casts.go)
	casts []Cast
	// textSearch holds the user text search objects (textsearch.go),
	// nil when none
	textSearch *TextSearch
	// largeObjects are the large objects by OID (largeobjects.go)
	largeObjects map[uint32]*LargeObject
	// shape identifies the catalog apart from its comments: every change
	// but a comment's makes a new one (clone), so what comments cannot
	// affect (translations, plans) outlives COMMENT ON (SameShape).
	shape *shape
}

// shape is a catalog's identity apart from its comments; its size is not
// zero, so each one has an address of its own.
type shape struct{ _ byte }

// SameShape reports whether c and o differ at most in their comments.
func (c *Catalog) SameShape(o *Catalog) bool {
	if c == o {
		return true
	}
	return c != nil && o != nil && c.shape != nil && c.shape == o.shape
}

// Of returns the catalog stored in a transaction's Meta. A store that has
// none yet holds a new database's catalog (New).
func Of(meta any) *Catalog {
	if c, ok := meta.(*Catalog); ok && c != nil {
		return c
	}
	return New()
}

// New returns a new database's catalog: PostgreSQL installs plpgsql in
// every database (with its control file's comment), and initdb comments
// schema public.
func New() *Catalog {
	publicComment, plpgsqlComment := "standard public schema", "PL/pgSQL procedural language"
	return (&Catalog{nextOID: FirstOID}).PutExtension(Extension{Name: "plpgsql", Schema: "pg_catalog", Version: "1.0"}).
		SetComment(ObjectKey{Kind: ObjSchema, Name: "public"}, &publicComment).
		SetComment(ObjectKey{Kind: ObjExtension, Name: "plpgsql"}, &plpgsqlComment)
}

// clone returns a shallow copy whose maps are shared; callers replace the
// maps they change with copies (copyMap).
func (c *Catalog) clone() *Catalog {
	n := *c
	n.shape = &shape{}
	if n.nextOID < FirstOID {
		n.nextOID = FirstOID
	}
	return &n
}

func copyMap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// allocOID returns the next OID of a catalog being built.
func (c *Catalog) allocOID() uint32 {
	if c.nextOID < FirstOID {
		c.nextOID = FirstOID
	}
	o := c.nextOID
	c.nextOID++
	return o
}

// RelationExists reports whether a sequence or view of that name exists
// (tables live in storage; the engine checks those itself).
func (c *Catalog) RelationExists(q QName) bool {
	if c == nil {
		return false
	}
	_, s := c.sequences[q]
	_, v := c.views[q]
	return s || v
}

func sortedKeys[V any](m map[QName]V) []QName {
	out := make([]QName, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Schema != out[j].Schema {
			return out[i].Schema < out[j].Schema
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// TypeByOID finds a user type (or its array type) by OID.
func (c *Catalog) TypeByOID(oid uint32) (*types.Type, bool) {
	if c == nil {
		return nil, false
	}
	for _, d := range c.types {
		if d.Type.OID == oid {
			return d.Type, true
		}
		if d.Type.ArrayOID == oid {
			return types.ArrayOf(d.Type), true
		}
	}
	return nil, false
}

// Display is the name as PostgreSQL's messages show it: schema-qualified
// when it has a schema.
func (q QName) Display() string {
	if q.Schema != "" {
		return q.Schema + "." + q.Name
	}
	return q.Name
}
