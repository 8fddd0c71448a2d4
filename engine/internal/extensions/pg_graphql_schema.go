package extensions

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// gqlSchema is pg_graphql's reflection of the database as the calling
// role sees it: the tables and views of the search path's schemas (minus
// the system ones) that have a primary key (a view: the
// primary_key_columns directive), their columns, and the relationships
// their foreign keys make.
type gqlSchema struct {
	tables []*gqlTable
	byType map[string]*gqlTable
	// query and mutation fields by name
	queryFields map[string]gqlRoot
	enums       []*gqlEnum
	funcs       []*gqlFunc
}

// gqlRoot is one field of Query or Mutation.
type gqlRoot struct {
	kind  string // collection, insert, update, delete, function
	table *gqlTable
	fn    *gqlFunc
}

type gqlTable struct {
	oid          uint32
	schema, name string
	typeName     string
	inflect      bool
	totalCount   bool
	aggregate    bool
	canDelete    bool
	rls          bool // row level security may hide a referenced row
	description  string
	maxRows      int
	cols         []*gqlCol
	fields       map[string]*gqlCol
	pk           []*gqlCol
	rels         map[string]*gqlRel
	relList      []*gqlRel // rels in the order the type lists them
	computed     []*gqlFunc
}

type gqlCol struct {
	name, field string
	sqlType     string // format_type, for casts
	typName     string // pg_type.typname of the column or its element
	array       bool
	// asText: bigint and numeric are serialized as strings (BigInt,
	// BigFloat), json and jsonb as their text (JSON).
	asText  bool
	number  bool // a bigint/numeric value whose text is a JSON number
	notNull bool
	hasDef  bool
	// canInsert, canUpdate: the role holds the privilege on the column
	// and the column is not generated (identity ALWAYS, GENERATED)
	canInsert, canUpdate bool
	enum                 *gqlEnum
	description          string
}

// gqlEnum is a PostgreSQL enum reflected as a GraphQL enum; mappings
// (the type comment's mappings directive) rename labels.
type gqlEnum struct {
	oid         uint32
	typeName    string
	description string
	values      []string
	mappings    map[string]string
}

// toGQL and toSQL map a label to its GraphQL name and back.
func (e *gqlEnum) toGQL(label string) string {
	if m, ok := e.mappings[label]; ok {
		return m
	}
	return label
}

func (e *gqlEnum) toSQL(name string) (string, bool) {
	for _, l := range e.values {
		if e.toGQL(l) == name {
			return l, true
		}
	}
	return "", false
}

// gqlRel is a relationship field: the rows of other whose columns
// otherCols equal this table's cols; many for the referenced side of a
// foreign key (a collection), else one record.
type gqlRel struct {
	field     string
	cols      []*gqlCol
	other     *gqlTable
	otherCols []*gqlCol
	many      bool
	// reverse: the referenced side of a one-to-one foreign key (a record
	// that may be missing)
	reverse bool
}

// gqlDirective reads the @graphql({...}) JSON of a comment.
func gqlDirective(comment string) map[string]any {
	i := strings.Index(comment, "@graphql(")
	if i < 0 {
		return nil
	}
	rest := comment[i+len("@graphql("):]
	j := strings.LastIndex(rest, ")")
	if j < 0 {
		return nil
	}
	var m map[string]any
	if json.Unmarshal([]byte(rest[:j]), &m) != nil {
		return nil
	}
	return m
}

func directiveBool(m map[string]any, path ...string) bool {
	var v any = m
	for _, p := range path {
		o, ok := v.(map[string]any)
		if !ok {
			return false
		}
		v = o[p]
	}
	b, _ := v.(bool)
	return b
}

// pascal and camel are pg_graphql's inflection of snake_case names.
func pascal(s string) string {
	var b strings.Builder
	for _, part := range strings.Split(s, "_") {
		if part == "" {
			continue
		}
		r := []rune(part)
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	return b.String()
}

func camel(s string) string { return lowerFirst(pascal(s)) }

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

func textOf(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case types.JSONDoc:
		return types.FormatJSONB(x.V)
	default:
		return fmt.Sprint(x)
	}
}

func intOf(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int32:
		return int64(x)
	case int16:
		return int64(x)
	case uint32:
		return int64(x)
	}
	n, _ := strconv.ParseInt(textOf(v), 10, 64)
	return n
}

func boolOf(v any) bool {
	if b, ok := v.(bool); ok {
		return b
	}
	return textOf(v) == "t" || textOf(v) == "true"
}

// loadGQLSchema reflects the schema through the caller's session.
func loadGQLSchema(ctx context.Context, c routine.Caller) (*gqlSchema, error) {
	rel, err := c.Query(ctx, `SELECT c.oid::int8, n.nspname::text, c.relname::text, c.relkind::text,
	       coalesce(pg_catalog.obj_description(c.oid, 'pg_class'), ''),
	       coalesce(pg_catalog.obj_description(n.oid, 'pg_namespace'), ''),
	       pg_catalog.has_table_privilege(c.oid, 'DELETE'), c.relrowsecurity
	  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
	 WHERE n.nspname = ANY (pg_catalog.current_schemas(false))
	   AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'graphql', 'graphql_public')
	   AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
	   AND pg_catalog.has_table_privilege(c.oid, 'SELECT')
	 ORDER BY n.nspname, c.relname`, nil, nil)
	if err != nil {
		return nil, err
	}
	s := &gqlSchema{byType: map[string]*gqlTable{}, queryFields: map[string]gqlRoot{}}
	byOID := map[int64]*gqlTable{}
	viewPK := map[*gqlTable][]string{}
	var oids []string
	for _, r := range rel.Rows {
		t := &gqlTable{oid: uint32(intOf(r[0])), schema: textOf(r[1]), name: textOf(r[2]), maxRows: 30,
			fields: map[string]*gqlCol{}, rels: map[string]*gqlRel{}}
		sd, td := gqlDirective(textOf(r[5])), gqlDirective(textOf(r[4]))
		t.inflect = directiveBool(sd, "inflect_names")
		t.totalCount = directiveBool(td, "totalCount", "enabled")
		t.aggregate = directiveBool(td, "aggregate", "enabled")
		t.canDelete = boolOf(r[6]) && textOf(r[3]) != "m"
		t.rls = boolOf(r[7])
		t.description, _ = td["description"].(string)
		for _, d := range []map[string]any{sd, td} {
			if n, ok := d["max_rows"].(float64); ok && n > 0 {
				t.maxRows = int(n)
			}
		}
		t.typeName = t.name
		if t.inflect {
			t.typeName = pascal(t.name)
		}
		if n, ok := td["name"].(string); ok && n != "" {
			t.typeName = n
		}
		if k := textOf(r[3]); k == "v" || k == "m" || k == "f" {
			if l, ok := td["primary_key_columns"].([]any); ok {
				for _, x := range l {
					viewPK[t] = append(viewPK[t], fmt.Sprint(x))
				}
			}
		}
		byOID[intOf(r[0])] = t
		oids = append(oids, strconv.FormatInt(intOf(r[0]), 10))
	}
	enums, err := loadGQLEnums(ctx, c)
	if err != nil {
		return nil, err
	}
	s.enums = enums
	if len(oids) == 0 {
		return s, loadGQLFuncs(ctx, c, s)
	}
	in := strings.Join(oids, ",")
	cols, err := c.Query(ctx, `SELECT a.attrelid::int8, a.attname::text, pg_catalog.format_type(a.atttypid, a.atttypmod),
	       coalesce(e.typname, t.typname)::text, (e.oid IS NOT NULL), a.attnotnull, a.atthasdef,
	       coalesce(pg_catalog.col_description(a.attrelid, a.attnum), ''),
	       coalesce(e.oid, t.oid)::int8, a.attidentity::text, a.attgenerated::text,
	       pg_catalog.has_column_privilege(a.attrelid, a.attnum, 'INSERT'),
	       pg_catalog.has_column_privilege(a.attrelid, a.attnum, 'UPDATE')
	  FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
	  LEFT JOIN pg_catalog.pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
	 WHERE a.attrelid IN (`+in+`) AND a.attnum > 0 AND NOT a.attisdropped
	 ORDER BY a.attrelid, a.attnum`, nil, nil)
	if err != nil {
		return nil, err
	}
	for _, r := range cols.Rows {
		t := byOID[intOf(r[0])]
		col := &gqlCol{name: textOf(r[1]), sqlType: textOf(r[2]), typName: textOf(r[3]), array: boolOf(r[4]),
			notNull: boolOf(r[5]), hasDef: boolOf(r[6])}
		col.field = col.name
		if t.inflect {
			col.field = camel(col.name)
		}
		cd := gqlDirective(textOf(r[7]))
		if n, ok := cd["name"].(string); ok && n != "" {
			col.field = n
		}
		col.description, _ = cd["description"].(string)
		for _, e := range enums {
			if int64(e.oid) == intOf(r[8]) {
				col.enum = e
			}
		}
		generated := textOf(r[9]) == "a" || textOf(r[10]) != ""
		col.canInsert = !generated && boolOf(r[11])
		col.canUpdate = !generated && boolOf(r[12])
		switch col.typName {
		case "int8", "numeric":
			col.asText, col.number = !col.array, true
		case "json", "jsonb":
			col.asText = !col.array
		}
		t.cols = append(t.cols, col)
		t.fields[col.field] = col
	}
	cons, err := c.Query(ctx, `SELECT conrelid::int8, confrelid::int8, contype::text, conname::text,
	       pg_catalog.array_to_string(conkey, ','), coalesce(pg_catalog.array_to_string(confkey, ','), '')
	  FROM pg_catalog.pg_constraint WHERE contype IN ('p', 'f', 'u') AND conrelid IN (`+in+`)
	 ORDER BY conname`, nil, nil)
	if err != nil {
		return nil, err
	}
	colsAt := func(t *gqlTable, nums string) []*gqlCol {
		var out []*gqlCol
		for _, n := range strings.Split(nums, ",") {
			i, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil || i < 1 || i > len(t.cols) {
				return nil
			}
			out = append(out, t.cols[i-1])
		}
		return out
	}
	for _, r := range cons.Rows {
		if t := byOID[intOf(r[0])]; t != nil && textOf(r[2]) == "p" {
			t.pk = colsAt(t, textOf(r[4]))
		}
	}
	for t, names := range viewPK {
		for _, n := range names {
			for _, col := range t.cols {
				if col.name == n {
					t.pk = append(t.pk, col)
				}
			}
		}
	}
	for _, t := range byOID {
		if len(t.pk) > 0 {
			s.tables = append(s.tables, t)
		}
	}
	// unique: the column sets a primary key or unique constraint makes
	// unique, by table; a foreign key over one is one-to-one
	unique := map[*gqlTable][]string{}
	for _, r := range cons.Rows {
		if t := byOID[intOf(r[0])]; t != nil && (textOf(r[2]) == "p" || textOf(r[2]) == "u") {
			unique[t] = append(unique[t], colSet(colsAt(t, textOf(r[4]))))
		}
	}
	for _, r := range cons.Rows {
		t, o := byOID[intOf(r[0])], byOID[intOf(r[1])]
		if textOf(r[2]) != "f" || t == nil || o == nil || len(t.pk) == 0 || len(o.pk) == 0 {
			continue
		}
		local, foreign := colsAt(t, textOf(r[4])), colsAt(o, textOf(r[5]))
		if local == nil || foreign == nil {
			continue
		}
		// to-one: a single column named x_id (xId) gives field x; else
		// the referenced type's name
		one := lowerFirst(o.typeName)
		if len(local) == 1 {
			n := local[0].name
			switch {
			case strings.HasSuffix(n, "_id") && len(n) > 3:
				one = n[:len(n)-3]
			case strings.HasSuffix(n, "Id") && len(n) > 2:
				one = n[:len(n)-2]
			}
			if t.inflect {
				one = camel(one)
			}
		}
		if _, taken := t.fields[one]; !taken {
			if _, dup := t.rels[one]; !dup {
				t.rels[one] = &gqlRel{field: one, cols: local, other: o, otherCols: foreign}
				t.relList = append(t.relList, t.rels[one])
			}
		}
		rev := &gqlRel{field: lowerFirst(t.typeName) + "Collection", cols: foreign, other: t, otherCols: local, many: true}
		for _, u := range unique[t] {
			if u == colSet(local) {
				rev.field, rev.many, rev.reverse = lowerFirst(t.typeName), false, true
			}
		}
		if _, taken := o.fields[rev.field]; !taken {
			if _, dup := o.rels[rev.field]; !dup {
				o.rels[rev.field] = rev
				o.relList = append(o.relList, rev)
			}
		}
	}
	for _, t := range s.tables {
		s.byType[t.typeName] = t
		s.queryFields[lowerFirst(t.typeName)+"Collection"] = gqlRoot{"collection", t, nil}
		s.queryFields["insertInto"+t.typeName+"Collection"] = gqlRoot{"insert", t, nil}
		s.queryFields["update"+t.typeName+"Collection"] = gqlRoot{"update", t, nil}
		s.queryFields["deleteFrom"+t.typeName+"Collection"] = gqlRoot{"delete", t, nil}
	}
	return s, loadGQLFuncs(ctx, c, s)
}

// loadGQLEnums reads the enum types of the exposed schemas.
func loadGQLEnums(ctx context.Context, c routine.Caller) ([]*gqlEnum, error) {
	res, err := c.Query(ctx, `SELECT t.oid::int8, t.typname::text,
	       coalesce(pg_catalog.obj_description(t.oid, 'pg_type'), ''),
	       coalesce(pg_catalog.obj_description(n.oid, 'pg_namespace'), ''),
	       e.enumlabel::text
	  FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
	  JOIN pg_catalog.pg_enum e ON e.enumtypid = t.oid
	 WHERE t.typtype = 'e' AND n.nspname = ANY (pg_catalog.current_schemas(false))
	   AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'graphql', 'graphql_public')
	 ORDER BY t.typname, t.oid, e.enumsortorder`, nil, nil)
	if err != nil {
		return nil, err
	}
	var out []*gqlEnum
	var cur *gqlEnum
	for _, r := range res.Rows {
		oid := uint32(intOf(r[0]))
		if cur == nil || cur.oid != oid {
			cur = &gqlEnum{oid: oid, typeName: textOf(r[1]), mappings: map[string]string{}}
			if directiveBool(gqlDirective(textOf(r[3])), "inflect_names") {
				cur.typeName = pascal(cur.typeName)
			}
			d := gqlDirective(textOf(r[2]))
			if n, ok := d["name"].(string); ok && n != "" {
				cur.typeName = n
			}
			cur.description, _ = d["description"].(string)
			if m, ok := d["mappings"].(map[string]any); ok {
				for k, v := range m {
					if vs, ok := v.(string); ok {
						cur.mappings[k] = vs
					}
				}
			}
			out = append(out, cur)
		}
		cur.values = append(cur.values, textOf(r[4]))
	}
	return out, nil
}

// colSet names a set of columns independent of their order.
func colSet(cols []*gqlCol) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	sort.Strings(names)
	return strings.Join(names, "\x00")
}

func (t *gqlTable) qualified() string { return gqlIdent(t.schema) + "." + gqlIdent(t.name) }

// gqlIdent quotes an identifier always, so any name is safe in the SQL
// the resolver builds.
func gqlIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
