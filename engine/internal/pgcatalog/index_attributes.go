package pgcatalog

import (
	"strconv"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// An index has a pg_attribute row per column, as index_create's
// ConstructTupleDescriptor (src/backend/catalog/index.c) makes them: a
// plain key copies its table column's name and type, an expression key
// takes the name the parser figures for it (ChooseIndexColumnNames:
// "lower", else "expr", a taken name numbered "lower1"), its type
// without array dimensions; then the access method's or operator
// class's storage type replaces the column's (hash keeps int4 hash
// codes, gin tsvector_ops text lexemes). Index columns are never NOT
// NULL, have no defaults and keep no statistics target of their own
// (attstattarget -1); indexes have no system columns.

// indexAttributes are the rows of rels' indexes' columns.
func (b *attributeRows) indexAttributes(s *State, rels []Relation) ([][]any, error) {
	var out [][]any
	for _, r := range rels {
		idx, err := s.Indexes(r)
		if err != nil {
			return nil, err
		}
		if len(idx) == 0 {
			continue
		}
		cols := r.Table.Schema()
		for _, ix := range idx {
			out = append(out, b.indexColumns(s, r, cols, ix)...)
		}
	}
	return out, nil
}

// indexColumns are the pg_attribute rows of one index of r.
func (b *attributeRows) indexColumns(s *State, r Relation, cols sql.Schema, ix storage.IndexInfo) [][]any {
	oid := any(RelationOID(r.Schema, ix.Name))
	method := ix.AM.Method
	if method == "" {
		method = "btree"
	}
	var out [][]any
	var names []string
	nkey := len(ix.Columns)
	if ix.Expression {
		nkey = len(ix.Source)
	}
	add := func(i int, name string, t *types.Type, ndims int32) {
		name = chooseIndexColumnName(name, names)
		names = append(names, name)
		opclass := ""
		if i < len(ix.AM.Opclass) {
			opclass = ix.AM.Opclass[i]
		}
		// the collation is the key's, whatever type the index stores
		coll := b.boxed(t)[boxColl]
		if i < len(ix.AM.Collation) && ix.AM.Collation[i] != "" && coll != uint32(0) {
			coll = collationOID(ix.AM.Collation[i]) // indexdef.go
		}
		// an INCLUDE column is stored as it is, without a collation
		// (index_create leaves it none); a key as its class stores it
		if i >= nkey {
			coll = uint32(0)
		} else {
			if k := s.indexKeyType(method, opclass, t); k != nil && k.OID != t.OID {
				t = k.WithMod(-1)
			}
		}
		row := b.row(oid, name, i+1, t, false, false, "", "")
		row[attNDimsCol], row[attCollationCol] = ndims, coll
		row[attStatTargetCol] = s.indexColumnTarget(catalog.QName{Schema: r.Schema, Name: r.Name}, ix.Name, i+1) // attribute_settings.go
		out = append(out, row)
	}
	include := func() [][]any {
		for k, c := range ix.AM.Include {
			j := cols.IndexOfColName(c)
			if j < 0 {
				return nil
			}
			t := columnType(cols[j])
			add(nkey+k, c, t, b.boxed(t)[boxNDims].(int32))
		}
		return out
	}
	if !ix.Expression {
		for i, c := range ix.Columns {
			j := cols.IndexOfColName(c)
			if j < 0 {
				return nil
			}
			t := columnType(cols[j])
			add(i, c, t, b.boxed(t)[boxNDims].(int32))
		}
		return include()
	}
	for i, src := range ix.Source {
		n, err := s.parseExpr(src)
		if err != nil {
			return nil
		}
		if c := n.GetColumnRef(); c != nil && len(c.Fields) == 1 && c.Fields[0].GetString_() != nil {
			name := c.Fields[0].GetString_().Sval
			j := cols.IndexOfColName(name)
			if j < 0 {
				return nil
			}
			t := columnType(cols[j])
			add(i, name, t, b.boxed(t)[boxNDims].(int32))
			continue
		}
		// the type PostgreSQL's rules give the key (as pg_index has it),
		// else the one the engine computed it with
		var t *types.Type
		if d, ok := s.deparseNode(n, r.Schema, r.Name, cols); ok {
			t = d.dtype()
		}
		if t == nil && i < len(ix.KeyTypes) {
			t, _ = ix.KeyTypes[i].(*types.Type)
		}
		if t == nil {
			return nil // a key tinybase cannot type: no columns rather than wrong ones
		}
		name, strength := figureColnameStrength(n)
		if strength == 0 {
			name = "expr"
		}
		add(i, name, t, 0)
	}
	return include()
}

// columnType is a table column's type as pg_attribute lists it.
func columnType(c *sql.Column) *types.Type {
	if t, ok := c.Type.(*types.Type); ok {
		return t
	}
	return types.Unknown
}

// chooseIndexColumnName is name, or when an earlier column of the index
// took it, name followed by the first number that makes it new, cut to
// fit NAMEDATALEN at a character boundary (ChooseIndexColumnNames).
func chooseIndexColumnName(name string, taken []string) string {
	cur := name
	for i := 1; ; i++ {
		clash := false
		for _, t := range taken {
			if t == cur {
				clash = true
				break
			}
		}
		if !clash {
			return cur
		}
		suffix := strconv.Itoa(i)
		base := name
		for len(base) > maxIdentLen-len(suffix) {
			_, size := utf8.DecodeLastRuneInString(base)
			base = base[:len(base)-size]
		}
		cur = base + suffix
	}
}

// maxIdentLen is NAMEDATALEN - 1, the longest name in bytes.
const maxIdentLen = 63

// Pseudo-type OIDs an operator class's types can be (pg_type.dat).
const (
	oidAnyElementType = 2283
	oidAnyArrayType   = 2277
	oidInt4Type       = 23
)

// indexKeyType is the type an index stores for a key of type t under
// access method method and operator class opclass ("" for t's default),
// nil when it stores t itself: the method's key type (hash indexes keep
// int4 hash codes), else the class's STORAGE type (pg_opclass.opckeytype),
// anyelement in a class of anyarray meaning the array's element type.
func (s *State) indexKeyType(method, opclass string, t *types.Type) *types.Type {
	if method == "hash" {
		k, _ := types.ByOID(oidInt4Type)
		return k
	}
	intype, keytype, ext := s.opclassTypes(method, opclass, t)
	if ext != nil {
		return ext
	}
	if keytype == 0 {
		return nil
	}
	if keytype == oidAnyElementType && intype == oidAnyArrayType {
		if b := t.Base(); b.Kind == types.KindArray {
			return b.Elem
		}
		return nil
	}
	if k, ok := s.TypeByOID(keytype); ok {
		return k
	}
	if k, ok := types.PolyByOID(keytype); ok {
		return k // brin's range_inclusion_ops stores anyrange
	}
	if keytype == types.Cstring.OID {
		return types.Cstring // btree name_ops stores names as C strings
	}
	return nil
}

// opclassTypes are the input and storage type OIDs of operator class
// opclass of method, or of t's default class when opclass is empty; an
// extension's class gives its storage type as ext instead (nil when it
// has none or tinybase lacks the type).
func (s *State) opclassTypes(method, opclass string, t *types.Type) (intype, keytype uint32, ext *types.Type) {
	for _, o := range s.Catalog.OpClasses() { // CREATE OPERATOR CLASS
		if o.Method == method && (o.Name == opclass || opclass == "" && o.Default && o.InType == t.Base().OID) {
			return o.InType, o.KeyType, nil
		}
	}
	am := extAmOID(method)
	for _, o := range opclasses {
		if o.method == am && (o.name == opclass || opclass == "" && o.def && opclassAccepts(o.intype, t)) {
			return o.intype, o.keytype, nil
		}
	}
	classes, schemas := extensions.InstalledOpClasses(s.Catalog, method)
	for i, o := range classes {
		if o.Name != opclass && (opclass != "" || !o.Default) {
			continue
		}
		in := o.InType(s.Catalog, schemas[i])
		if opclass == "" && (in == nil || !opclassAccepts(in.OID, t)) {
			continue
		}
		if o.Storage != "" {
			ext = extensions.ExtType(s.Catalog, schemas[i], o.Storage)
		}
		return 0, 0, ext
	}
	return 0, 0, nil
}

// opclassAccepts reports whether a default class of input type intype
// serves keys of type t: its own type, or one a polymorphic input type
// stands for (text_ops is varchar's class too).
func opclassAccepts(intype uint32, t *types.Type) bool {
	b := t.Base()
	switch intype {
	case b.OID:
		return true
	case 2277: // anyarray
		return b.Kind == types.KindArray
	case 3500: // anyenum
		return b.Kind == types.KindEnum
	case 3831: // anyrange
		return b.Kind == types.KindRange
	case 4537: // anymultirange
		return b.Kind == types.KindMultirange
	case 2249: // record
		return b.IsComposite()
	case 25: // text
		return b.Kind == types.KindVarchar
	}
	return false
}
