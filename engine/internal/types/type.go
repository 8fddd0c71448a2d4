package types

import (
	"fmt"
)

// Kind selects the implementation behind a Type.
type Kind uint8

const (
	KindUnknown Kind = iota
	KindBool
	KindInt2
	KindInt4
	KindInt8
	KindNumeric
	KindFloat4
	KindFloat8
	KindText
	KindVarchar
	KindBpchar
	KindName
	KindUUID
	KindDate
	KindTime
	KindTimestamp
	KindTimestamptz
	KindInterval
	KindJSON
	KindJSONB
	KindBytea
	KindOid
	KindArray
	KindEnum
	KindVoid
	KindRecord
	KindRegclass
	KindRegtype
	KindChar       // "char", the one-byte internal type
	KindInet       // inet, kept as its canonical text (inet_io.go)
	KindRange      // the built-in range types (range.go), values RangeVal
	KindTSVector   // tsvector, kept as its canonical text (tsearch.go)
	KindTSQuery    // tsquery, kept as its canonical text (tsearch.go)
	KindTimeTZ     // time with time zone, values TimeTZ (timetz.go)
	KindBit        // bit(n) and bit varying, kept as a string of 0s and 1s (bit.go)
	KindCidr       // cidr, kept as its canonical text (net_types.go)
	KindMacaddr    // macaddr, kept as its canonical text (net_types.go)
	KindMoney      // money, values Money (money.go)
	KindPoint      // point, kept as its canonical text (geo_point.go)
	KindXML        // xml, kept as its text after a well-formedness check (xml.go)
	KindTID        // tid, kept as its canonical text "(block,offset)" (tid.go)
	KindExt        // a base type an extension defines; Type.Ext implements it (ext.go)
	KindPoly       // a polymorphic pseudo-type or "any", only in routine signatures (pseudo.go)
	KindMultirange // the built-in multirange types (multirange.go), values MultirangeVal
	KindPolygon    // polygon, kept as its canonical text (geo_polygon.go)
	KindLseg       // lseg, kept as its canonical text (geo_lseg.go)
	KindMacaddr8   // macaddr8, kept as its canonical text (net_macaddr8.go)
	KindACLItem    // aclitem, kept as its canonical text (aclitem.go)
)

// Type is a PostgreSQL type, possibly with a typmod (varchar(20),
// numeric(10,2)). Types are immutable values; WithMod returns a copy.
type Type struct {
	Kind     Kind
	OID      uint32
	Name     string // pg_type.typname, e.g. "int4", "_text"
	SQLName  string // format_type() spelling without typmod, e.g. "integer"
	Category byte   // pg_type.typcategory
	// Preferred marks the category's preferred type (typispreferred).
	Preferred bool
	Mod       int32 // typmod, -1 when none
	Elem      *Type // element type of an array
	ArrayOID  uint32
	Schema    string // namespace; "pg_catalog" for built-ins
	Labels    []string
	// EnumOrders are an enum's pg_enum.enumsortorder values, parallel to
	// Labels; nil means 1, 2, 3… (enum_order.go).
	EnumOrders []float32
	Len        int16 // typlen
	// Domain, when set, is the base type of a domain.
	Domain *Type
	// RelOID is pg_type.typrelid of a composite type: its pg_class row.
	RelOID uint32
	// Check, set on a domain with constraints, validates a value (nil
	// included) against them; the engine's catalog builds it.
	Check func(v any) error
	// Fields lists the columns of a table's row type (record.go).
	Fields []Field
	// RangeSub is the element type of a range or multirange type
	// (range.go, multirange.go).
	RangeSub *Type
	// Ext implements an extension base type (KindExt, ext.go).
	Ext ExtBase
}

// WithMod returns t with typmod mod.
func (t *Type) WithMod(mod int32) *Type {
	if t.Mod == mod {
		return t
	}
	c := *t
	c.Mod = mod
	return &c
}

// Base returns the type a domain is over, or t itself.
func (t *Type) Base() *Type {
	for t.Domain != nil {
		t = t.Domain
	}
	return t
}

// FormatType spells the type as PostgreSQL's format_type(oid, typmod).
func (t *Type) FormatType() string {
	if t.Kind == KindArray && t.Domain == nil && t.OID != Int2Vector.OID {
		return t.Elem.WithMod(t.Mod).FormatType() + "[]"
	}
	name := t.SQLName
	// an extension's base type is spelled bare: Supabase installs them in
	// extensions, which its search_path holds, where format_type does
	// not qualify them
	if t.Schema != "" && t.Schema != "pg_catalog" && t.Schema != "public" && t.Kind != KindExt {
		name = quoteIdentIfNeeded(t.Schema) + "." + quoteIdentIfNeeded(name)
	} else if t.Schema == "public" {
		name = quoteIdentIfNeeded(name) // "Role" reads back as Role, not role
	}
	if t.Mod < 0 {
		if t.OID == 1560 {
			// bit without a typmod is not BIT, which means bit(1): PostgreSQL
			// quotes it so that it reads back without one
			return `"bit"`
		}
		return name
	}
	switch t.Kind {
	case KindVarchar, KindBpchar:
		return fmt.Sprintf("%s(%d)", name, t.Mod-4)
	case KindNumeric:
		m := t.Mod - 4
		return fmt.Sprintf("%s(%d,%d)", name, (m>>16)&0xffff, m&0xffff)
	case KindTimestamp:
		return fmt.Sprintf("timestamp(%d) without time zone", t.Mod)
	case KindTimestamptz:
		return fmt.Sprintf("timestamp(%d) with time zone", t.Mod)
	case KindTime:
		return fmt.Sprintf("time(%d) without time zone", t.Mod)
	case KindTimeTZ:
		return fmt.Sprintf("time(%d) with time zone", t.Mod)
	case KindBit:
		return fmt.Sprintf("%s(%d)", name, t.Mod)
	case KindInterval:
		return name + intervalModOut(t.Mod)
	case KindExt:
		return name + t.Ext.TypmodOut(t.Mod)
	}
	return name
}

func (t *Type) String() string { return t.FormatType() }

// FormatTypeNoMod spells the type as format_type(oid, NULL) and regtype
// output do: like FormatType without a typmod, except that bit (and its
// array type) is plain "bit".
func (t *Type) FormatTypeNoMod() string {
	if t.OID == 1560 {
		return "bit"
	}
	if t.Kind == KindArray && t.Domain == nil && t.Elem != nil && t.Elem.OID == 1560 {
		return "bit[]"
	}
	return t.WithMod(-1).FormatType()
}

// IsArray reports whether t is an array type.
func (t *Type) IsArray() bool { return t.Base().Kind == KindArray }

// IsString reports whether values of t are Go strings in the string category.
func (t *Type) IsString() bool {
	switch t.Base().Kind {
	case KindText, KindVarchar, KindBpchar, KindName, KindUnknown:
		return true
	}
	return false
}

// IsNumeric reports whether t is in the numeric category.
func (t *Type) IsNumeric() bool { return t.Base().Category == 'N' }

// Same reports whether a and b are the same type ignoring typmod.
func Same(a, b *Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.OID == b.OID
}

// NumericMod builds numeric's typmod from precision and scale.
func NumericMod(precision, scale int32) int32 { return (precision<<16 | scale) + 4 }

// NumericPrecisionScale splits numeric's typmod.
func NumericPrecisionScale(mod int32) (precision, scale int32, ok bool) {
	if mod < 4 {
		return 0, 0, false
	}
	m := mod - 4
	return (m >> 16) & 0xffff, m & 0xffff, true
}

func quoteIdentIfNeeded(s string) string {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && r >= '0' && r <= '9') {
			return `"` + s + `"`
		}
	}
	return s
}

// CheckNull reports whether the type refuses NULL: a domain declared NOT
// NULL does (storage asks it of a column's NULL values).
func (t *Type) CheckNull() error {
	if t.Check == nil {
		return nil
	}
	return t.Check(nil)
}
