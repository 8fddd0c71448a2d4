package types

// Extension base types (docs 38.13, "User-Defined Types"): a type an
// extension's CREATE EXTENSION adds, with an OID the database assigns
// (pg_type row in the extension's schema), as pgvector's vector is. The
// catalog builds its Type (Kind KindExt, Ext set) with NewExtType; its
// behaviour — what PostgreSQL's typinput, typoutput, typmodin/typmodout,
// send/receive, btree comparison and pg_cast rows would give — is an
// ExtBase implemented in Go in this package (ext_*.go), found by the
// type's name so a catalog written down as data (catalog.Image) builds it
// back. The functions and operators on the type are the extension's own
// (engine/internal/extensions).
//
// The hooks: Input, Output, Compare, ApplyMod, Cast/CastAllowed and the
// binary codec dispatch to Ext for KindExt; values are the
// implementation's own Go types, which also print themselves (String)
// for the code paths that format a value without its type.
type ExtBase interface {
	// Input parses the text form and applies typmod mod (-1: none).
	Input(s string, mod int32) (any, error)
	// Output is the text form of a value.
	Output(v any) string
	// AppendSend appends the binary send form.
	AppendSend(buf []byte, v any) ([]byte, error)
	// Receive decodes the binary form.
	Receive(b []byte) (any, error)
	// Compare orders two values as the type's default btree class does.
	Compare(a, b any) int
	// TypmodIn turns the integers of `name(n, ...)` into a typmod.
	TypmodIn(mods []int32) (int32, error)
	// TypmodOut spells a typmod for format_type ("(3)"); "" for -1.
	TypmodOut(mod int32) string
	// ApplyMod checks (or coerces) a value against a typmod.
	ApplyMod(v any, mod int32) (any, error)
	// CastContext is the context a cast from (toExt false: to) another
	// type needs; castNone when pg_cast has no such row. Casts from and to
	// string types are I/O conversions and need not be listed.
	CastContext(other *Type, toExt bool) CastContext
	// CastFrom converts v of type from into this type with typmod mod.
	CastFrom(v any, from *Type, mod int32) (any, error)
	// CastTo converts a value of this type to type to.
	CastTo(v any, to *Type) (any, error)
}

// CastNone is the CastContext of a cast pg_cast does not have.
const CastNone = castNone

// extBases are the ExtBase implementations by type name.
var extBases = map[string]ExtBase{
	"vector":    vectorBase{},
	"geometry":  geometryBase{},
	"geography": geographyBase{},
	"halfvec":   halfvecBase{},
	"sparsevec": sparsevecBase{},
	"citext":    citextBase{},
	"hstore":    hstoreBase{},
	"ltree":     ltreeBase,
	"lquery":    lqueryBase,
	"ltxtquery": ltxtqueryBase,
	"ean13":     ean13Base, // ext_isn.go
	"isbn13":    isbn13Base,
	"ismn13":    ismn13Base,
	"issn13":    issn13Base,
	"isbn":      isbnBase,
	"ismn":      ismnBase,
	"issn":      issnBase,
	"upc":       upcBase,
	"gtrgm":     opaqueBase{}, // ext_opaque.go
	// btree_gist's, ext_opaque.go
	"gbtreekey2":    gbtreeKeyBase{len: 2},
	"gbtreekey4":    gbtreeKeyBase{len: 4},
	"gbtreekey8":    gbtreeKeyBase{len: 8},
	"gbtreekey16":   gbtreeKeyBase{len: 16},
	"gbtreekey32":   gbtreeKeyBase{len: 32},
	"gbtreekey_var": gbtreeKeyBase{len: -1},
}

// ExtBaseNamed returns the implementation of the extension base type
// called name.
func ExtBaseNamed(name string) (ExtBase, bool) {
	b, ok := extBases[name]
	return b, ok
}

// NewExtType returns the Type of extension base type name in schema with
// the given OIDs; ok is false when tinybase has no implementation of it.
func NewExtType(schema, name string, oid, arrayOID uint32) (*Type, bool) {
	impl, ok := extBases[name]
	if !ok {
		return nil, false
	}
	length := int16(-1)
	if l, ok := impl.(interface{ typLen() int16 }); ok {
		length = l.typLen() // a fixed-size type (isn's)
	}
	return &Type{Kind: KindExt, OID: oid, ArrayOID: arrayOID, Name: name, SQLName: name, Schema: schema,
		Category: 'U', Mod: -1, Len: length, Ext: impl}, true
}

// extCastContext is castContextOf for casts involving an extension base
// type (f or t is KindExt): I/O conversion with the string types, else
// the implementation's pg_cast rows.
func extCastContext(f, t *Type) CastContext {
	switch {
	case f.Kind == KindExt && f.OID == t.OID:
		return CastImplicit
	case t.Kind == KindExt && isStringKind(f):
		// I/O conversion, unless the type's pg_cast row says otherwise
		// (citext from text: assignment)
		if c := t.Ext.CastContext(f, true); c != castNone {
			return c
		}
		return CastExplicit
	case f.Kind == KindExt && isStringKind(t):
		if c := f.Ext.CastContext(t, false); c != castNone {
			return c
		}
		return CastAssignment
	case t.Kind == KindExt:
		return t.Ext.CastContext(f, true)
	}
	return f.Ext.CastContext(t, false)
}

// extCast is Cast between an extension base type and another non-string
// type; the result has not had the target's typmod applied unless the
// implementation did.
func extCast(v any, from, to *Type) (any, error) {
	f, t := from.Base(), to.Base()
	if t.Kind == KindExt {
		return t.Ext.CastFrom(v, f, to.Mod)
	}
	return f.Ext.CastTo(v, to)
}

// quoteExtInput quotes an input string in an error message as
// PostgreSQL's "%s" in double quotes does (no escaping).
func quoteExtInput(s string) string { return `"` + s + `"` }

// skipSpace skips the white space PostgreSQL's scanner_isspace accepts.
func skipSpace(s string, i int) int {
	for i < len(s) && isSpaceByte(s[i]) {
		i++
	}
	return i
}

// extSender is a value of an extension base type that writes its own
// binary form (the codec only knows the column's OID).
type extSender interface {
	appendSend(buf []byte) ([]byte, error)
}

func (v *Vector) appendSend(buf []byte) ([]byte, error)    { return vectorBase{}.AppendSend(buf, v) }
func (v *HalfVec) appendSend(buf []byte) ([]byte, error)   { return halfvecBase{}.AppendSend(buf, v) }
func (v *SparseVec) appendSend(buf []byte) ([]byte, error) { return sparsevecBase{}.AppendSend(buf, v) }
func (c Citext) appendSend(buf []byte) ([]byte, error)     { return append(buf, c...), nil }
func (h *Hstore) appendSend(buf []byte) ([]byte, error)    { return hstoreBase{}.AppendSend(buf, h) }
func (l *Ltree) appendSend(buf []byte) ([]byte, error)     { return ltreeBase.AppendSend(buf, l) }
func (q *Lquery) appendSend(buf []byte) ([]byte, error)    { return lqueryBase.AppendSend(buf, q) }
func (q *Ltxtquery) appendSend(buf []byte) ([]byte, error) { return ltxtqueryBase.AppendSend(buf, q) }
func (v Isn) appendSend(buf []byte) ([]byte, error)        { return ean13Base.AppendSend(buf, v) }

// CompareExt orders two values of the same extension base type by their
// Go representation (the comparison functions of the extension's
// operators do not carry the type).
func CompareExt(a, b any) int {
	switch x := a.(type) {
	case *Vector:
		return vectorBase{}.Compare(x, b)
	case *HalfVec:
		return halfvecBase{}.Compare(x, b)
	case *SparseVec:
		return sparsevecBase{}.Compare(x, b)
	case *Geometry:
		return geometryBase{}.Compare(x, b)
	case Citext:
		return citextBase{}.Compare(x, b)
	case *Hstore:
		return hstoreBase{}.Compare(x, b)
	case *Ltree:
		return ltreeBase.Compare(x, b)
	case *Lquery, *Ltxtquery:
		return lqueryBase.Compare(x, b)
	case Isn:
		return ean13Base.Compare(x, b)
	}
	return CompareValues(a, b)
}
