package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgType is pg_catalog.pg_type: the built-in types with their real OIDs
// the enums, domains and composite types of the catalog and the row types
// of tables and views, each with its array type.
var pgType = &def{
	cols: []column{
		{"oid", types.Oid}, {"typname", types.Name}, {"typnamespace", types.Oid}, {"typowner", types.Oid},
		{"typlen", types.Int2}, {"typbyval", types.Bool}, {"typtype", types.Char}, {"typcategory", types.Char},
		{"typispreferred", types.Bool}, {"typisdefined", types.Bool}, {"typdelim", types.Char},
		{"typrelid", types.Oid}, {"typsubscript", types.Regproc}, {"typelem", types.Oid}, {"typarray", types.Oid},
		{"typinput", types.Regproc}, {"typoutput", types.Regproc}, {"typreceive", types.Regproc},
		{"typsend", types.Regproc}, {"typmodin", types.Regproc}, {"typmodout", types.Regproc},
		{"typanalyze", types.Regproc}, {"typalign", types.Char}, {"typstorage", types.Char},
		{"typnotnull", types.Bool}, {"typbasetype", types.Oid}, {"typtypmod", types.Int4}, {"typndims", types.Int4},
		{"typcollation", types.Oid}, {"typdefaultbin", types.Text}, {"typdefault", types.Text}, {"typacl", aclitemArray},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		add := func(t *types.Type, notNull bool, def string) {
			typtype := "b"
			switch {
			case t.Domain != nil:
				typtype = "d"
			case t.Kind == types.KindEnum:
				typtype = "e"
			case t.Kind == types.KindRange:
				typtype = "r"
			case t.Kind == types.KindMultirange:
				typtype = "m"
			case t.IsComposite():
				typtype = "c"
			case t.Category == 'P' || t.Kind == types.KindUnknown:
				typtype = "p"
			}
			category := string(t.Category)
			if t.Elem != nil && t.Elem.OID == types.Record.OID {
				typtype, category = "p", "P" // _record, unlike cstring[], is a pseudo-type
			}
			var elem, base uint32
			if t.Elem != nil {
				elem = t.Elem.OID
			} else if e, ok := fixedLengthElems[t.OID]; ok {
				elem = e
			}
			mod := int32(-1)
			if t.Domain != nil {
				base, mod = t.Domain.OID, t.Domain.Mod
			}
			coll := typCollation(t)
			var acl any
			owner := uint32(10)
			if sc := schemaOf(t); sc != "pg_catalog" {
				k := catalog.ObjectKey{Kind: catalog.ObjType, Schema: sc, Name: t.Name}
				if a := s.Catalog.ACL(k); a != nil {
					acl = s.aclStrings(a)
				}
				if o := s.RoleOID(s.Catalog.Owner(k)); o != 0 {
					owner = o // ALTER TYPE ... OWNER TO
				}
			}
			if def != "" && t.Domain != nil {
				// stored coerced to the base type, as typdefault is ('none'::text)
				if d, ok := s.DeparseArgDefault(def, t.Domain); ok {
					def = d
				}
			}
			// typdefaultbin holds the default's SQL text as adbin does,
			// which pg_get_expr returns unchanged (pg_dump reads it so)
			io := s.qualified(ioOf(t), t.Base()) // builtin_types.go
			out = append(out, []any{t.OID, t.Name, NamespaceOID(schemaOf(t)), owner, t.Len,
				io.byVal, typtype, category, t.Preferred, true, string(rune(io.delim)), t.RelOID,
				io.subscript, elem, t.ArrayOID, io.input, io.output, io.receive, io.send, io.modIn, io.modOut,
				io.analyze, string(rune(io.align)), string(rune(io.storage)), notNull, base, mod, int32(0), coll,
				nullable(def), nullable(def), aclArray(acl)})
		}
		addWithArray := func(t *types.Type, notNull bool, def string) {
			add(t, notNull, def)
			if a := types.ArrayOf(t); a != nil {
				add(a, false, "")
			}
		}
		for _, t := range types.Builtins {
			addWithArray(t, false, "")
		}
		for _, t := range types.PseudoTypes {
			addWithArray(t, false, "") // record[] and cstring[] too
		}
		for _, d := range s.Catalog.Types() {
			addWithArray(d.Type, d.NotNull, d.Default)
		}
		rels, err := s.rowTypeRels() // rowtypes.go
		if err != nil {
			return nil, err
		}
		for _, r := range rels {
			addWithArray(r.rowType(), false, "")
		}
		return out, nil
	},
}

// typCollation is pg_type.typcollation of t: C for name (PostgreSQL 12
// on), the database default for text, varchar, bpchar and citext (whose
// CREATE TYPE says COLLATABLE = true), an array's its element's; 0 for
// types without collations, refcursor, cstring and unknown among them.
func typCollation(t *types.Type) uint32 {
	b := t.Base()
	if b.Kind == types.KindArray && b.Elem != nil {
		b = b.Elem.Base()
	}
	switch {
	case b.Kind == types.KindName:
		return 950
	case b.OID == types.RefCursor.OID, b.Kind == types.KindUnknown, b.Len == -2:
		return 0
	case b.IsString(), b.Kind == types.KindExt && b.Name == "citext":
		return 100
	}
	return 0
}

// fixedLengthElems are the typelem of the fixed-length types that
// subscript as arrays of their parts (raw_array_subscript_handler):
// name[0] is a "char", point[0] a double precision, lseg[0] a point.
var fixedLengthElems = map[uint32]uint32{19: 18, 600: 701, 601: 600}
