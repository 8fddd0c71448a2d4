package typegen

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgtext"
)

// Catalog values arrive in PostgreSQL's text format (internal/pgtext).
var (
	atoiU         = pgtext.Uint32
	atoi          = pgtext.Int
	str           = pgtext.Str
	boolean       = pgtext.Bool
	char          = pgtext.Char
	parseArray    = pgtext.Array
	parseIntArray = pgtext.IntArray
)

// querier runs one catalog query and returns its result in text format
// (nil for NULL) with the result columns' type OIDs. The engine session
// implements it; tests also run the generator against real PostgreSQL.
type querier interface {
	query(ctx context.Context, sql string) (cols []resultCol, rows [][]*string, err error)
}

type resultCol struct {
	name string
	oid  uint32
}

type sessionQuerier struct{ s *engine.Session }

func (q sessionQuerier) query(ctx context.Context, sql string) ([]resultCol, [][]*string, error) {
	rows, err := q.s.Query(ctx, sql)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var cols []resultCol
	for _, c := range rows.Columns() {
		cols = append(cols, resultCol{c.Name, c.TypeOID})
	}
	out, err := rows.TextRows()
	return cols, out, err
}

// catalog is what postgres-meta's typegen reads: schemas, relations with
// their columns, types with enum labels and composite attributes, foreign
// keys and functions.
type catalog struct {
	namespaces map[uint32]string
	schemaOIDs map[string]uint32
	rels       map[uint32]*relation
	relOrder   []*relation // by OID
	types      map[uint32]*pgType
	typeOrder  []*pgType // by OID
	cons       []*constraint
	funcs      []*function
	// viewUpdatable is information_schema.views.is_updatable per view.
	viewUpdatable map[[2]string]bool
	// viewDefs are the views' definitions information_schema.views shows
	// (NULL, so absent, for a view the user does not own).
	viewDefs map[[2]string]string
}

type relation struct {
	oid    uint32
	schema string
	name   string
	kind   byte // r, v, m, f, p, c
	cols   []*column
	typeID uint32 // the row type (pg_type.typrelid = oid)
}

type column struct {
	name       string
	num        int
	typeID     uint32
	notNull    bool
	hasDefault bool
	identity   byte // 0, 'a' or 'd'
	updatable  bool
}

type pgType struct {
	oid      uint32
	name     string
	schema   string
	typtype  byte
	elem     uint32
	base     uint32
	relid    uint32
	notNull  bool
	enums    []string
	attrs    []*column // composite (relkind 'c') attributes
	relKind  byte      // kind of typrelid's relation, 0 if none
	included bool      // postgres-meta's types.list lists it
}

type constraint struct {
	name      string
	schema    string
	kind      byte
	rel       uint32
	frel      uint32
	key, fkey []int
}

type function struct {
	oid         uint32
	schema      string
	name        string
	retType     uint32
	retSet      bool
	rows        float64
	nargs       int
	ndefaults   int
	args        []funcArg
	argTypesStr string // pg_get_function_arguments
	resultStr   string // pg_get_function_result
}

type funcArg struct {
	mode       string // in, out, inout, variadic, table
	name       string
	typeID     uint32
	hasDefault bool
}

func (c *catalog) typeName(oid uint32) (string, bool) {
	t, ok := c.types[oid]
	if !ok {
		return "", false
	}
	return t.name, true
}

// format is postgres-meta's column "format": the base type's name for a
// domain, else the type's name.
func (c *catalog) format(oid uint32) string {
	t, ok := c.types[oid]
	if !ok {
		return ""
	}
	if t.typtype == 'd' {
		if b, ok := c.types[t.base]; ok {
			return b.name
		}
	}
	return t.name
}

const (
	qNamespaces = `select oid, nspname from pg_catalog.pg_namespace`
	qClasses    = `select oid, relname, relnamespace, relkind from pg_catalog.pg_class`
	qAttributes = `select attrelid, attname, atttypid, attnum, attnotnull, atthasdef, attidentity, attisdropped from pg_catalog.pg_attribute`
	qTypes      = `select oid, typname, typnamespace, typtype, typelem, typbasetype, typrelid, typnotnull from pg_catalog.pg_type`
	qEnums      = `select enumtypid, enumlabel from pg_catalog.pg_enum order by enumtypid, enumsortorder`
	qCons       = `select conname, connamespace, contype, conrelid, confrelid, conkey, confkey, conparentid from pg_catalog.pg_constraint`
	qViews      = `select table_schema, table_name, is_updatable, view_definition from information_schema.views`
	// qFuncs leaves out pg_catalog's built-in functions (its OID is fixed
	// at 11): types are generated for user schemas only
	qFuncs = `select p.oid, p.pronamespace, p.proname, p.prorettype, p.proretset, p.prorows, p.pronargs, p.pronargdefaults, coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames, pg_catalog.pg_get_function_arguments(p.oid), pg_catalog.pg_get_function_result(p.oid) from pg_catalog.pg_proc p where p.prokind = 'f' and p.pronamespace <> 11`
)

func loadCatalog(ctx context.Context, q querier) (*catalog, error) {
	c := &catalog{
		namespaces:    map[uint32]string{},
		schemaOIDs:    map[string]uint32{},
		rels:          map[uint32]*relation{},
		types:         map[uint32]*pgType{},
		viewUpdatable: map[[2]string]bool{},
		viewDefs:      map[[2]string]string{},
	}
	run := func(sql string) ([][]*string, error) {
		_, rows, err := q.query(ctx, sql)
		if err != nil {
			return nil, fmt.Errorf("typegen: reading the catalog: %w", err)
		}
		return rows, nil
	}
	rows, err := run(qNamespaces)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		c.namespaces[atoiU(r[0])] = str(r[1])
		c.schemaOIDs[str(r[1])] = atoiU(r[0])
	}
	if rows, err = run(qClasses); err != nil {
		return nil, err
	}
	// filters run here rather than in SQL: cheaper on the engine's
	// virtual catalog tables
	for _, r := range rows {
		switch char(r[3]) {
		case 'r', 'v', 'm', 'f', 'p', 'c':
		default:
			continue
		}
		rel := &relation{oid: atoiU(r[0]), name: str(r[1]), schema: c.namespaces[atoiU(r[2])], kind: char(r[3])}
		c.rels[rel.oid] = rel
		c.relOrder = append(c.relOrder, rel)
	}
	sort.Slice(c.relOrder, func(i, j int) bool { return c.relOrder[i].oid < c.relOrder[j].oid })
	if rows, err = run(qAttributes); err != nil {
		return nil, err
	}
	for _, r := range rows {
		rel, ok := c.rels[atoiU(r[0])]
		if !ok || atoi(r[3]) <= 0 || boolean(r[7]) {
			continue
		}
		rel.cols = append(rel.cols, &column{
			name: str(r[1]), typeID: atoiU(r[2]), num: atoi(r[3]), notNull: boolean(r[4]),
			hasDefault: boolean(r[5]), identity: char(r[6]),
		})
	}
	for _, rel := range c.relOrder {
		sort.Slice(rel.cols, func(i, j int) bool { return rel.cols[i].num < rel.cols[j].num })
	}
	if rows, err = run(qTypes); err != nil {
		return nil, err
	}
	for _, r := range rows {
		t := &pgType{oid: atoiU(r[0]), name: str(r[1]), schema: c.namespaces[atoiU(r[2])], typtype: char(r[3]),
			elem: atoiU(r[4]), base: atoiU(r[5]), relid: atoiU(r[6]), notNull: boolean(r[7])}
		t.included = true
		if t.relid != 0 {
			rel, ok := c.rels[t.relid]
			t.included = ok
			if ok {
				t.relKind = rel.kind
				rel.typeID = t.oid
				if rel.kind == 'c' {
					t.attrs = rel.cols
				}
			}
		}
		c.types[t.oid] = t
		c.typeOrder = append(c.typeOrder, t)
	}
	// pseudo-types a function can return, for an engine whose pg_type
	// does not list them
	for oid, name := range map[uint32]string{2278: "void", 2249: "record", 2279: "trigger", 3838: "event_trigger"} {
		if _, ok := c.types[oid]; !ok {
			t := &pgType{oid: oid, name: name, schema: "pg_catalog", typtype: 'p', included: true}
			c.types[oid] = t
			c.typeOrder = append(c.typeOrder, t)
		}
	}
	sort.Slice(c.typeOrder, func(i, j int) bool { return c.typeOrder[i].oid < c.typeOrder[j].oid })
	if rows, err = run(qEnums); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if t, ok := c.types[atoiU(r[0])]; ok {
			t.enums = append(t.enums, str(r[1]))
		}
	}
	if rows, err = run(qCons); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if k := char(r[2]); k != 'p' && k != 'u' && k != 'f' || atoiU(r[7]) != 0 {
			continue
		}
		c.cons = append(c.cons, &constraint{name: str(r[0]), schema: c.namespaces[atoiU(r[1])], kind: char(r[2]),
			rel: atoiU(r[3]), frel: atoiU(r[4]), key: parseIntArray(r[5]), fkey: parseIntArray(r[6])})
	}
	if rows, err = run(qViews); err != nil {
		return nil, err
	}
	for _, r := range rows {
		c.viewUpdatable[[2]string{str(r[0]), str(r[1])}] = str(r[2]) == "YES"
		if r[3] != nil {
			c.viewDefs[[2]string{str(r[0]), str(r[1])}] = *r[3]
		}
	}
	if err := c.loadViewColumns(ctx, q); err != nil {
		return nil, err
	}
	if err := c.loadFunctions(ctx, q); err != nil {
		return nil, err
	}
	return c, nil
}

// loadViewColumns fills in the columns of views whose columns the engine's
// pg_attribute does not list, from the view's result columns (every view
// column is nullable, as in PostgreSQL).
func (c *catalog) loadViewColumns(ctx context.Context, q querier) error {
	for _, rel := range c.relOrder {
		if rel.kind != 'v' && rel.kind != 'm' || len(rel.cols) > 0 || systemSchema(rel.schema) {
			continue
		}
		cols, _, err := q.query(ctx, "select * from "+quoteIdent(rel.schema)+"."+quoteIdent(rel.name)+" limit 0")
		if err != nil {
			return fmt.Errorf("typegen: reading the columns of view %s.%s: %w", rel.schema, rel.name, err)
		}
		for i, rc := range cols {
			rel.cols = append(rel.cols, &column{name: rc.name, num: i + 1, typeID: rc.oid})
		}
	}
	return nil
}

// markUpdatable sets which view columns can be written through the view,
// as pg_column_is_updatable decides for automatically updatable views: the
// view is updatable and the column is a plain reference to a base column.
func (c *catalog) markUpdatable(origins map[uint32][]origin) {
	for _, rel := range c.relOrder {
		switch rel.kind {
		case 'r', 'p', 'f':
			for _, col := range rel.cols {
				col.updatable = true
			}
		case 'v':
			if !c.viewUpdatable[[2]string{rel.schema, rel.name}] {
				continue
			}
			o := origins[rel.oid]
			for i, col := range rel.cols {
				col.updatable = i < len(o) && o[i].rel != 0
			}
		}
	}
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
