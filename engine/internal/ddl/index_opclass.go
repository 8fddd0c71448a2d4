package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CREATE INDEX resolves each key part's operator class as PostgreSQL's
// ResolveOpClass does (src/backend/commands/indexcmds.c): a named class
// must exist for the access method and accept the key's type (binary
// coercibly); without one, the type needs a default class for the
// method. The engine indexes with its own B-trees whatever the class,
// so this is validation: a migration PostgreSQL refuses is refused here.

// keyOpclass is one operator class a key part can resolve to.
type keyOpclass struct {
	schema, name string
	inType       uint32
	isDefault    bool
}

// methodOpclasses are the operator classes of access method method:
// PostgreSQL's, the installed extensions' and CREATE OPERATOR CLASS's.
func methodOpclasses(cat *catalog.Catalog, method string) []keyOpclass {
	var out []keyOpclass
	for _, o := range pgcatalog.BuiltinOpclasses(method) {
		out = append(out, keyOpclass{schema: "pg_catalog", name: o.Name, inType: o.InType, isDefault: o.Default})
	}
	classes, schemas := extensions.InstalledOpClasses(cat, method)
	for i, o := range classes {
		var in uint32
		if t := o.InType(cat, schemas[i]); t != nil {
			in = t.OID
		}
		out = append(out, keyOpclass{schema: schemas[i], name: o.Name, inType: in, isDefault: o.Default})
	}
	for _, o := range cat.OpClasses() {
		if o.Method == method {
			out = append(out, keyOpclass{schema: o.Schema, name: o.Name, inType: o.InType, isDefault: o.Default})
		}
	}
	return out
}

// checkKeyOpclasses checks every key part's operator class; keyTypes
// holds each key's type (nil when not known for certain, which skips the
// type checks of that key).
func checkKeyOpclasses(h Host, def *translate.IndexDef, keyTypes []*types.Type) error {
	method := def.Method
	if method == "" {
		method = "btree"
	}
	cat := h.Catalog()
	classes := methodOpclasses(cat, method)
	for i, t := range keyTypes {
		name, schema := "", ""
		if i < len(def.Opclass) {
			name = def.Opclass[i]
		}
		if i < len(def.OpclassSchema) {
			schema = def.OpclassSchema[i]
		}
		if name == "" {
			if t != nil && !hasDefaultOpclass(cat, classes, t) {
				return pgerror.New(pgerror.UndefinedObject, "data type %s has no default operator class for access method %q", t.FormatTypeNoMod(), method).
					WithHint("You must specify an operator class for the index or define a default operator class for the data type.")
			}
			continue
		}
		written := name
		if schema != "" {
			written = schema + "." + name
			if schema != "pg_catalog" && !h.StorageTxn().HasSchema(schema) {
				return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
			}
		}
		oc, ok := findOpclass(classes, schema, name, h.SearchPath())
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "operator class %q does not exist for access method %q", written, method)
		}
		if t != nil && !binaryCoercible(cat, t, oc.inType) {
			return pgerror.New(pgerror.DatatypeMismatch, "operator class %q does not accept data type %s", written, t.FormatTypeNoMod())
		}
	}
	return nil
}

// findOpclass finds class name in schema, or unqualified the first one
// on the search path (pg_catalog first unless the path places it), as
// OpclassnameGetOpcid does.
func findOpclass(classes []keyOpclass, schema, name string, path []string) (keyOpclass, bool) {
	in := func(sc string) (keyOpclass, bool) {
		for _, o := range classes {
			if o.schema == sc && o.name == name {
				return o, true
			}
		}
		return keyOpclass{}, false
	}
	if schema != "" {
		return in(schema)
	}
	explicit := false
	for _, sc := range path {
		explicit = explicit || sc == "pg_catalog"
	}
	if !explicit {
		if o, ok := in("pg_catalog"); ok {
			return o, true
		}
	}
	for _, sc := range path {
		if o, ok := in(sc); ok {
			return o, true
		}
	}
	return keyOpclass{}, false
}

// hasDefaultOpclass reports whether t has a default class among classes,
// as GetDefaultOpClass finds one: of a domain's base type, exactly or
// else binary coercibly, one preferred class or else only one.
func hasDefaultOpclass(cat *catalog.Catalog, classes []keyOpclass, t *types.Type) bool {
	base := t.Base()
	exact, compatible, preferred := 0, 0, 0
	for _, o := range classes {
		switch {
		case !o.isDefault:
		case o.inType == base.OID:
			exact++
		case binaryCoercible(cat, base, o.inType):
			if pt, ok := types.ByOID(o.inType); ok && pt.Preferred && pt.Category == base.Category {
				preferred++
			} else {
				compatible++
			}
		}
	}
	return exact == 1 || preferred == 1 || preferred == 0 && compatible == 1
}

// Pseudo-type OIDs an operator class can take (pg_type.dat).
const (
	oidAny                   = 2276
	oidAnyElement            = 2283
	oidAnyCompatible         = 5077
	oidAnyArray              = 2277
	oidAnyCompatibleArray    = 5078
	oidAnyNonArray           = 2776
	oidAnyCompatibleNonArray = 5079
	oidAnyEnum               = 3500
	oidAnyRange              = 3831
	oidAnyCompatibleRange    = 5080
	oidAnyMultirange         = 4537
	oidAnyCompatibleMulti    = 4538
	oidRecord                = 2249
	oidRecordArray           = 2287
)

// binaryCoercible is PostgreSQL's IsBinaryCoercible
// (src/backend/parser/parse_coerce.c): the same type, a polymorphic
// target the type fits, or an implicit cast without a function.
func binaryCoercible(cat *catalog.Catalog, src *types.Type, target uint32) bool {
	if src.OID == target || target == oidAny || target == oidAnyElement || target == oidAnyCompatible {
		return true
	}
	src = src.Base()
	if src.OID == target {
		return true
	}
	switch target {
	case oidAnyArray, oidAnyCompatibleArray:
		return src.Kind == types.KindArray
	case oidAnyNonArray, oidAnyCompatibleNonArray:
		return src.Kind != types.KindArray
	case oidAnyEnum:
		return src.Kind == types.KindEnum
	case oidAnyRange, oidAnyCompatibleRange:
		return src.Kind == types.KindRange
	case oidAnyMultirange, oidAnyCompatibleMulti:
		return src.Kind == types.KindMultirange
	case oidRecord:
		return src.OID == oidRecord || src.IsComposite()
	case oidRecordArray:
		return src.Kind == types.KindArray && src.Elem != nil && src.Elem.IsComposite()
	}
	if pgcatalog.BuiltinBinaryImplicitCast(src.OID, target) {
		return true
	}
	if k, ok := cat.Cast(src.OID, target); ok {
		return k.Method == 'b' && k.Context == 'i'
	}
	for _, ie := range cat.Extensions() {
		e, ok := extensions.Lookup(ie.Name)
		if !ok {
			continue
		}
		for _, c := range e.Casts {
			if c.Func != "" || c.Context != 'i' {
				continue
			}
			s, d := extensions.ExtType(cat, ie.Schema, c.Source), extensions.ExtType(cat, ie.Schema, c.Target)
			if s != nil && d != nil && s.OID == src.OID && d.OID == target {
				return true
			}
		}
	}
	return false
}
