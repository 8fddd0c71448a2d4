package catalog

import (
	"fmt"
	"sort"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Image is a catalog written down as plain data (no pointers, no
// closures), so the engine can embed the bootstrapped catalog as Go source
// and build it back at the first Open without running SQL
// (engine/internal/session/bootstrap_image.go). Types are referenced by OID and typmod:
// built-in types resolve through types.ByOID, user types through Types.
//
// Image and FromImage cover every field of a Catalog; a catalog holding
// what they cannot write down (a domain's compiled checks) fails Image.
type Image struct {
	NextOID    uint32
	Types      []ImageType
	Sequences  []ImageSequence
	Views      []ImageView
	Comments   []KeyText
	Extensions []Extension
	// Publications by name (publications.go)
	Publications []Publication
	Functions    []ImageFunction
	FuncNames    []NameCount
	Triggers     []Trigger
	Operators    []ImageOperator

	HasSecurity bool // false: the security state of a new catalog
	Roles       []Role
	Members     []Membership
	Owners      []KeyText
	ACLs        []KeyACL
	ParamOIDs   []NameOID // pg_parameter_acl rows (parameter_acl.go)
	// FKTriggersOff are tables whose foreign key triggers are disabled
	// (system_triggers.go)
	FKTriggersOff []QName
	Defaults      []DefaultACL
	RLS           []TableRowSecurity
	Policies      []Policy
	RoleOID       uint32
	DBSettings    []string
	AllSettings   []string
	Invoker       []TableText
	CheckOption   []TableText // views' WITH CHECK OPTION
	Matviews      []TableText // materialized views' queries (matviews.go)
	Rules         []Rule      // rewrite rules (rules.go)
	Deferrable    []KeyBool   // deferrable constraints (deferrable.go)
	Exclusions    []Exclusion // exclusion constraints (exclusions.go)
	// EventTriggers by name (event_triggers.go)
	EventTriggers []EventTrigger
	// OpFamilies and OpClasses are the user operator families and
	// classes (opclasses.go)
	OpFamilies []OpFamily
	OpClasses  []OpClass
	// Statistics are the extended statistics objects (statistics.go)
	Statistics []StatisticsObject
	// Casts are the user casts (casts.go)
	Casts []Cast
	// TextSearch is the user text search objects (textsearch.go), nil
	// when none
	TextSearch *TextSearch
	// Foreign is the foreign-data objects (foreign.go), nil when none
	Foreign *ForeignData
	// Inherits and PartitionKeys are table inheritance (inherits.go)
	Inherits      []Inheritance
	PartitionKeys []PartitionKey
	// IndexLinks are attached indexes and InvalidIndexes the partitioned
	// indexes not yet valid (index_inherits.go)
	IndexLinks     []IndexLink
	InvalidIndexes []ObjectKey
	// ColumnSettings are columns' statistics targets and options
	// (column_stats.go)
	ColumnSettings []ColumnSetting
	// LargeObjects are the large objects (largeobjects.go)
	LargeObjects []ImageLargeObject
}

// The catalog's maps are written as slices sorted by key (a Go map
// literal would be built by package initialization in every process);
// a nil slice is a nil map, an empty one an empty map.

// KeyText is an entry of a map from ObjectKey to string.
type KeyText struct {
	Key  ObjectKey
	Text string
}

// KeyACL is an entry of the ACL map.
type KeyACL struct {
	Key ObjectKey
	ACL ACL
}

// DefaultACL is an entry of the default privileges map.
type DefaultACL struct {
	Key DefaultKey
	ACL ACL
}

// TableRowSecurity is an entry of the row security map.
type TableRowSecurity struct {
	Table QName
	RLS   RowSecurity
}

// TableText is an entry of a map from QName to string.
type TableText struct {
	Table QName
	Text  string
}

// NameCount is an entry of a map from name to count.
type NameCount struct {
	Name  string
	Count int
}

// NameOID is a name with its OID.
type NameOID struct {
	Name string
	OID  uint32
}

func mapEntries[K comparable, V, E any](m map[K]V, entry func(K, V) E, less func(a, b K) bool) []E {
	if m == nil {
		return nil
	}
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return less(keys[i], keys[j]) })
	out := make([]E, len(keys))
	for i, k := range keys {
		out[i] = entry(k, m[k])
	}
	return out
}

func entriesMap[K comparable, V, E any](es []E, kv func(E) (K, V)) map[K]V {
	if es == nil {
		return nil
	}
	m := make(map[K]V, len(es))
	for _, e := range es {
		k, v := kv(e)
		m[k] = v
	}
	return m
}

func lessObjectKey(a, b ObjectKey) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Schema != b.Schema {
		return a.Schema < b.Schema
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return a.Column < b.Column
}

func lessQName(a, b QName) bool {
	if a.Schema != b.Schema {
		return a.Schema < b.Schema
	}
	return a.Name < b.Name
}

// TypeRef names a type by OID and typmod; OID 0 is no type (nil).
type TypeRef struct {
	OID uint32
	Mod int32
	// Row is set for a table's or view's row type (`returns setof
	// todos`), which is not a catalog type: it is written out whole.
	Row *RowRef
}

// RowRef is a relation's row type as a function signature holds it.
type RowRef struct {
	Schema, Name string
	Fields       []FieldRef
}

// FieldRef is one field of a RowRef.
type FieldRef struct {
	Name string
	Type TypeRef
}

// ImageType is a TypeDef with its type written out.
type ImageType struct {
	Kind      types.Kind
	OID       uint32
	Name      string
	SQLName   string
	Category  byte
	Preferred bool
	Mod       int32
	Elem      TypeRef
	ArrayOID  uint32
	Schema    string
	Labels    []string
	Len       int16
	Domain    TypeRef
	RelOID    uint32
	Fields    []ImageField
	RangeSub  TypeRef

	NotNull    bool
	Checks     []Check
	Default    string
	NextAttnum int16
	EnumOrders []float32
}

// ImageField is a field of a composite type.
type ImageField struct {
	Name   string
	Type   TypeRef
	Attnum int16
}

// ImageSequence is a Sequence with its type written out.
type ImageSequence struct {
	OID              uint32
	Schema, Name     string
	Type             TypeRef
	Start, Increment int64
	Min, Max         int64
	Cycle            bool
	HasOwner         bool
	OwnedBy          ColumnRef
	Identity         byte
}

// ImageView is a View with its column types written out.
type ImageView struct {
	OID          uint32
	Schema, Name string
	Query        string
	Columns      []string
	Types        []TypeRef
	Tables       []QName
}

// ImageArg is a function argument with its type written out.
type ImageArg struct {
	Name    string
	Mode    ArgMode
	Type    TypeRef
	Default string
}

// ImageFunction is a Function with its types written out.
type ImageFunction struct {
	OID             uint32
	Schema, Name    string
	Kind            RoutineKind
	Args            []ImageArg
	Result          TypeRef
	ReturnsSet      bool
	Language        string
	Module          string
	Body            string
	SQLBody         bool
	Volatility      Volatility
	Strict          bool
	SecurityDefiner bool
	Leakproof       bool
	Parallel        byte
	Config          []string
	Cost            float64
	Rows            float64
	Owner           string
	Agg             *ImageAggregate
}

// Image writes c down. Slices are sorted (by name or OID) so the same
// catalog always gives the same image.
func (c *Catalog) Image() (Image, error) {
	img := Image{NextOID: c.nextOID,
		Comments:  commentEntries(c.comments.sorted()),
		FuncNames: mapEntries(c.funcNames, func(k string, v int) NameCount { return NameCount{k, v} }, func(a, b string) bool { return a < b }),
	}
	var ref func(t *types.Type) (TypeRef, error)
	ref = func(t *types.Type) (TypeRef, error) {
		if t == nil {
			return TypeRef{}, nil
		}
		if t.IsTableRowType() {
			row := &RowRef{Schema: t.Schema, Name: t.Name}
			for _, f := range t.Fields {
				fr, err := ref(f.Type)
				if err != nil {
					return TypeRef{}, err
				}
				row.Fields = append(row.Fields, FieldRef{Name: f.Name, Type: fr})
			}
			return TypeRef{OID: t.OID, Mod: t.Mod, Row: row}, nil
		}
		if _, ok := types.ByOID(t.OID); !ok && pseudoType(t.OID) == nil {
			if _, ok := c.TypeByOID(t.OID); !ok {
				return TypeRef{}, fmt.Errorf("catalog: image: type %s (OID %d) is not a built-in or user type; the image cannot refer to it", t.Name, t.OID)
			}
		}
		return TypeRef{OID: t.OID, Mod: t.Mod}, nil
	}
	var err error
	for _, q := range sortedKeys(c.types) {
		d := c.types[q]
		t := d.Type
		if t.Check != nil && !c.DomainConstrained(d) {
			// a domain's compiled check is rebuilt from its and its base
			// domains' constraints on load (CompiledDomains); one without
			// them cannot be
			return Image{}, fmt.Errorf("catalog: image: type %s has a compiled check without constraints; the image cannot hold it", q)
		}
		it := ImageType{Kind: t.Kind, OID: t.OID, Name: t.Name, SQLName: t.SQLName, Category: t.Category,
			Preferred: t.Preferred, Mod: t.Mod, ArrayOID: t.ArrayOID, Schema: t.Schema, Labels: t.Labels, Len: t.Len,
			RelOID: t.RelOID, NotNull: d.NotNull, Checks: d.Checks, Default: d.Default, NextAttnum: d.NextAttnum, EnumOrders: t.EnumOrders}
		if it.Elem, err = ref(t.Elem); err != nil {
			return Image{}, err
		}
		if it.Domain, err = ref(t.Domain); err != nil {
			return Image{}, err
		}
		if it.RangeSub, err = ref(t.RangeSub); err != nil {
			return Image{}, err
		}
		for _, f := range t.Fields {
			fr, err := ref(f.Type)
			if err != nil {
				return Image{}, err
			}
			it.Fields = append(it.Fields, ImageField{Name: f.Name, Type: fr, Attnum: f.Attnum})
		}
		img.Types = append(img.Types, it)
	}
	for _, q := range sortedKeys(c.sequences) {
		s := c.sequences[q]
		is := ImageSequence{OID: s.OID, Schema: s.Schema, Name: s.Name, Start: s.Start, Increment: s.Increment,
			Min: s.Min, Max: s.Max, Cycle: s.Cycle, Identity: s.Identity}
		if is.Type, err = ref(s.Type); err != nil {
			return Image{}, err
		}
		if s.OwnedBy != nil {
			is.HasOwner, is.OwnedBy = true, *s.OwnedBy
		}
		img.Sequences = append(img.Sequences, is)
	}
	for _, q := range sortedKeys(c.views) {
		v := c.views[q]
		iv := ImageView{OID: v.OID, Schema: v.Schema, Name: v.Name, Query: v.Query, Columns: v.Columns, Tables: v.Tables}
		for _, t := range v.Types {
			r, err := ref(t)
			if err != nil {
				return Image{}, err
			}
			iv.Types = append(iv.Types, r)
		}
		img.Views = append(img.Views, iv)
	}
	for _, name := range sortedNames(c.extensions) {
		img.Extensions = append(img.Extensions, *c.extensions[name])
	}
	img.Matviews = c.Matviews()
	for _, r := range c.AllRules() {
		img.Rules = append(img.Rules, *r)
	}
	img.Deferrable = c.DeferrableConstraints()
	img.Exclusions = c.AllExclusions()
	img.Inherits, img.PartitionKeys = inheritanceImage(c)
	img.IndexLinks, img.InvalidIndexes = c.IndexLinks(), c.InvalidIndexes()
	img.ColumnSettings = c.ColumnSettings()
	img.EventTriggers = c.eventTriggerImage()
	img.OpFamilies, img.OpClasses = c.OpFamilies(), c.OpClasses()
	img.Statistics = c.statistics
	img.LargeObjects = c.largeObjectImage()
	img.Casts = c.casts
	img.TextSearch = c.textSearch
	for _, p := range c.Publications() {
		img.Publications = append(img.Publications, *p)
	}
	if c.foreign != nil {
		f := *c.foreign
		img.Foreign = &f
	}
	for _, q := range sortedKeys(c.functions) {
		for _, f := range c.functions[q] {
			fi := ImageFunction{OID: f.OID, Schema: f.Schema, Name: f.Name, Kind: f.Kind, ReturnsSet: f.ReturnsSet,
				Language: f.Language, Module: f.Module, Body: f.Body, SQLBody: f.SQLBody, Volatility: f.Volatility, Strict: f.Strict,
				SecurityDefiner: f.SecurityDefiner, Leakproof: f.Leakproof, Parallel: f.Parallel, Config: f.Config, Cost: f.Cost, Rows: f.Rows, Owner: f.Owner}
			if fi.Result, err = ref(f.Result); err != nil {
				return Image{}, err
			}
			if fi.Agg, err = imageAggregate(f.Agg, ref); err != nil {
				return Image{}, err
			}
			for _, a := range f.Args {
				r, err := ref(a.Type)
				if err != nil {
					return Image{}, err
				}
				fi.Args = append(fi.Args, ImageArg{Name: a.Name, Mode: a.Mode, Type: r, Default: a.Default})
			}
			img.Functions = append(img.Functions, fi)
		}
	}
	for _, q := range sortedKeys(c.triggers) {
		for _, t := range c.triggers[q] {
			img.Triggers = append(img.Triggers, *t)
		}
	}
	for _, o := range c.AllOperators() {
		io := ImageOperator{OID: o.OID, Schema: o.Schema, Name: o.Name, Proc: o.Proc, Commutator: o.Commutator,
			Negator: o.Negator, Restrict: o.Restrict, Join: o.Join, Owner: o.Owner, HashesOK: o.HashesOK, MergesOK: o.MergesOK}
		if io.Left, err = ref(o.Left); err != nil {
			return Image{}, err
		}
		if io.Right, err = ref(o.Right); err != nil {
			return Image{}, err
		}
		if io.Result, err = ref(o.Result); err != nil {
			return Image{}, err
		}
		img.Operators = append(img.Operators, io)
	}
	if s := c.security; s != nil {
		img.HasSecurity = true
		for _, name := range sortedNames(s.roles) {
			img.Roles = append(img.Roles, *s.roles[name])
		}
		for _, m := range s.members {
			img.Members = append(img.Members, m)
		}
		sort.Slice(img.Members, func(i, j int) bool {
			a, b := img.Members[i], img.Members[j]
			if a.Role != b.Role {
				return a.Role < b.Role
			}
			return a.Member < b.Member
		})
		img.Owners = mapEntries(s.owners, func(k ObjectKey, v string) KeyText { return KeyText{k, v} }, lessObjectKey)
		img.ACLs = mapEntries(s.acls, func(k ObjectKey, v ACL) KeyACL { return KeyACL{k, v} }, lessObjectKey)
		for _, name := range sortedNames(s.paramOIDs) {
			img.ParamOIDs = append(img.ParamOIDs, NameOID{name, s.paramOIDs[name]})
		}
		if len(s.fkTriggersOff) > 0 {
			img.FKTriggersOff = sortedKeys(s.fkTriggersOff)
		}
		img.Defaults = mapEntries(s.defaults, func(k DefaultKey, v ACL) DefaultACL { return DefaultACL{k, v} }, func(a, b DefaultKey) bool {
			if a.Role != b.Role {
				return a.Role < b.Role
			}
			if a.Schema != b.Schema {
				return a.Schema < b.Schema
			}
			return a.ObjType < b.ObjType
		})
		img.RLS = mapEntries(s.rls, func(k QName, v RowSecurity) TableRowSecurity { return TableRowSecurity{k, v} }, lessQName)
		img.Invoker = mapEntries(s.invoker, func(k QName, v string) TableText { return TableText{k, v} }, lessQName)
		img.CheckOption = mapEntries(s.checkOption, func(k QName, v string) TableText { return TableText{k, v} }, lessQName)
		for _, q := range sortedKeys(s.policies) {
			for _, p := range s.policies[q] {
				img.Policies = append(img.Policies, *p)
			}
		}
		img.RoleOID, img.DBSettings, img.AllSettings = s.roleOID, s.dbSettings, s.allSettings
	}
	return img, nil
}

// FromImage builds the catalog img was written from. The catalog shares
// img's slices (immutable once in a catalog): img must not be changed.
func FromImage(img Image) (*Catalog, error) {
	c := &Catalog{nextOID: img.NextOID,
		comments:  commentsOfImage(img.Comments),
		shape:     &shape{},
		funcNames: entriesMap(img.FuncNames, func(e NameCount) (string, int) { return e.Name, e.Count }),
	}
	user := make(map[uint32]*types.Type, len(img.Types))
	var resolve func(r TypeRef) (*types.Type, error)
	resolve = func(r TypeRef) (*types.Type, error) {
		if r.OID == 0 {
			return nil, nil
		}
		if r.Row != nil {
			fields := make([]types.Field, len(r.Row.Fields))
			for i, f := range r.Row.Fields {
				ft, err := resolve(f.Type)
				if err != nil {
					return nil, err
				}
				fields[i] = types.Field{Name: f.Name, Type: ft}
			}
			return types.RowType(r.Row.Schema, r.Row.Name, fields), nil
		}
		t, ok := types.ByOID(r.OID)
		if !ok {
			t = pseudoType(r.OID)
			ok = t != nil
		}
		if !ok {
			if t, ok = user[r.OID]; !ok {
				for _, it := range img.Types {
					if it.ArrayOID == r.OID {
						if e, ok := user[it.OID]; ok {
							t = types.ArrayOf(e)
						}
					}
				}
				if t == nil {
					return nil, fmt.Errorf("catalog: image: unknown type OID %d", r.OID)
				}
			}
		}
		return t.WithMod(r.Mod), nil
	}
	if len(img.Types) > 0 {
		c.types = make(map[QName]*TypeDef, len(img.Types))
	}
	// Types may reference each other (a domain over an enum, a composite
	// with enum fields): build them in two passes.
	for _, it := range img.Types {
		t := &types.Type{Kind: it.Kind, OID: it.OID, Name: it.Name, SQLName: it.SQLName, Category: it.Category,
			Preferred: it.Preferred, Mod: it.Mod, ArrayOID: it.ArrayOID, Schema: it.Schema, Labels: it.Labels,
			Len: it.Len, RelOID: it.RelOID, EnumOrders: it.EnumOrders}
		if it.Kind == types.KindExt && it.Domain.OID == 0 {
			// an extension base type's behaviour is Go code found by name
			// (a domain over one, such as CREATE DOMAIN email AS citext,
			// has its kind and reaches that code through its base type)
			if t.Ext, _ = types.ExtBaseNamed(it.Name); t.Ext == nil {
				return nil, fmt.Errorf("catalog: image: no implementation of extension base type %s", it.Name)
			}
		}
		user[it.OID] = t
		c.types[QName{it.Schema, it.Name}] = &TypeDef{Type: t, NotNull: it.NotNull, Checks: it.Checks, Default: it.Default, NextAttnum: it.NextAttnum}
	}
	var err error
	for _, it := range img.Types {
		t := user[it.OID]
		if t.Elem, err = resolve(it.Elem); err != nil {
			return nil, err
		}
		if t.Domain, err = resolve(it.Domain); err != nil {
			return nil, err
		}
		if t.RangeSub, err = resolve(it.RangeSub); err != nil {
			return nil, err
		}
		for _, f := range it.Fields {
			ft, err := resolve(f.Type)
			if err != nil {
				return nil, err
			}
			t.Fields = append(t.Fields, types.Field{Name: f.Name, Type: ft, Attnum: f.Attnum})
		}
	}
	if len(img.Sequences) > 0 {
		c.sequences = make(map[QName]*Sequence, len(img.Sequences))
	}
	for _, is := range img.Sequences {
		s := &Sequence{OID: is.OID, Schema: is.Schema, Name: is.Name, Start: is.Start, Increment: is.Increment,
			Min: is.Min, Max: is.Max, Cycle: is.Cycle, Identity: is.Identity}
		if s.Type, err = resolve(is.Type); err != nil {
			return nil, err
		}
		if is.HasOwner {
			o := is.OwnedBy
			s.OwnedBy = &o
		}
		c.sequences[QName{is.Schema, is.Name}] = s
	}
	if len(img.Views) > 0 {
		c.views = make(map[QName]*View, len(img.Views))
	}
	for _, iv := range img.Views {
		v := &View{OID: iv.OID, Schema: iv.Schema, Name: iv.Name, Query: iv.Query, Columns: iv.Columns, Tables: iv.Tables}
		for _, r := range iv.Types {
			t, err := resolve(r)
			if err != nil {
				return nil, err
			}
			v.Types = append(v.Types, t)
		}
		c.views[QName{iv.Schema, iv.Name}] = v
	}
	if len(img.Extensions) > 0 {
		c.extensions = make(map[string]*Extension, len(img.Extensions))
	}
	for i := range img.Extensions {
		x := img.Extensions[i]
		c.extensions[x.Name] = &x
	}
	for i := range img.Rules {
		r := img.Rules[i]
		if c.rules == nil {
			c.rules = map[QName][]*Rule{}
		}
		c.rules[r.Table] = append(c.rules[r.Table], &r)
	}
	if img.Matviews != nil {
		c.matviews = entriesMap(img.Matviews, func(e TableText) (QName, string) { return e.Table, e.Text })
	}
	c.statistics = img.Statistics
	c.largeObjects = largeObjectsFromImage(img.LargeObjects)
	c.casts = img.Casts
	c.textSearch = img.TextSearch
	if img.OpFamilies != nil || img.OpClasses != nil {
		c.opclasses = &opclassSet{Families: img.OpFamilies, Classes: img.OpClasses}
	}
	if img.EventTriggers != nil {
		c.eventTriggers = make(map[string]*EventTrigger, len(img.EventTriggers))
		for i := range img.EventTriggers {
			t := img.EventTriggers[i]
			c.eventTriggers[t.Name] = &t
		}
	}
	c.inheritanceFromImage(img.Inherits, img.PartitionKeys)
	c.indexLinksFromImage(img.IndexLinks, img.InvalidIndexes) // index_inherits.go
	if img.ColumnSettings != nil {
		c.colSettings = entriesMap(img.ColumnSettings, func(e ColumnSetting) (ObjectKey, ColumnSetting) { return e.Key, e })
	}
	if img.Exclusions != nil {
		c.exclusions = entriesMap(img.Exclusions, func(e Exclusion) (ObjectKey, Exclusion) { return e.Key, e })
	}
	if img.Deferrable != nil {
		c.deferrable = entriesMap(img.Deferrable, func(e KeyBool) (ObjectKey, bool) { return e.Key, e.On })
	}
	if len(img.Publications) > 0 {
		c.publications = make(map[string]*Publication, len(img.Publications))
	}
	for i := range img.Publications {
		p := img.Publications[i]
		c.publications[p.Name] = &p
	}
	if img.Foreign != nil {
		f := *img.Foreign
		c.foreign = &f
	}
	if len(img.Functions) > 0 {
		c.functions = make(map[QName][]*Function)
	}
	for _, fi := range img.Functions {
		f := &Function{OID: fi.OID, Schema: fi.Schema, Name: fi.Name, Kind: fi.Kind, ReturnsSet: fi.ReturnsSet,
			Language: fi.Language, Module: fi.Module, Body: fi.Body, SQLBody: fi.SQLBody, Volatility: fi.Volatility, Strict: fi.Strict,
			SecurityDefiner: fi.SecurityDefiner, Leakproof: fi.Leakproof, Parallel: fi.Parallel, Config: fi.Config, Cost: fi.Cost, Rows: fi.Rows, Owner: fi.Owner}
		if f.Result, err = resolve(fi.Result); err != nil {
			return nil, err
		}
		if f.Agg, err = fromImageAggregate(fi.Agg, resolve); err != nil {
			return nil, err
		}
		for _, a := range fi.Args {
			t, err := resolve(a.Type)
			if err != nil {
				return nil, err
			}
			f.Args = append(f.Args, Arg{Name: a.Name, Mode: a.Mode, Type: t, Default: a.Default})
		}
		q := QName{fi.Schema, fi.Name}
		c.functions[q] = append(c.functions[q], f)
	}
	if len(img.Operators) > 0 {
		c.operators = make(map[string][]*Operator)
	}
	for _, io := range img.Operators {
		o := &Operator{OID: io.OID, Schema: io.Schema, Name: io.Name, Proc: io.Proc, Commutator: io.Commutator,
			Negator: io.Negator, Restrict: io.Restrict, Join: io.Join, Owner: io.Owner, HashesOK: io.HashesOK, MergesOK: io.MergesOK}
		if o.Left, err = resolve(io.Left); err != nil {
			return nil, err
		}
		if o.Right, err = resolve(io.Right); err != nil {
			return nil, err
		}
		if o.Result, err = resolve(io.Result); err != nil {
			return nil, err
		}
		c.operators[io.Name] = append(c.operators[io.Name], o)
	}
	if len(img.Triggers) > 0 {
		c.triggers = make(map[QName][]*Trigger)
	}
	for i := range img.Triggers {
		t := img.Triggers[i]
		c.triggers[t.Table] = append(c.triggers[t.Table], &t)
	}
	if img.HasSecurity {
		s := &security{roles: make(map[string]*Role, len(img.Roles)), members: make(map[memberKey]Membership, len(img.Members)),
			owners:      entriesMap(img.Owners, func(e KeyText) (ObjectKey, string) { return e.Key, e.Text }),
			acls:        entriesMap(img.ACLs, func(e KeyACL) (ObjectKey, ACL) { return e.Key, e.ACL }),
			defaults:    entriesMap(img.Defaults, func(e DefaultACL) (DefaultKey, ACL) { return e.Key, e.ACL }),
			rls:         entriesMap(img.RLS, func(e TableRowSecurity) (QName, RowSecurity) { return e.Table, e.RLS }),
			invoker:     entriesMap(img.Invoker, func(e TableText) (QName, string) { return e.Table, e.Text }),
			checkOption: entriesMap(img.CheckOption, func(e TableText) (QName, string) { return e.Table, e.Text }),
			roleOID:     img.RoleOID, dbSettings: img.DBSettings, allSettings: img.AllSettings}
		for _, q := range img.FKTriggersOff {
			if s.fkTriggersOff == nil {
				s.fkTriggersOff = map[QName]bool{}
			}
			s.fkTriggersOff[q] = true
		}
		for _, p := range img.ParamOIDs {
			if s.paramOIDs == nil {
				s.paramOIDs = map[string]uint32{}
			}
			s.paramOIDs[p.Name] = p.OID
		}
		for i := range img.Roles {
			r := img.Roles[i]
			s.roles[r.Name] = &r
		}
		for _, m := range img.Members {
			s.members[memberKey{m.Role, m.Member}] = m
		}
		if len(img.Policies) > 0 {
			s.policies = make(map[QName][]*Policy)
		}
		for i := range img.Policies {
			p := img.Policies[i]
			s.policies[p.Table] = append(s.policies[p.Table], &p)
		}
		c.security = s
	}
	return c, nil
}

// pseudoType returns the pseudo-types routines are declared with, which
// types.ByOID does not hold: the very values the catalog uses.
func pseudoType(oid uint32) *types.Type {
	t, _ := types.PseudoByOID(oid)
	return t
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
