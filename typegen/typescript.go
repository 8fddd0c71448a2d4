package typegen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/tinybase/tinybase/engine"
)

// TypeScript returns the `Database` type for the given schemas ("public"
// when none are given) as `supabase gen types typescript` prints it. A
// schema that does not exist is an error naming it.
func TypeScript(ctx context.Context, s *engine.Session, schemas []string) (string, error) {
	return generate(ctx, sessionQuerier{s}, schemas)
}

func generate(ctx context.Context, q querier, schemas []string) (string, error) {
	if len(schemas) == 0 {
		schemas = []string{"public"}
	}
	c, err := loadCatalog(ctx, q)
	if err != nil {
		return "", err
	}
	for _, s := range schemas {
		if _, ok := c.schemaOIDs[s]; !ok {
			return "", fmt.Errorf("typegen: schema %q does not exist", s)
		}
	}
	rels, err := c.relationships(ctx, q)
	if err != nil {
		return "", err
	}
	g := newGen(c, schemas, rels)
	return g.output(), nil
}

// tsType is a TypeScript type as postgres-meta builds it: a union of
// members (one member for a plain type). unknown marks the literal
// `unknown`, which never gets `| null`.
type tsType struct {
	members []*doc
	unknown bool
}

func single(s string) tsType { return tsType{members: []*doc{txt(s)}, unknown: s == "unknown"} }

func (t tsType) nullable(null bool) tsType {
	if t.unknown || !null {
		return t
	}
	return tsType{members: append(append([]*doc(nil), t.members...), txt("null"))}
}

// doc prints the type after "key: " the way prettier prints a union in a
// type annotation: flat, or one indented `| member` per line.
func (t tsType) doc() *doc {
	if len(t.members) == 1 {
		return t.members[0]
	}
	sep := cat(line, txt("| "))
	return group(indent(ifBreak(cat(softline, txt("| ")), nil), join(sep, t.members)))
}

type schemaInfo struct {
	name      string
	tables    []*relation
	views     []*relation
	functions []*fnInfo
	enums     []*pgType
	composite []*pgType
}

type fnInfo struct {
	fn     *function
	args   []funcArg // sorted by name
	inArgs []funcArg
}

type gen struct {
	c           *catalog
	coll        *collate.Collator
	keys        map[string][]byte // collation keys (cmp)
	keyBuf      collate.Buffer
	relsOf      map[[2]string][]relationship // g.rels by schema and relation
	tsTypes     map[[2]string]tsType         // pgTypeToTs by schema and type name
	schemas     []*schemaInfo
	bySchema    map[string]*schemaInfo
	rels        []relationship
	tables      []*relation // all included tables (r, p), for row-type lookups
	views       []*relation // all included views (v)
	tableLike   map[uint32]*relation
	typesByName map[string][]*pgType // included types, in OID order
}

func newGen(c *catalog, names []string, rels []relationship) *gen {
	g := &gen{c: c, coll: collate.New(language.English), keys: map[string][]byte{}, bySchema: map[string]*schemaInfo{},
		tableLike: map[uint32]*relation{}, relsOf: map[[2]string][]relationship{}, tsTypes: map[[2]string]tsType{}}
	g.typesByName = map[string][]*pgType{}
	for _, t := range c.typeOrder {
		if t.included {
			g.typesByName[t.name] = append(g.typesByName[t.name], t)
		}
	}
	included := map[string]bool{}
	for _, n := range names {
		included[n] = true
	}
	var snames []string
	for n := range included {
		snames = append(snames, n)
	}
	sort.Slice(snames, func(i, j int) bool { return g.less(snames[i], snames[j]) })
	for _, n := range snames {
		si := &schemaInfo{name: n}
		g.schemas = append(g.schemas, si)
		g.bySchema[n] = si
	}
	var foreign, mviews []*relation
	for _, r := range c.relOrder {
		if !included[r.schema] {
			continue
		}
		switch r.kind {
		case 'r', 'p':
			g.tables = append(g.tables, r)
		case 'f':
			foreign = append(foreign, r)
		case 'v':
			g.views = append(g.views, r)
		case 'm':
			mviews = append(mviews, r)
		default:
			continue
		}
		g.tableLike[r.oid] = r
	}
	for _, list := range [][]*relation{g.tables, foreign} {
		for _, r := range list {
			g.bySchema[r.schema].tables = append(g.bySchema[r.schema].tables, r)
		}
	}
	for _, list := range [][]*relation{g.views, mviews} {
		for _, r := range list {
			g.bySchema[r.schema].views = append(g.bySchema[r.schema].views, r)
		}
	}
	for _, t := range c.typeOrder {
		si, ok := g.bySchema[t.schema]
		if !ok || !t.included {
			continue
		}
		if len(t.enums) > 0 {
			si.enums = append(si.enums, t)
		}
		if len(t.attrs) > 0 {
			si.composite = append(si.composite, t)
		}
	}
	// relationships sorted as postgres-meta sorts them
	g.rels = append([]relationship(nil), rels...)
	sort.SliceStable(g.rels, func(i, j int) bool {
		a, b := g.rels[i], g.rels[j]
		if x := g.cmp(a.fkName, b.fkName); x != 0 {
			return x < 0
		}
		if x := g.cmp(a.refRelation, b.refRelation); x != 0 {
			return x < 0
		}
		return g.cmp(jsonString(a.refColumns), jsonString(b.refColumns)) < 0
	})
	for _, r := range g.rels {
		if r.refSchema == r.schema {
			k := [2]string{r.schema, r.relation}
			g.relsOf[k] = append(g.relsOf[k], r)
		}
	}
	for _, f := range c.funcs {
		si, ok := g.bySchema[f.schema]
		if !ok {
			continue
		}
		fi := &fnInfo{fn: f, args: append([]funcArg(nil), f.args...)}
		sort.SliceStable(fi.args, func(i, j int) bool { return g.less(fi.args[i].name, fi.args[j].name) })
		for _, a := range fi.args {
			if a.mode == "in" || a.mode == "inout" || a.mode == "variadic" {
				fi.inArgs = append(fi.inArgs, a)
			}
		}
		if g.fnIncluded(fi) {
			si.functions = append(si.functions, fi)
		}
	}
	for _, si := range g.schemas {
		sort.SliceStable(si.tables, func(i, j int) bool { return g.less(si.tables[i].name, si.tables[j].name) })
		sort.SliceStable(si.views, func(i, j int) bool { return g.less(si.views[i].name, si.views[j].name) })
		sort.SliceStable(si.functions, func(i, j int) bool { return g.less(si.functions[i].fn.name, si.functions[j].fn.name) })
		sort.SliceStable(si.enums, func(i, j int) bool { return g.less(si.enums[i].name, si.enums[j].name) })
		sort.SliceStable(si.composite, func(i, j int) bool { return g.less(si.composite[i].name, si.composite[j].name) })
	}
	return g
}

// cmp is JavaScript's String.prototype.localeCompare (ICU collation),
// through collation keys computed once per string (comparing keys orders
// as Collator.CompareString does).
func (g *gen) cmp(a, b string) int {
	if x := bytes.Compare(g.collKey(a), g.collKey(b)); x != 0 {
		return x
	}
	return strings.Compare(a, b)
}

func (g *gen) collKey(s string) []byte {
	k, ok := g.keys[s]
	if !ok {
		k = g.coll.KeyFromString(&g.keyBuf, s) // valid while keyBuf is not reset
		g.keys[s] = k
	}
	return k
}

func (g *gen) less(a, b string) bool { return g.cmp(a, b) < 0 }

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// strLit is JSON.stringify(s) as prettier re-quotes it: double quotes
// unless the string holds more double than single quotes.
func strLit(s string) string {
	if plainString(s) {
		return `"` + s + `"`
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	lit := strings.TrimSuffix(b.String(), "\n")
	if strings.Count(s, `"`) > strings.Count(s, `'`) {
		inner := lit[1 : len(lit)-1]
		inner = strings.ReplaceAll(inner, `\"`, `"`)
		inner = strings.ReplaceAll(inner, `'`, `\'`)
		return "'" + inner + "'"
	}
	return lit
}

// plainString reports a string that JSON.stringify prints as is between
// double quotes: printable ASCII without quotes or backslashes.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// key is a property name as prettier prints it with quoteProps
// "as-needed": unquoted when it is an identifier.
func key(name string) string {
	for i, r := range name {
		if r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r) {
			continue
		}
		return strLit(name)
	}
	if name == "" {
		return strLit(name)
	}
	return name
}

func prop(name string, optional bool, t tsType) *doc {
	k := key(name)
	if optional {
		k += "?"
	}
	return prefixed(k+": ", t.doc())
}

// columnIndent is where Row / Insert / Update members of tables and views
// start: Database > schema > Tables > table > Row.
const columnIndent = 10

// columnProp is prop for a table or view column: when the flat form fits
// at the column indent it is one text (the common case; fewer
// allocations), else the breakable union.
func columnProp(name string, optional bool, t tsType) *doc {
	k := key(name)
	if optional {
		k += "?"
	}
	return keyedProp(k, t)
}

// keyedProp is columnProp for a printed key (with its "?").
func keyedProp(k string, t tsType) *doc {
	n := columnIndent + len(k) + 2
	for i, m := range t.members {
		if m.kind != dText {
			return prefixed(k+": ", t.doc())
		}
		if i > 0 {
			n += 3
		}
		n += len(m.text)
	}
	if n > printWidth {
		return prefixed(k+": ", t.doc())
	}
	parts := make([]string, len(t.members))
	for i, m := range t.members {
		parts[i] = m.text
	}
	return txt(k + ": " + strings.Join(parts, " | "))
}

func propDoc(name string, d *doc) *doc { return prefixed(key(name)+": ", d) }

// prefixed is txt(p) followed by d, as one text when d is a text.
func prefixed(p string, d *doc) *doc {
	if d.kind == dText {
		return txt(p + d.text)
	}
	return cat(txt(p), d)
}

// object is a TypeScript object type; expanded ones had a newline after
// the brace in the template, which prettier keeps.
func object(expanded bool, members []*doc) *doc {
	if len(members) == 0 {
		return txt("{}")
	}
	if expanded {
		return cat(txt("{"), indent(hardline, join(hardline, members)), hardline, txt("}"))
	}
	return group(txt("{"), indent(line, join(cat(ifBreak(nil, txt(";")), line), members)), line, txt("}"))
}

// tuple is a tuple type or array literal: flat, or one element per line
// with a trailing comma.
func tuple(items []*doc) *doc {
	if len(items) == 0 {
		return txt("[]")
	}
	return group(txt("["), indent(softline, join(cat(txt(","), line), items)), ifBreak(txt(","), nil), softline, txt("]"))
}

func strTuple(ss []string) *doc {
	var items []*doc
	for _, s := range ss {
		items = append(items, txt(strLit(s)))
	}
	return tuple(items)
}

var never = txt("[_ in never]: never")

func (g *gen) output() string {
	var schemaDocs []*doc
	for _, si := range g.schemas {
		schemaDocs = append(schemaDocs, propDoc(si.name, object(true, []*doc{
			propDoc("Tables", g.tablesDoc(si)),
			propDoc("Views", g.viewsDoc(si)),
			propDoc("Functions", g.functionsDoc(si)),
			propDoc("Enums", g.enumsDoc(si)),
			propDoc("CompositeTypes", g.compositeDoc(si)),
		})))
	}
	var constants []*doc
	for _, si := range g.schemas {
		var enums []*doc
		for _, e := range si.enums {
			enums = append(enums, propDoc(e.name, strTuple(e.enums)))
		}
		constants = append(constants, propDoc(si.name, literalObject([]*doc{propDoc("Enums", literalObject(enums))})))
	}
	// one buffer for the whole file, sized for the tables' columns
	cols := 0
	for _, r := range g.c.relOrder {
		cols += len(r.cols)
	}
	b := make([]byte, 0, 16<<10+len(helperTypes)+160*cols)
	b = append(b, "export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n\n"...)
	b = appendRender(b, cat(txt("export type Database = "), object(true, schemaDocs)))
	b = append(b, "\n\n"...)
	b = append(b, helperTypes...)
	b = appendRender(b, cat(txt("export const Constants = "), literalObject(constants), txt(" as const")))
	b = append(b, "\n\n"...)
	return string(b)
}

// literalObject is an expanded object literal (values, not types): members
// end with commas.
func literalObject(members []*doc) *doc {
	if len(members) == 0 {
		return txt("{}")
	}
	var parts []*doc
	for _, m := range members {
		parts = append(parts, hardline, m, txt(","))
	}
	return cat(txt("{"), indent(parts...), hardline, txt("}"))
}

func (g *gen) column(schema string, col *column, nullable, optional bool) *doc {
	return columnProp(col.name, optional, g.pgTypeToTs(schema, g.c.format(col.typeID)).nullable(nullable))
}

func (g *gen) isNullable(col *column) bool {
	if col.notNull {
		return false
	}
	if t, ok := g.c.types[col.typeID]; ok && t.typtype == 'd' && t.notNull {
		return false
	}
	return true
}

func (g *gen) sortedCols(r *relation) []*column {
	cols := append([]*column(nil), r.cols...)
	sort.SliceStable(cols, func(i, j int) bool { return g.less(cols[i].name, cols[j].name) })
	return cols
}

func (g *gen) relationshipsDoc(r *relation) *doc {
	var items []*doc
	for _, rel := range g.relsOf[[2]string{r.schema, r.name}] {
		items = append(items, object(true, []*doc{
			propDoc("foreignKeyName", txt(strLit(rel.fkName))),
			propDoc("columns", strTuple(rel.columns)),
			propDoc("isOneToOne", txt(strconv.FormatBool(rel.oneToOne))),
			propDoc("referencedRelation", txt(strLit(rel.refRelation))),
			propDoc("referencedColumns", strTuple(rel.refColumns)),
		}))
	}
	return tuple(items)
}

// computedFields are the Row members for functions whose argument list is
// exactly this relation's row type.
func (g *gen) computedFields(si *schemaInfo, r *relation) []*doc {
	var out []*doc
	for _, fi := range si.functions {
		if fi.fn.argTypesStr == r.name {
			out = append(out, prop(fi.fn.name, false, g.functionReturnType(si, fi.fn).nullable(true)))
		}
	}
	return out
}

func (g *gen) tablesDoc(si *schemaInfo) *doc {
	if len(si.tables) == 0 {
		return object(true, []*doc{never})
	}
	var members []*doc
	for _, t := range si.tables {
		cols := g.sortedCols(t)
		row := make([]*doc, 0, len(cols))
		ins := make([]*doc, 0, len(cols))
		upd := make([]*doc, 0, len(cols))
		for _, col := range cols {
			n := g.isNullable(col)
			ct := g.pgTypeToTs(si.name, g.c.format(col.typeID)).nullable(n)
			k := key(col.name)
			row = append(row, keyedProp(k, ct))
			if col.identity == 'a' {
				ins = append(ins, txt(k+"?: never"))
				upd = append(upd, txt(k+"?: never"))
				continue
			}
			opt := keyedProp(k+"?", ct)
			if n || col.identity == 'd' || col.hasDefault {
				ins = append(ins, opt)
			} else {
				ins = append(ins, row[len(row)-1])
			}
			upd = append(upd, opt)
		}
		row = append(row, g.computedFields(si, t)...)
		members = append(members, propDoc(t.name, object(true, []*doc{
			propDoc("Row", object(true, row)),
			propDoc("Insert", object(true, ins)),
			propDoc("Update", object(true, upd)),
			propDoc("Relationships", g.relationshipsDoc(t)),
		})))
	}
	return object(true, members)
}

func (g *gen) viewsDoc(si *schemaInfo) *doc {
	if len(si.views) == 0 {
		return object(true, []*doc{never})
	}
	var members []*doc
	for _, v := range si.views {
		cols := g.sortedCols(v)
		var row []*doc
		for _, col := range cols {
			row = append(row, g.column(si.name, col, g.isNullable(col), false))
		}
		row = append(row, g.computedFields(si, v)...)
		parts := []*doc{propDoc("Row", object(true, row))}
		if v.kind == 'v' && g.c.viewUpdatable[[2]string{v.schema, v.name}] {
			var ins []*doc
			for _, col := range cols {
				if !col.updatable {
					ins = append(ins, txt(key(col.name)+"?: never"))
				} else {
					ins = append(ins, g.column(si.name, col, true, true))
				}
			}
			parts = append(parts, propDoc("Insert", object(true, ins)), propDoc("Update", object(true, ins)))
		}
		parts = append(parts, propDoc("Relationships", g.relationshipsDoc(v)))
		members = append(members, propDoc(v.name, object(true, parts)))
	}
	return object(true, members)
}

func (g *gen) enumsDoc(si *schemaInfo) *doc {
	if len(si.enums) == 0 {
		return object(true, []*doc{never})
	}
	var members []*doc
	for _, e := range si.enums {
		var vals []*doc
		for _, v := range e.enums {
			vals = append(vals, txt(strLit(v)))
		}
		members = append(members, prop(e.name, false, tsType{members: vals}))
	}
	return object(true, members)
}

func (g *gen) compositeDoc(si *schemaInfo) *doc {
	if len(si.composite) == 0 {
		return object(true, []*doc{never})
	}
	var members []*doc
	for _, ct := range si.composite {
		var attrs []*doc
		for _, a := range ct.attrs {
			t := single("unknown")
			if name, ok := g.c.typeName(a.typeID); ok {
				t = g.pgTypeToTs(si.name, name).nullable(true)
			}
			attrs = append(attrs, prop(a.name, false, t))
		}
		members = append(members, propDoc(ct.name, object(true, attrs)))
	}
	return object(true, members)
}

// pgTypeToTs is postgres-meta's pgTypeToTsType: by type name, arrays by
// their element, enums / composite types / row types as references into
// Database when their schema is included.
// pgTypeToTs is postgres-meta's pgTypeToTsType, computed once per schema
// and type name (the docs it returns are never modified).
func (g *gen) pgTypeToTs(schema, typName string) tsType {
	k := [2]string{schema, typName}
	if t, ok := g.tsTypes[k]; ok {
		return t
	}
	t := g.pgTypeToTsUncached(schema, typName)
	g.tsTypes[k] = t
	return t
}

func (g *gen) pgTypeToTsUncached(schema, typName string) tsType {
	switch typName {
	case "bool":
		return single("boolean")
	case "int2", "int4", "int8", "float4", "float8", "numeric":
		return single("number")
	case "bytea", "bpchar", "varchar", "date", "text", "citext", "time", "timetz", "timestamp", "timestamptz", "uuid", "vector", "interval":
		return single("string")
	case "json", "jsonb":
		return single("Json")
	case "void":
		return single("undefined")
	case "record":
		return single("Record<string, unknown>")
	}
	if strings.HasPrefix(typName, "_") {
		inner := g.pgTypeToTs(schema, typName[1:])
		if len(inner.members) == 1 {
			if m := inner.members[0]; m.kind == dText {
				return tsType{members: []*doc{txt(m.text + "[]")}}
			}
			return tsType{members: []*doc{cat(inner.members[0], txt("[]"))}}
		}
		union := group(ifBreak(txt("| "), nil), join(cat(line, txt("| ")), inner.members))
		return tsType{members: []*doc{group(txt("("), indent(softline, union), softline, txt(")[]"))}}
	}
	pick := func(match func(t *pgType) bool) *pgType {
		var first *pgType
		for _, t := range g.typesByName[typName] {
			if !match(t) {
				continue
			}
			if t.schema == schema {
				return t
			}
			if first == nil {
				first = t
			}
		}
		return first
	}
	if e := pick(func(t *pgType) bool { return len(t.enums) > 0 }); e != nil {
		if _, ok := g.bySchema[e.schema]; ok {
			return single(fmt.Sprintf("Database[%s][\"Enums\"][%s]", strLit(e.schema), strLit(e.name)))
		}
		var vals []*doc
		for _, v := range e.enums {
			vals = append(vals, txt(strLit(v)))
		}
		return tsType{members: vals}
	}
	if ct := pick(func(t *pgType) bool { return len(t.attrs) > 0 }); ct != nil {
		if _, ok := g.bySchema[ct.schema]; ok {
			return single(fmt.Sprintf("Database[%s][\"CompositeTypes\"][%s]", strLit(ct.schema), strLit(ct.name)))
		}
		return single("unknown")
	}
	for _, kind := range []struct {
		list []*relation
		name string
	}{{g.tables, "Tables"}, {g.views, "Views"}} {
		var found *relation
		for _, r := range kind.list {
			if r.name == typName {
				if found == nil || r.schema == schema && found.schema != schema {
					found = r
				}
			}
		}
		if found != nil {
			return single(fmt.Sprintf("Database[%s][%q][%s][\"Row\"]", strLit(found.schema), kind.name, strLit(found.name)))
		}
	}
	return single("unknown")
}
