package translate

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// CatalogCommand is a statement on the catalog of non-table objects
// (engine/internal/catalog), run by the engine. Name fields with an empty Schema
// resolve through the search path (lookups) or to the creation schema.
type CatalogCommand interface {
	Command
	catalogCommand()
}

// CreateSequence is CREATE SEQUENCE, also made for serial and identity
// columns (OwnedBy set).
type CreateSequence struct {
	Name        catalog.QName
	IfNotExists bool
	Options     catalog.SequenceOptions
	OwnedBy     *catalog.ColumnRef
	Identity    byte
	// AddIdentity: OwnedBy's table exists (ALTER TABLE ... ADD GENERATED
	// ... AS IDENTITY, ADD COLUMN of a serial or identity column), not
	// made by the same CREATE TABLE.
	AddIdentity bool
}

// AlterSequence is ALTER SEQUENCE (and ALTER TABLE ... ALTER COLUMN ...
// RESTART on an identity column, Column set).
type AlterSequence struct {
	Name     catalog.QName
	Column   string
	IfExists bool
	Options  catalog.SequenceOptions
}

// CreateEnum is CREATE TYPE ... AS ENUM.
type CreateEnum struct {
	Name   catalog.QName
	Labels []string
}

// AlterEnum is ALTER TYPE ... ADD VALUE, or RENAME VALUE RenameFrom TO
// Label.
type AlterEnum struct {
	Name        catalog.QName
	Label       string
	RenameFrom  string
	Neighbor    string
	After       bool
	IfNotExists bool
}

// RenameType is ALTER TYPE | DOMAIN ... RENAME TO.
type RenameType struct {
	Name    catalog.QName
	NewName string
	Domain  bool
}

// SetTypeSchema is ALTER TYPE | DOMAIN ... SET SCHEMA.
type SetTypeSchema struct {
	Name   catalog.QName
	Schema string
	Domain bool
}

func (*SetTypeSchema) command()        {}
func (*SetTypeSchema) catalogCommand() {}

// CreateDomain is CREATE DOMAIN.
type CreateDomain struct {
	Name    catalog.QName
	Base    *types.Type
	NotNull bool
	Checks  []catalog.Check
	Default string
}

// AlterDomain is ALTER DOMAIN (but RENAME TO, OWNER TO and SET SCHEMA,
// which are RenameType, AlterOwner and SetTypeSchema).
type AlterDomain struct {
	Name   catalog.QName
	Action DomainAction
	// Check is ADD CONSTRAINT's; its Name is empty when the engine names
	// it (DomainCheckName, which knows the domain's other constraints).
	Check catalog.Check
	// Default is SET DEFAULT's SQL text; DROP DEFAULT leaves it empty.
	Default string
	// Constraint names the constraint DROP, VALIDATE and RENAME act on;
	// NewName is RENAME's new name.
	Constraint, NewName string
	MissingOk           bool // DROP CONSTRAINT IF EXISTS
}

// CreateView is CREATE [OR REPLACE] VIEW.
type CreateView struct {
	Name    catalog.QName
	Replace bool
	Columns []string // explicit column names, may be fewer than the query's
	Query   string   // the SELECT, deparsed
}

// RenameRelation is ALTER VIEW / SEQUENCE ... RENAME TO, or ALTER VIEW
// ... SET SCHEMA when NewSchema is set.
type RenameRelation struct {
	Kind      string // "view", "sequence"
	Name      catalog.QName
	NewName   string
	NewSchema string
	IfExists  bool
}

// DropObjects is DROP SEQUENCE / VIEW / TYPE / DOMAIN / EXTENSION.
type DropObjects struct {
	Kind     string // "sequence", "view", "type", "domain", "extension"
	Names    []catalog.QName
	IfExists bool
	Cascade  bool
}

// DropTableDeps runs with DROP TABLE: views on the tables (2BP01 unless
// CASCADE), their owned sequences and comments go with them.
type DropTableDeps struct {
	Tables   []catalog.QName
	IfExists bool
	Cascade  bool
	// Word names the relations in notices: "table", or "materialized view".
	Word string
}

// Comment is COMMENT ON.
type Comment struct {
	Kind catalog.ObjKind
	Name catalog.QName
	// Column is the column, or the policy, trigger or constraint of
	// table Name.
	Column string
	Index  bool    // COMMENT ON INDEX (Kind is ObjRelation)
	Text   *string // nil: IS NULL
	// Routine is the signature of COMMENT ON FUNCTION name(args).
	Routine *RoutineRef
	// CastSource and CastTarget are COMMENT ON CAST's types.
	CastSource, CastTarget *types.Type
}

func (*CreateSequence) command() {}
func (*AlterSequence) command()  {}
func (*CreateEnum) command()     {}
func (*AlterEnum) command()      {}
func (*RenameType) command()     {}
func (*CreateDomain) command()   {}
func (*AlterDomain) command()    {}
func (*CreateView) command()     {}
func (*RenameRelation) command() {}
func (*DropObjects) command()    {}
func (*DropTableDeps) command()  {}
func (*Comment) command()        {}

func (*CreateSequence) catalogCommand() {}
func (*AlterSequence) catalogCommand()  {}
func (*CreateEnum) catalogCommand()     {}
func (*AlterEnum) catalogCommand()      {}
func (*RenameType) catalogCommand()     {}
func (*CreateDomain) catalogCommand()   {}
func (*AlterDomain) catalogCommand()    {}
func (*CreateView) catalogCommand()     {}
func (*RenameRelation) catalogCommand() {}
func (*DropObjects) catalogCommand()    {}
func (*DropTableDeps) catalogCommand()  {}
func (*Comment) catalogCommand()        {}
