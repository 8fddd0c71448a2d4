package pgcatalog

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The access methods and operator classes of installed extensions
// (extensions.Extension.AccessMethods, OpClasses), after PostgreSQL's
// own rows. Their OIDs are stable hashes of their names, as user tables'
// are.

var builtinAmOIDs = map[string]uint32{"btree": 403, "hash": 405, "gist": 783, "gin": 2742, "spgist": 4000, "brin": 3580}

func extAmOID(name string) uint32 {
	if oid, ok := builtinAmOIDs[name]; ok {
		return oid
	}
	return stableOID("am:" + name)
}

// indexAmOID is pg_class.relam of an index made with access method
// name ("" is btree).
func indexAmOID(name string) uint32 {
	if name == "" {
		return 403
	}
	return extAmOID(name)
}

// extAmRows are pg_am rows of the installed extensions' access methods.
func extAmRows(s *State) [][]any {
	var out [][]any
	for _, ie := range s.Catalog.Extensions() {
		e, ok := extensions.Lookup(ie.Name)
		if !ok {
			continue
		}
		for _, am := range e.AccessMethods {
			out = append(out, []any{extAmOID(am.Name), am.Name, am.Handler, "i"})
		}
	}
	return out
}

// extOpclassRows are pg_opclass rows of the installed extensions'
// operator classes (each its own family).
func extOpclassRows(s *State) [][]any {
	var out [][]any
	for _, ie := range s.Catalog.Extensions() {
		e, ok := extensions.Lookup(ie.Name)
		if !ok {
			continue
		}
		for _, oc := range e.OpClasses {
			var intype uint32
			if t := oc.InType(s.Catalog, ie.Schema); t != nil {
				intype = t.OID
			}
			var keytype uint32 // 0 too for a storage type tinybase lacks
			if oc.Storage != "" {
				if t := extensions.ExtType(s.Catalog, ie.Schema, oc.Storage); t != nil {
					keytype = t.OID
				}
			}
			out = append(out, []any{extOpclassOID(ie.Schema, oc.Method, oc.Name), extAmOID(oc.Method), oc.Name, NamespaceOID(ie.Schema),
				uint32(10), extOpfamilyOID(ie.Schema, oc.Method, oc.FamilyName()), intype, oc.Default, keytype})
		}
	}
	return out
}

// extOpfamilyOID is the OID of an extension's operator family name of
// access method method, created in schema.
func extOpfamilyOID(schema, method, name string) uint32 {
	return stableOID("opf:" + method + ":" + schema + "." + name)
}

// extOpfamilies are the operator families of an installed extension's
// classes, each once, in the order of their first class.
func extOpfamilies(ie *catalog.Extension) []extensions.OpClass {
	e, ok := extensions.Lookup(ie.Name)
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	var out []extensions.OpClass
	for _, oc := range e.OpClasses {
		if k := oc.Method + ":" + oc.FamilyName(); !seen[k] {
			seen[k] = true
			out = append(out, oc)
		}
	}
	return out
}

// extOpfamilyRows are pg_opfamily rows of the installed extensions'
// operator families.
func extOpfamilyRows(s *State) [][]any {
	var out [][]any
	for _, ie := range s.Catalog.Extensions() {
		for _, oc := range extOpfamilies(ie) {
			out = append(out, []any{extOpfamilyOID(ie.Schema, oc.Method, oc.FamilyName()), extAmOID(oc.Method), oc.FamilyName(), NamespaceOID(ie.Schema), uint32(10)})
		}
	}
	return out
}

// extOpclassOID is the OID of an extension's operator class name of
// access method method, created in schema.
func extOpclassOID(schema, method, name string) uint32 {
	return stableOID("opc:" + method + ":" + schema + "." + name)
}

// extAmDepends are pg_depend's 'e' rows of extension ext's access methods
// and operator classes: pg_dump leaves them to CREATE EXTENSION.
func extAmDepends(ie *catalog.Extension, ext uint32) [][]any {
	e, ok := extensions.Lookup(ie.Name)
	if !ok {
		return nil
	}
	var out [][]any
	for _, am := range e.AccessMethods {
		out = append(out, []any{uint32(pgAmOID), extAmOID(am.Name), int32(0), uint32(pgExtensionOID), ext, int32(0), "e"})
	}
	for _, oc := range e.OpClasses {
		out = append(out, []any{uint32(pgOpclassOID), extOpclassOID(ie.Schema, oc.Method, oc.Name), int32(0), uint32(pgExtensionOID), ext, int32(0), "e"})
	}
	for _, oc := range extOpfamilies(ie) {
		out = append(out, []any{uint32(pgOpfamilyOID), extOpfamilyOID(ie.Schema, oc.Method, oc.FamilyName()), int32(0), uint32(pgExtensionOID), ext, int32(0), "e"})
	}
	for _, c := range e.Casts {
		out = append(out, []any{uint32(pgCastOID), extCastOID(ie.Schema, c), int32(0), uint32(pgExtensionOID), ext, int32(0), "e"})
	}
	return out
}

func extCastOID(schema string, c extensions.Cast) uint32 {
	return stableOID("cast:" + schema + "." + c.Source + "." + c.Target)
}

// extCastRows are pg_cast rows of the installed extensions' casts
// (extensions.Extension.Casts).
func extCastRows(s *State) [][]any {
	var out [][]any
	for _, ie := range s.Catalog.Extensions() {
		e, ok := extensions.Lookup(ie.Name)
		if !ok {
			continue
		}
		for _, c := range e.Casts {
			src, dst := extensions.ExtType(s.Catalog, ie.Schema, c.Source), extensions.ExtType(s.Catalog, ie.Schema, c.Target)
			if src == nil || dst == nil {
				continue
			}
			var fn uint32
			method := "b"
			if c.Func != "" {
				method = "f"
				for _, f := range s.Catalog.Functions(catalog.QName{Schema: ie.Schema, Name: c.Func}) {
					if in := f.InputTypes(); len(in) == 1 && in[0].OID == src.OID {
						fn = f.OID
					}
				}
			}
			out = append(out, []any{extCastOID(ie.Schema, c), src.OID, dst.OID, fn, string(rune(c.Context)), method})
		}
	}
	return out
}

// extFamilyMemberRows are pg_amop and pg_amproc rows of the installed
// extensions' operator families (extensions.Extension.FamilyMembers);
// a member whose operator or function the catalog lacks is left out.
func extFamilyMemberRows(s *State) (amop, amproc [][]any) {
	for _, ie := range s.Catalog.Extensions() {
		e, ok := extensions.Lookup(ie.Name)
		if !ok {
			continue
		}
		typ := func(name string) *types.Type {
			if d, ok := s.Catalog.Type(catalog.QName{Schema: ie.Schema, Name: name}); ok {
				return d.Type
			}
			return nil
		}
		for _, m := range e.FamilyMembers {
			l, r := typ(m.Left), typ(m.Right)
			if l == nil || r == nil {
				continue
			}
			fam := extOpfamilyOID(ie.Schema, m.Method, m.Family)
			key := fmt.Sprintf("%s:%s.%s:%s:%s:%d:%s", m.Method, ie.Schema, m.Family, m.Left, m.Right, m.Number, m.Func)
			if m.Operator != "" {
				if op := s.operatorOID(ie.Schema, m.Operator, l, r); op != 0 {
					amop = append(amop, []any{stableOID("amop:" + key), fam, l.OID, r.OID, m.Number, "s", op, extAmOID(m.Method), uint32(0)})
				}
				continue
			}
			want := []uint32{l.OID}
			if m.Method == "btree" || l.OID != r.OID {
				want = append(want, r.OID)
			}
			for _, f := range s.Catalog.Functions(catalog.QName{Schema: ie.Schema, Name: m.Func}) {
				in := f.InputTypes()
				same := len(in) == len(want)
				for i := 0; same && i < len(in); i++ {
					same = in[i].OID == want[i]
				}
				if same {
					amproc = append(amproc, []any{stableOID("amproc:" + key), fam, l.OID, r.OID, m.Number, s.procName(f.OID)})
				}
			}
		}
	}
	return amop, amproc
}
