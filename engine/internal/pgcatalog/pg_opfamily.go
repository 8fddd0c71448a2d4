package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pg_operator, pg_opfamily, pg_amop and pg_amproc: PostgreSQL 15's own
// rows (builtin_opcasts_gen.go, builtin_opfamilies_gen.go; the members of
// the built-in families are not listed) after the user operators (CREATE
// OPERATOR) and the user operator families and classes (CREATE OPERATOR
// CLASS / FAMILY).

// builtinOpfamily is one of PostgreSQL 15's pg_opfamily rows (all in
// pg_catalog, owned by the bootstrap superuser).
type builtinOpfamily struct {
	oid, method uint32
	name        string
}

var pgOperator = &def{
	cols: []column{
		{"oid", types.Oid}, {"oprname", types.Name}, {"oprnamespace", types.Oid}, {"oprowner", types.Oid},
		{"oprkind", types.Char}, {"oprcanmerge", types.Bool}, {"oprcanhash", types.Bool}, {"oprleft", types.Oid},
		{"oprright", types.Oid}, {"oprresult", types.Oid}, {"oprcom", types.Oid}, {"oprnegate", types.Oid},
		{"oprcode", types.Regproc}, {"oprrest", types.Regproc}, {"oprjoin", types.Regproc},
	},
	rows: func(s *State) ([][]any, error) {
		out := make([][]any, 0, len(builtinOperators))
		// PostgreSQL's operators over the types tinybase has
		// (builtin_opcasts_gen.go); a function tinybase lacks reads as
		// its OID, which oprcode::oid (pg_dump) resolves
		for _, o := range builtinOperators {
			if !s.knownType(o.left) || !s.knownType(o.right) || !s.knownType(o.result) {
				continue
			}
			out = append(out, []any{o.oid, o.name, NamespaceOID("pg_catalog"), uint32(10), string(rune(o.kind)), o.canMerge, o.canHash,
				o.left, o.right, o.result, o.com, o.negate, s.procName(o.code), s.procName(o.rest), s.procName(o.join)})
		}
		for _, o := range s.Catalog.AllOperators() {
			kind, left := "b", uint32(0)
			if o.Left == nil {
				kind = "l"
			} else {
				left = o.Left.OID
			}
			var right, result uint32
			if o.Right != nil {
				right = o.Right.OID
			}
			if o.Result != nil {
				result = o.Result.OID
			}
			out = append(out, []any{o.OID, o.Name, NamespaceOID(o.Schema), s.roleOID(o.Owner), kind, o.MergesOK, o.HashesOK,
				left, right, result, s.operatorOID(o.Schema, o.Commutator, o.Right, o.Left), s.operatorOID(o.Schema, o.Negator, o.Left, o.Right),
				s.operatorProc(o.Proc), procByName(o.Restrict), procByName(o.Join)})
		}
		return out, nil
	},
}

// operatorOID is the OID of the user operator name taking (left, right)
// in schema, 0 when there is none (a commutator or negator not yet made).
func (s *State) operatorOID(schema, name string, left, right *types.Type) uint32 {
	if name == "" {
		return 0
	}
	for _, o := range s.Catalog.Operators(name) {
		if o.Schema == schema && sameTypeOID(o.Left, left) && sameTypeOID(o.Right, right) {
			return o.OID
		}
	}
	return 0
}

func sameTypeOID(a, b *types.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.OID == b.OID
}

// procByName is regproc output of a restriction or join estimator named
// in CREATE OPERATOR ("-" for none, and for one tinybase does not have,
// so that a cast to oid resolves).
func procByName(name string) string {
	if name == "" {
		return "-"
	}
	for _, p := range Builtins() {
		if p.Name == name {
			return name
		}
	}
	return "-"
}

// roleOID is the OID of role name, the bootstrap superuser's for "".
func (s *State) roleOID(name string) uint32 {
	if r, ok := s.Catalog.Role(name); ok && name != "" {
		return r.OID
	}
	return 10
}

var pgOpfamily = &def{
	cols: []column{{"oid", types.Oid}, {"opfmethod", types.Oid}, {"opfname", types.Name}, {"opfnamespace", types.Oid}, {"opfowner", types.Oid}},
	rows: func(s *State) ([][]any, error) {
		out := make([][]any, 0, len(builtinOpfamilies))
		for _, f := range builtinOpfamilies {
			out = append(out, []any{f.oid, f.method, f.name, NamespaceOID("pg_catalog"), uint32(10)})
		}
		for _, f := range s.Catalog.OpFamilies() {
			out = append(out, []any{f.OID, extAmOID(f.Method), f.Name, NamespaceOID(f.Schema), s.roleOID(f.Owner)})
		}
		return append(out, extOpfamilyRows(s)...), nil // pg_am_ext.go
	},
}

var pgAmop = &def{
	cols: []column{{"oid", types.Oid}, {"amopfamily", types.Oid}, {"amoplefttype", types.Oid},
		{"amoprighttype", types.Oid}, {"amopstrategy", types.Int2}, {"amoppurpose", types.Char},
		{"amopopr", types.Oid}, {"amopmethod", types.Oid}, {"amopsortfamily", types.Oid}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, f := range s.Catalog.OpFamilies() {
			for _, m := range f.Ops {
				out = append(out, []any{m.OID, f.OID, m.Left, m.Right, m.Strategy, string(rune(m.Purpose)), m.Operator, extAmOID(f.Method), m.SortFamily})
			}
		}
		amop, _ := extFamilyMemberRows(s) // pg_am_ext.go
		return append(out, amop...), nil
	},
}

var pgAmproc = &def{
	cols: []column{{"oid", types.Oid}, {"amprocfamily", types.Oid}, {"amproclefttype", types.Oid},
		{"amprocrighttype", types.Oid}, {"amprocnum", types.Int2}, {"amproc", types.Regproc}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, f := range s.Catalog.OpFamilies() {
			for _, m := range f.Procs {
				out = append(out, []any{m.OID, f.OID, m.Left, m.Right, m.Number, s.procName(m.Proc)})
			}
		}
		_, amproc := extFamilyMemberRows(s) // pg_am_ext.go
		return append(out, amproc...), nil
	},
}

// addOpfamilyCatalogs registers this file's relations.
func addOpfamilyCatalogs(m map[string]*def) {
	m["pg_operator"] = pgOperator
	m["pg_opfamily"] = pgOpfamily
	m["pg_amop"] = pgAmop
	m["pg_amproc"] = pgAmproc
}

// BuiltinOperator finds PostgreSQL's operator name taking (left, right)
// (left 0: a prefix operator).
func BuiltinOperator(name string, left, right uint32) (uint32, bool) {
	for _, o := range builtinOperators {
		if o.name == name && o.left == left && o.right == right {
			return o.oid, true
		}
	}
	return 0, false
}

// BuiltinOpfamily finds PostgreSQL's operator family name of access
// method method.
func BuiltinOpfamily(method, name string) (uint32, bool) {
	am := extAmOID(method)
	for _, f := range builtinOpfamilies {
		if f.method == am && f.name == name {
			return f.oid, true
		}
	}
	return 0, false
}

// BuiltinOpclass finds PostgreSQL's operator class name of access method
// method: its OID and input type.
func BuiltinOpclass(method, name string) (oid, intype uint32, ok bool) {
	am := extAmOID(method)
	for _, o := range opclasses {
		if o.method == am && o.name == name {
			return o.oid, o.intype, true
		}
	}
	return 0, 0, false
}

// BuiltinDefaultOpclass is PostgreSQL's default operator class of method
// for type typeOID, if any.
func BuiltinDefaultOpclass(method string, typeOID uint32) (string, bool) {
	am := extAmOID(method)
	for _, o := range opclasses {
		if o.method == am && o.def && o.intype == typeOID {
			return o.name, true
		}
	}
	return "", false
}

// userOpclassOID is the OID of the user operator class an index key part
// names (by name and method, as the index keeps them), 0 for none.
func userOpclassOID(cat *catalog.Catalog, method, name string) uint32 {
	if name == "" {
		return 0
	}
	if method == "" {
		method = "btree"
	}
	for _, o := range cat.OpClasses() {
		if o.Method == method && o.Name == name {
			return o.OID
		}
	}
	return 0
}

// searchRank is where schema comes in the search path, pg_catalog first
// as PostgreSQL searches it implicitly; -1 when the path leaves it out.
func (s *State) searchRank(schema string) int {
	if schema == "pg_catalog" {
		return 0
	}
	for i, p := range s.SearchPath {
		if p == schema {
			return i + 1
		}
	}
	return -1
}

// methodObject is an operator class or family as visibility sees it.
type methodObject struct {
	oid, method uint32
	schema      string
	name        string
}

// OpclassVisible is pg_opclass_is_visible: the class is found by its
// bare name for its access method, no class of that name and method
// coming earlier in the search path. ok is false for an unknown OID.
func (s *State) OpclassVisible(oid uint32) (visible, ok bool) {
	var all []methodObject
	for _, o := range opclasses {
		all = append(all, methodObject{o.oid, o.method, "pg_catalog", o.name})
	}
	for _, ie := range s.Catalog.Extensions() {
		if e, ok := extensions.Lookup(ie.Name); ok {
			for _, oc := range e.OpClasses {
				all = append(all, methodObject{extOpclassOID(ie.Schema, oc.Method, oc.Name), extAmOID(oc.Method), ie.Schema, oc.Name})
			}
		}
	}
	for _, o := range s.Catalog.OpClasses() {
		all = append(all, methodObject{o.OID, extAmOID(o.Method), o.Schema, o.Name})
	}
	return s.methodObjectVisible(all, oid)
}

// OpfamilyVisible is pg_opfamily_is_visible, as OpclassVisible.
func (s *State) OpfamilyVisible(oid uint32) (visible, ok bool) {
	var all []methodObject
	for _, f := range builtinOpfamilies {
		all = append(all, methodObject{f.oid, f.method, "pg_catalog", f.name})
	}
	for _, f := range s.Catalog.OpFamilies() {
		all = append(all, methodObject{f.OID, extAmOID(f.Method), f.Schema, f.Name})
	}
	for _, ie := range s.Catalog.Extensions() {
		for _, oc := range extOpfamilies(ie) {
			all = append(all, methodObject{extOpfamilyOID(ie.Schema, oc.Method, oc.FamilyName()), extAmOID(oc.Method), ie.Schema, oc.FamilyName()})
		}
	}
	return s.methodObjectVisible(all, oid)
}

func (s *State) methodObjectVisible(all []methodObject, oid uint32) (bool, bool) {
	for _, o := range all {
		if o.oid != oid {
			continue
		}
		rank := s.searchRank(o.schema)
		if rank < 0 {
			return false, true
		}
		for _, p := range all {
			if p.oid != o.oid && p.method == o.method && p.name == o.name {
				if r := s.searchRank(p.schema); r >= 0 && r < rank {
					return false, true
				}
			}
		}
		return true, true
	}
	return false, false
}

// operatorProc is oprcode of a user operator: its function's regproc
// name, or "-" when the name is overloaded (this engine's regproc is its
// text, which pg_dump's oprcode::oid could not resolve then).
func (s *State) operatorProc(oid uint32) string {
	f, ok := s.Catalog.FunctionByOID(oid)
	if !ok {
		return s.procName(oid)
	}
	if len(s.Catalog.Functions(catalog.QName{Schema: f.Schema, Name: f.Name})) > 1 {
		return "-"
	}
	return s.procName(oid)
}

// BuiltinOpclassIntype is one of PostgreSQL's operator classes as
// CREATE INDEX resolves a key part's class: its name, input type and
// whether it is its type's default.
type BuiltinOpclassIntype struct {
	Name    string
	InType  uint32
	Default bool
}

// BuiltinOpclasses lists PostgreSQL's operator classes of access method
// method.
func BuiltinOpclasses(method string) []BuiltinOpclassIntype {
	am := extAmOID(method)
	var out []BuiltinOpclassIntype
	for _, o := range opclasses {
		if o.method == am {
			out = append(out, BuiltinOpclassIntype{Name: o.name, InType: o.intype, Default: o.def})
		}
	}
	return out
}
