package bootstrap

import "github.com/tinybase/tinybase/engine/internal/catalog"

// Image is the database the bootstrap scripts build, written down as plain
// data: the engine embeds it (engine/internal/session/bootstrap_image_gen.go, written by
// `go generate ./engine/internal/session`) and builds its bootstrapped template from it at
// the first Open instead of running the scripts. Stored expressions
// (column defaults, generated columns, expression and partial index keys)
// are kept as the engine's text of them and translated back; CHECK
// constraints are text already. A test regenerates the image from the
// scripts and fails when the embedded one differs.
type Image struct {
	Schemas []string
	// SchemaSeqs are the schemas' catalog-order numbers, parallel to
	// Schemas, and Seq the last one given out (storage's catalog_order.go).
	SchemaSeqs []uint64
	Seq        uint64
	// RelSeqs are the catalog-order numbers of the relations other than
	// tables (indexes, views, sequences, composite types).
	RelSeqs   []RelSeq
	Tables    []Table
	Catalog   catalog.Image
	Sequences []SequenceValue
}

// RelSeq is one non-table relation's catalog-order number.
type RelSeq struct {
	Schema, Name string
	Seq          uint64
}

// Table is one table: definition and rows.
type Table struct {
	Schema, Name string
	Columns      []Column
	PKOrds       []int
	PKName       string
	PKInclude    []string
	Indexes      []Index
	Checks       []Check
	NotValid     []string // checks added NOT VALID, not validated since
	ForeignKeys  []ForeignKey
	Comment      string
	Collation    uint16
	Seq          uint64 // catalog order
	NextRowID    int64
	Rows         [][]Value
}

// Column is one column of a table.
type Column struct {
	Name      string
	Type      catalog.TypeRef
	Nullable  bool
	Comment   string
	Extra     string
	Default   Stored
	Generated Stored
}

// Stored is a column's DEFAULT or generated expression ("Set" false: none)
// with the flags go-mysql-server keeps beside it.
type Stored struct {
	Set           bool
	Text          string
	OutType       catalog.TypeRef
	Literal       bool
	ReturnNil     bool
	Parenthesized bool
	// Domain marks a default taken from the column's domain
	// (translate.DomainDefault).
	Domain bool
	// Shown is a folded constant default's printed form (expr.Literal's
	// Shown: DEFAULT '' on a text column prints ''::text), which
	// translating Text again does not set.
	Shown string
}

// Index is a secondary index: plain columns, or expression keys (KeyText)
// with their types; WhereText is a partial index's predicate.
type Index struct {
	Name      string
	Unique    bool
	Columns   []string
	KeyText   []string
	KeyTypes  []catalog.TypeRef
	WhereText string
	// Source and WhereSource are the key parts' and predicate's
	// PostgreSQL source text, for pg_get_indexdef.
	Source      []string
	WhereSource string
	Comment     string
	ForFK       bool
	// Method, Opclass, Ordering, Options, Collation and Include are
	// storage.IndexAM's.
	Method    string
	Opclass   []string
	Ordering  []string
	Options   []string
	Collation []string
	Include   []string
}

// Check is a CHECK constraint.
type Check struct {
	Name, Expression string
	Enforced         bool
}

// ForeignKey is a FOREIGN KEY constraint.
type ForeignKey struct {
	Name, Database, SchemaName, Table         string
	Columns                                   []string
	ParentDatabase, ParentSchema, ParentTable string
	ParentColumns                             []string
	OnUpdate, OnDelete                        string
	IsResolved                                bool
}

// Value is one column value in PostgreSQL's text form.
type Value struct {
	Null bool
	Text string
}

// SequenceValue is a sequence's counter (nextval state).
type SequenceValue struct {
	OID    uint32
	Last   int64
	Called bool
}
