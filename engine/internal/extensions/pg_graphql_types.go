package extensions

import (
	"sort"
)

// gqlTypeRef is a reference to a type: a named type (kind empty), or a
// NON_NULL / LIST wrapper of another reference.
type gqlTypeRef struct {
	kind string
	name string
	of   *gqlTypeRef
}

func named(n string) *gqlTypeRef        { return &gqlTypeRef{name: n} }
func nonNull(r *gqlTypeRef) *gqlTypeRef { return &gqlTypeRef{kind: "NON_NULL", of: r} }
func listOf(r *gqlTypeRef) *gqlTypeRef  { return &gqlTypeRef{kind: "LIST", of: r} }

// gqlType is one type of the schema as introspection shows it.
type gqlType struct {
	kind, name, description string
	fields                  []*gqlField
	inputFields             []*gqlInput
	interfaces              []string
	possibleTypes           []string
	enumValues              []gqlEnumValue
}

type gqlField struct {
	name, description string
	args              []*gqlInput
	typ               *gqlTypeRef
}

type gqlInput struct {
	name, description string
	typ               *gqlTypeRef
	def               string // GraphQL literal of the default, "" for none
}

type gqlEnumValue struct{ name, description string }

type gqlDirectiveDef struct {
	name, description string
	locations         []string
	args              []*gqlInput
}

// gqlTypes is the full type system pg_graphql builds for a reflected
// schema, in the order __schema lists it (by name).
type gqlTypes struct {
	list       []*gqlType
	byName     map[string]*gqlType
	directives []gqlDirectiveDef
	mutation   bool
}

func (ts *gqlTypes) add(t *gqlType) {
	if _, dup := ts.byName[t.name]; dup {
		return
	}
	ts.byName[t.name] = t
	ts.list = append(ts.list, t)
}

// gqlScalars are pg_graphql's scalars with their descriptions.
var gqlScalars = [][2]string{
	{"BigFloat", "A high precision floating point value represented as a string"},
	{"BigInt", "An arbitrary size integer represented as a string"},
	{"Boolean", "A value that is true or false"},
	{"Cursor", "An opaque string using for tracking a position in results during pagination"},
	{"Date", "A date without time information"},
	{"Datetime", "A date and time"},
	{"Float", "A scalar floating point value up to 32 bits"},
	{"ID", "A globally unique identifier for a given record"},
	{"Int", "A scalar integer up to 32 bits"},
	{"JSON", "A Javascript Object Notation value serialized as a string"},
	{"Opaque", "Any type not handled by the type system"},
	{"String", "A string"},
	{"Time", "A time without date information"},
	{"UUID", "A universally unique identifier"},
}

// gqlScalarOps are the operators of each scalar's <Scalar>Filter.
var gqlScalarOps = map[string][]string{
	"BigFloat": {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"BigInt":   {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"Boolean":  {"eq", "is"},
	"Date":     {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"Datetime": {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"Float":    {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"ID":       {"eq"},
	"Int":      {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"Opaque":   {"eq", "is"},
	"String":   {"eq", "gt", "gte", "ilike", "in", "iregex", "is", "like", "lt", "lte", "neq", "regex", "startsWith"},
	"Time":     {"eq", "gt", "gte", "in", "is", "lt", "lte", "neq"},
	"UUID":     {"eq", "in", "is", "neq"},
}

// gqlScalarOf maps a PostgreSQL type name (pg_type.typname) to the
// scalar pg_graphql reflects it as.
func gqlScalarOf(typName string) string {
	switch typName {
	case "int2", "int4":
		return "Int"
	case "int8":
		return "BigInt"
	case "float4", "float8":
		return "Float"
	case "numeric":
		return "BigFloat"
	case "bool":
		return "Boolean"
	case "text", "varchar", "bpchar", "char", "citext":
		return "String"
	case "date":
		return "Date"
	case "time":
		return "Time"
	case "timestamp", "timestamptz":
		return "Datetime"
	case "uuid":
		return "UUID"
	case "json", "jsonb":
		return "JSON"
	}
	return "Opaque"
}

// baseType is the named GraphQL type of a column's values (an enum's
// type or a scalar).
func (c *gqlCol) baseType() string {
	if c.enum != nil {
		return c.enum.typeName
	}
	return gqlScalarOf(c.typName)
}

// outType is the column's type as a field: a list for arrays, non-null
// for NOT NULL columns.
func (c *gqlCol) outType() *gqlTypeRef {
	r := named(c.baseType())
	if c.array {
		r = listOf(r)
	}
	if c.notNull {
		r = nonNull(r)
	}
	return r
}

// inType is the column's type in insert and update inputs: always
// nullable.
func (c *gqlCol) inType() *gqlTypeRef {
	r := named(c.baseType())
	if c.array {
		r = listOf(r)
	}
	return r
}

// filterType is the <X>Filter of the column, "" when it cannot be
// filtered on (json, jsonb).
func (c *gqlCol) filterType() string {
	b := c.baseType()
	if b == "JSON" {
		return ""
	}
	if c.array {
		if c.enum != nil {
			return ""
		}
		return b + "ListFilter"
	}
	return b + "Filter"
}

// hasFilterOp reports whether op is a field of the column's filter type.
func (c *gqlCol) hasFilterOp(op string) bool {
	var ops []string
	switch {
	case c.array:
		ops = []string{"containedBy", "contains", "eq", "is", "overlaps"}
	case c.enum != nil:
		ops = []string{"eq", "in", "is", "neq"}
	default:
		ops = gqlScalarOps[c.baseType()]
	}
	for _, o := range ops {
		if o == op {
			return true
		}
	}
	return false
}

func (c *gqlCol) orderable() bool { return !c.array && c.baseType() != "JSON" }

const (
	descAnd       = "Returns true only if all its inner filters are true, otherwise returns false"
	descOr        = "Returns true if at least one of its inner filters is true, otherwise returns false"
	descAtMost    = "The maximum number of records in the collection permitted to be affected"
	descFilterMut = "Restricts the mutation's impact to records matching the criteria"
)

// collectionArgs are the arguments of every <table>Collection field.
func collectionArgs(t *gqlTable) []*gqlInput {
	return []*gqlInput{
		{name: "first", description: "Query the first `n` records in the collection", typ: named("Int")},
		{name: "last", description: "Query the last `n` records in the collection", typ: named("Int")},
		{name: "before", description: "Query values in the collection before the provided cursor", typ: named("Cursor")},
		{name: "after", description: "Query values in the collection after the provided cursor", typ: named("Cursor")},
		{name: "offset", description: "Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.", typ: named("Int")},
		{name: "filter", description: "Filters to apply to the results set when querying from the collection", typ: named(t.typeName + "Filter")},
		{name: "orderBy", description: "Sort order to apply to the collection", typ: listOf(nonNull(named(t.typeName + "OrderBy")))},
	}
}

// types builds the type system of s as pg_graphql 1.5 does.
func (s *gqlSchema) types() *gqlTypes {
	ts := &gqlTypes{byName: map[string]*gqlType{}}
	query := &gqlType{kind: "OBJECT", name: "Query", description: "The root type for querying data"}
	mutation := &gqlType{kind: "OBJECT", name: "Mutation", description: "The root type for creating and mutating data"}
	node := &gqlType{kind: "INTERFACE", name: "Node", fields: []*gqlField{
		{name: "nodeId", description: "Retrieves a record by `ID`", typ: nonNull(named("ID"))}}}
	for _, t := range s.tables {
		s.tableTypes(ts, t)
		node.possibleTypes = append(node.possibleTypes, t.typeName)
		query.fields = append(query.fields, &gqlField{name: lowerFirst(t.typeName) + "Collection",
			description: "A pagable collection of type `" + t.typeName + "`",
			args:        collectionArgs(t), typ: named(t.typeName + "Connection")})
		if len(t.insertCols()) > 0 {
			mutation.fields = append(mutation.fields, &gqlField{name: "insertInto" + t.typeName + "Collection",
				description: "Adds one or more `" + t.typeName + "` records to the collection",
				args:        []*gqlInput{{name: "objects", typ: nonNull(listOf(nonNull(named(t.typeName + "InsertInput"))))}},
				typ:         named(t.typeName + "InsertResponse")})
		}
		if len(t.updateCols()) > 0 {
			mutation.fields = append(mutation.fields, &gqlField{name: "update" + t.typeName + "Collection",
				description: "Updates zero or more records in the `" + t.typeName + "` collection",
				args: []*gqlInput{
					{name: "set", description: "Fields that are set will be updated for all records matching the `filter`", typ: nonNull(named(t.typeName + "UpdateInput"))},
					{name: "filter", description: descFilterMut, typ: named(t.typeName + "Filter")},
					{name: "atMost", description: descAtMost, typ: nonNull(named("Int")), def: "1"},
				},
				typ: nonNull(named(t.typeName + "UpdateResponse"))})
		}
		if t.canDelete {
			mutation.fields = append(mutation.fields, &gqlField{name: "deleteFrom" + t.typeName + "Collection",
				description: "Deletes zero or more records from the `" + t.typeName + "` collection",
				args: []*gqlInput{
					{name: "filter", description: descFilterMut, typ: named(t.typeName + "Filter")},
					{name: "atMost", description: descAtMost, typ: nonNull(named("Int")), def: "1"},
				},
				typ: nonNull(named(t.typeName + "DeleteResponse"))})
		}
	}
	for _, fn := range s.funcs {
		f := fn.field()
		if fn.volatile {
			mutation.fields = append(mutation.fields, f)
		} else {
			query.fields = append(query.fields, f)
		}
	}
	query.fields = append(query.fields, &gqlField{name: "node", description: "Retrieve a record by its `ID`",
		args: []*gqlInput{{name: "nodeId", description: "The record's `ID`", typ: nonNull(named("ID"))}},
		typ:  named("Node")})
	sortFields(query.fields)
	sortFields(mutation.fields)
	ts.add(query)
	if len(mutation.fields) > 0 {
		ts.add(mutation)
		ts.mutation = true
	}
	ts.add(node)
	for _, e := range s.enums {
		et := &gqlType{kind: "ENUM", name: e.typeName, description: e.description}
		for _, v := range e.values {
			et.enumValues = append(et.enumValues, gqlEnumValue{name: e.toGQL(v)})
		}
		ts.add(et)
		ts.add(&gqlType{kind: "INPUT_OBJECT", name: e.typeName + "Filter",
			description: `Boolean expression comparing fields on type "` + e.typeName + `"`,
			inputFields: []*gqlInput{
				{name: "eq", typ: named(e.typeName)},
				{name: "in", typ: listOf(nonNull(named(e.typeName)))},
				{name: "is", typ: named("FilterIs")},
				{name: "neq", typ: named(e.typeName)},
			}})
	}
	for _, sc := range gqlScalars {
		ts.add(&gqlType{kind: "SCALAR", name: sc[0], description: sc[1]})
		ops, ok := gqlScalarOps[sc[0]]
		if !ok {
			continue
		}
		f := &gqlType{kind: "INPUT_OBJECT", name: sc[0] + "Filter", description: `Boolean expression comparing fields on type "` + sc[0] + `"`}
		for _, op := range ops {
			var r *gqlTypeRef
			switch op {
			case "in":
				r = listOf(nonNull(named(sc[0])))
			case "is":
				r = named("FilterIs")
			default:
				r = named(sc[0])
			}
			f.inputFields = append(f.inputFields, &gqlInput{name: op, typ: r})
		}
		ts.add(f)
		if sc[0] == "ID" {
			continue
		}
		lf := &gqlType{kind: "INPUT_OBJECT", name: sc[0] + "ListFilter", description: `Boolean expression comparing fields on type "` + sc[0] + `List"`}
		for _, op := range []string{"containedBy", "contains", "eq", "is", "overlaps"} {
			r := listOf(nonNull(named(sc[0])))
			if op == "is" {
				r = named("FilterIs")
			}
			lf.inputFields = append(lf.inputFields, &gqlInput{name: op, typ: r})
		}
		ts.add(lf)
	}
	ts.add(&gqlType{kind: "ENUM", name: "FilterIs", enumValues: []gqlEnumValue{{name: "NULL"}, {name: "NOT_NULL"}}})
	ts.add(&gqlType{kind: "ENUM", name: "OrderByDirection", description: "Defines a per-field sorting order", enumValues: []gqlEnumValue{
		{"AscNullsFirst", "Ascending order, nulls first"},
		{"AscNullsLast", "Ascending order, nulls last"},
		{"DescNullsFirst", "Descending order, nulls first"},
		{"DescNullsLast", "Descending order, nulls last"},
	}})
	ts.add(&gqlType{kind: "OBJECT", name: "PageInfo", fields: []*gqlField{
		{name: "endCursor", typ: named("String")},
		{name: "hasNextPage", typ: nonNull(named("Boolean"))},
		{name: "hasPreviousPage", typ: nonNull(named("Boolean"))},
		{name: "startCursor", typ: named("String")},
	}})
	for _, t := range introspectionTypes() {
		ts.add(t)
	}
	sort.Slice(ts.list, func(i, j int) bool { return ts.list[i].name < ts.list[j].name })
	ts.directives = []gqlDirectiveDef{
		{name: "include", description: "This field or fragment will be included only when the `if` argument is true.",
			locations: []string{"FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"},
			args:      []*gqlInput{{name: "if", description: "Included when true.", typ: nonNull(named("Boolean"))}}},
		{name: "skip", description: "This field or fragment will be skipped when the `if` argument is true.",
			locations: []string{"FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"},
			args:      []*gqlInput{{name: "if", description: "Skipped when true.", typ: nonNull(named("Boolean"))}}},
	}
	return ts
}

func sortFields(fs []*gqlField) {
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].name < fs[j].name })
}

// tableTypes adds <T>, its connection, edge, filter, order, input and
// response types (and aggregate types when enabled).
func (s *gqlSchema) tableTypes(ts *gqlTypes, t *gqlTable) {
	n := t.typeName
	obj := &gqlType{kind: "OBJECT", name: n, description: t.description, interfaces: []string{"Node"},
		fields: []*gqlField{{name: "nodeId", description: "Globally Unique Record Identifier", typ: nonNull(named("ID"))}}}
	for _, c := range t.cols {
		obj.fields = append(obj.fields, &gqlField{name: c.field, description: c.description, typ: c.outType()})
	}
	for _, rel := range t.relList {
		if rel.many {
			obj.fields = append(obj.fields, &gqlField{name: rel.field, args: collectionArgs(rel.other),
				typ: named(rel.other.typeName + "Connection")})
			continue
		}
		r := named(rel.other.typeName)
		// a row RLS hides leaves a NOT NULL reference without a record
		allNotNull := !rel.reverse && !rel.other.rls
		for _, c := range rel.cols {
			allNotNull = allNotNull && c.notNull
		}
		if allNotNull {
			r = nonNull(r)
		}
		obj.fields = append(obj.fields, &gqlField{name: rel.field, typ: r})
	}
	for _, fn := range t.computed {
		f := fn.field()
		f.args = nil
		obj.fields = append(obj.fields, f)
	}
	ts.add(obj)
	conn := &gqlType{kind: "OBJECT", name: n + "Connection", fields: []*gqlField{
		{name: "edges", typ: nonNull(listOf(nonNull(named(n + "Edge"))))},
		{name: "pageInfo", typ: nonNull(named("PageInfo"))},
	}}
	if t.totalCount {
		conn.fields = append(conn.fields, &gqlField{name: "totalCount", description: "The total number of records matching the `filter` criteria", typ: nonNull(named("Int"))})
	}
	if t.aggregate {
		conn.fields = append(conn.fields, &gqlField{name: "aggregate", description: "Aggregate functions calculated on the collection of `" + n + "`", typ: named(n + "Aggregate")})
		s.aggregateTypes(ts, t)
	}
	ts.add(conn)
	ts.add(&gqlType{kind: "OBJECT", name: n + "Edge", fields: []*gqlField{
		{name: "cursor", typ: nonNull(named("String"))},
		{name: "node", typ: nonNull(named(n))},
	}})
	filter := &gqlType{kind: "INPUT_OBJECT", name: n + "Filter"}
	order := &gqlType{kind: "INPUT_OBJECT", name: n + "OrderBy"}
	for _, c := range t.cols {
		if ft := c.filterType(); ft != "" {
			filter.inputFields = append(filter.inputFields, &gqlInput{name: c.field, typ: named(ft)})
		}
		if c.orderable() {
			order.inputFields = append(order.inputFields, &gqlInput{name: c.field, typ: named("OrderByDirection")})
		}
	}
	filter.inputFields = append(filter.inputFields,
		&gqlInput{name: "nodeId", typ: named("IDFilter")},
		&gqlInput{name: "and", description: descAnd, typ: listOf(nonNull(named(n + "Filter")))},
		&gqlInput{name: "or", description: descOr, typ: listOf(nonNull(named(n + "Filter")))},
		&gqlInput{name: "not", description: "Negates a filter", typ: named(n + "Filter")})
	ts.add(filter)
	ts.add(order)
	response := func(kind string) {
		ts.add(&gqlType{kind: "OBJECT", name: n + kind + "Response", fields: []*gqlField{
			{name: "affectedCount", description: "Count of the records impacted by the mutation", typ: nonNull(named("Int"))},
			{name: "records", description: "Array of records impacted by the mutation", typ: nonNull(listOf(nonNull(named(n))))},
		}})
	}
	if cols := t.insertCols(); len(cols) > 0 {
		in := &gqlType{kind: "INPUT_OBJECT", name: n + "InsertInput"}
		for _, c := range cols {
			in.inputFields = append(in.inputFields, &gqlInput{name: c.field, typ: c.inType()})
		}
		ts.add(in)
		response("Insert")
	}
	if cols := t.updateCols(); len(cols) > 0 {
		in := &gqlType{kind: "INPUT_OBJECT", name: n + "UpdateInput"}
		for _, c := range cols {
			in.inputFields = append(in.inputFields, &gqlInput{name: c.field, typ: c.inType()})
		}
		ts.add(in)
		response("Update")
	}
	if t.canDelete {
		response("Delete")
	}
}

func (t *gqlTable) insertCols() []*gqlCol {
	var out []*gqlCol
	for _, c := range t.cols {
		if c.canInsert {
			out = append(out, c)
		}
	}
	return out
}

func (t *gqlTable) updateCols() []*gqlCol {
	var out []*gqlCol
	for _, c := range t.cols {
		if c.canUpdate {
			out = append(out, c)
		}
	}
	return out
}

// typeString prints a reference as GraphQL SDL writes it.
func (r *gqlTypeRef) String() string {
	switch r.kind {
	case "NON_NULL":
		return r.of.String() + "!"
	case "LIST":
		return "[" + r.of.String() + "]"
	}
	return r.name
}
