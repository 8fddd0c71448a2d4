package extensions

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// AccessMethod is an index access method an extension adds (pg_am, docs
// 64 "Index Access Method Interface Definition"). tinybase builds its own
// index for it; the name makes CREATE INDEX ... USING name valid.
type AccessMethod struct {
	Name, Handler string
	// Options are the integer storage parameters CREATE INDEX ... WITH
	// takes for this method (the module's add_int_reloption calls).
	Options map[string]IntOption
}

// IntOption is an integer index storage parameter's valid range.
type IntOption struct{ Min, Max int64 }

// OpClass is an operator class an extension adds (pg_opclass): the name
// CREATE INDEX takes after a key column, for type Type of the extension.
type OpClass struct {
	Name, Method, Type string
	Default            bool
	// Family is the operator family it belongs to (pg_opfamily); ""
	// is a family of the class's own name, as CREATE OPERATOR CLASS
	// without FAMILY makes.
	Family string
	// Storage is the class's STORAGE type (pg_opclass.opckeytype), what
	// its index stores per key when that is not the key's own type (a
	// trigram index keeps int4 trigrams); "" for the key's own type.
	Storage string
}

// FamilyName is the name of the class's operator family.
func (o OpClass) FamilyName() string {
	if o.Family != "" {
		return o.Family
	}
	return o.Name
}

// AmMember is one operator (pg_amop) or support function (pg_amproc) of
// an extension's operator family, named with its operand types: the
// operator Operator at strategy Number, or else the function Func at
// support number Number (taking Left, or Left and Right when they
// differ or the method is btree).
type AmMember struct {
	Method, Family string
	Left, Right    string
	Number         int16
	Operator, Func string
}

// builtinAccessMethods are PostgreSQL 15's index access methods.
var builtinAccessMethods = map[string]bool{"btree": true, "hash": true, "gist": true, "gin": true, "spgist": true, "brin": true}

// AccessMethodExists reports whether CREATE INDEX ... USING name is
// valid in cat: a built-in method or one an installed extension added.
func AccessMethodExists(cat *catalog.Catalog, name string) bool {
	if builtinAccessMethods[name] {
		return true
	}
	for _, ie := range cat.Extensions() {
		if e, ok := Lookup(ie.Name); ok {
			for _, am := range e.AccessMethods {
				if am.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// IndexOptions returns the storage parameters of an installed
// extension's access method (ok false for a method no extension added).
func IndexOptions(cat *catalog.Catalog, method string) (map[string]IntOption, bool) {
	for _, ie := range cat.Extensions() {
		if e, ok := Lookup(ie.Name); ok {
			for _, am := range e.AccessMethods {
				if am.Name == method {
					return am.Options, true
				}
			}
		}
	}
	return nil, false
}

// InstalledOpClass finds operator class name of access method method
// among the installed extensions' (ok false when none has it: built-in
// classes are not checked here).
func InstalledOpClass(cat *catalog.Catalog, method, name string) (OpClass, string, bool) {
	for _, ie := range cat.Extensions() {
		if e, ok := Lookup(ie.Name); ok {
			for _, oc := range e.OpClasses {
				if oc.Method == method && oc.Name == name {
					return oc, ie.Schema, true
				}
			}
		}
	}
	return OpClass{}, "", false
}

// InType is the class's input type (pg_opclass.opcintype): the
// extension's own type in schema, else a built-in type or polymorphic
// pseudo-type of that name (btree_gin's anyenum, intarray's _int4); nil
// when neither exists.
func (o OpClass) InType(cat *catalog.Catalog, schema string) *types.Type {
	return ExtType(cat, schema, o.Type)
}

// ExtType is the type an extension's declarations name: its own type in
// schema, else a built-in type or polymorphic pseudo-type of that name;
// nil when neither exists.
func ExtType(cat *catalog.Catalog, schema, name string) *types.Type {
	if d, ok := cat.Type(catalog.QName{Schema: schema, Name: name}); ok {
		return d.Type
	}
	if t, ok := types.ByName(name); ok {
		return t
	}
	if t, ok := types.PolyByName(name); ok {
		return t
	}
	return nil
}

// InstalledOpClasses lists the operator classes of access method method
// that the installed extensions add, each with the schema its extension
// is in.
func InstalledOpClasses(cat *catalog.Catalog, method string) (classes []OpClass, schemas []string) {
	for _, ie := range cat.Extensions() {
		if e, ok := Lookup(ie.Name); ok {
			for _, oc := range e.OpClasses {
				if oc.Method == method {
					classes = append(classes, oc)
					schemas = append(schemas, ie.Schema)
				}
			}
		}
	}
	return classes, schemas
}
