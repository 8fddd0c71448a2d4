package postgrest

import (
	"context"
	"strconv"
	"strings"
	"sync"
)

// Column is one column of a table or view in the schema cache.
type Column struct {
	Name     string
	Type     string // format_type output
	NotNull  bool
	HasDef   bool
	Position int
}

// Table is a table or view.
type Table struct {
	Schema   string
	Name     string
	Kind     string // r, v, m, f, p
	OID      string
	Columns  []*Column
	PK       []string
	Uniques  [][]string
	FKs      []*ForeignKey // FKs whose source is this table
	Comment  string
	byName   map[string]*Column
	colByNum map[int]*Column
	// computed are the functions f(this row type) usable as columns
	// (scalar results) and as embedded resources (table results), by
	// name (computed.go).
	computed     map[string]*Function
	computedRels map[string]*Function
	defaults     tableDefaults // read on first use (defaults.go)
}

// Column returns the named column.
func (t *Table) Column(name string) *Column { return t.byName[name] }

// ForeignKey is one foreign key constraint.
type ForeignKey struct {
	Name       string
	From       *Table
	FromCols   []string
	To         *Table
	ToCols     []string
	fromUnique bool // FK columns are the PK or a unique key of From (one-to-one)
}

// Function is a function exposed over /rpc.
type Function struct {
	Schema     string
	Name       string
	Args       []FuncArg
	ReturnType string // format_type of the return type
	RetSet     bool
	RetTable   *Table // composite return type that is a table
	RetComp    bool   // returns a composite (row) type
	RetVoid    bool
	Volatile   string // i, s, v
	RowsOne    bool   // declared ROWS 1: a to-one computed relationship even when SETOF
	// Callable: PostgREST exposes the function over /rpc (rpc_match.go).
	Callable bool
}

// FuncArg is one input argument.
type FuncArg struct {
	Name       string
	Type       string
	HasDefault bool
	Composite  bool // a row type: a JSON object argument populates it
}

// schemaCache holds what PostgREST caches: relations, columns, keys,
// relationships and functions of the exposed schemas.
type schemaCache struct {
	tables  map[string]*Table      // "schema.name"
	funcs   map[string][]*Function // "schema.name"
	version uint64
}

func (c *schemaCache) table(schema, name string) *Table { return c.tables[schema+"."+name] }

type cacheHolder struct {
	mu    sync.Mutex
	cur   *schemaCache
	dirty bool
}

// get returns the cache, reloading it when stale.
func (s *Server) schema(ctx context.Context, force bool) (*schemaCache, error) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	var version uint64
	if v, ok := s.cfg.Executor.(Versioned); ok {
		version = v.SchemaVersion()
	}
	if c := s.cache.cur; c != nil && !force && !s.cache.dirty && c.version == version {
		return c, nil
	}
	c, err := loadSchema(ctx, s.cfg.Executor, s.live().Schemas)
	if err != nil {
		return nil, err
	}
	c.version = version
	s.cache.cur, s.cache.dirty = c, false
	return c, nil
}

const relationsSQL = `select n.nspname, c.relname, c.relkind::text, c.oid::int8::text
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r','v','m','f','p') and n.nspname = any($1)`

const columnsSQL = `select a.attrelid::int8::text, a.attnum::text, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull::text, a.atthasdef::text
from pg_catalog.pg_attribute a
where a.attnum > 0 and not a.attisdropped and a.attrelid in (
  select c.oid from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1))
order by 1, 2`

const constraintsSQL = `select co.conname, co.contype::text, co.conrelid::int8::text, co.confrelid::int8::text, co.conkey::text, co.confkey::text
from pg_catalog.pg_constraint co join pg_catalog.pg_class c on c.oid = co.conrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where co.contype in ('p','u','f') and n.nspname = any($1)
order by co.conname`

const functionsSQL = `select n.nspname, p.proname, coalesce(array_to_string(p.proargnames, ','), ''), coalesce(array_to_string(p.proargmodes::text[], ','), ''),
  pg_catalog.pg_get_function_identity_arguments(p.oid), p.pronargdefaults::text, pg_catalog.format_type(p.prorettype, null), p.proretset::text,
  p.provolatile::text, coalesce(t.typrelid, 0)::int8::text, (t.typtype = 'c' or p.prorettype = 2249)::text, (p.prorettype = 2278)::text,
  coalesce((select string_agg(pg_catalog.format_type(x, null), ',') from unnest(p.proargtypes) x), ''), p.prorows::text,
  coalesce((select string_agg((select ty.typtype::text from pg_catalog.pg_type ty where ty.oid = x), ',') from unnest(p.proargtypes) x), ''),
  (p.prorettype = 2279)::text
from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace left join pg_catalog.pg_type t on t.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f'`

func pgArray(ss []string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, s := range ss {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		for _, r := range s {
			if r == '"' || r == '\\' {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
	}
	b.WriteByte('}')
	return b.String()
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func parseIntArray(s string) []int {
	s = strings.Trim(s, "{}")
	if s == "" {
		return nil
	}
	var out []int
	for _, p := range strings.Split(s, ",") {
		n, _ := strconv.Atoi(strings.TrimSpace(p))
		out = append(out, n)
	}
	return out
}

func loadSchema(ctx context.Context, ex Executor, schemas []string) (*schemaCache, error) {
	c := &schemaCache{tables: map[string]*Table{}, funcs: map[string][]*Function{}}
	byOID := map[string]*Table{}
	arr := pgArray(schemas)
	err := ex.Tx(ctx, true, func(q Querier) (bool, error) {
		cons, err := loadRelations(ctx, q, arr, c.tables, byOID)
		if err != nil {
			return false, err
		}
		defs, err := loadViewDefs(ctx, q, arr, c.tables, byOID)
		if err != nil {
			return false, err
		}
		// Views may show tables of schemas that are not exposed (a
		// private schema behind public views): those tables are loaded
		// too, for their keys, but never served or embedded.
		var hidden map[string]*Table
		if hs := hiddenSchemas(defs, schemas); len(hs) > 0 {
			hidden = map[string]*Table{}
			harr := pgArray(hs)
			more, err := loadRelations(ctx, q, harr, hidden, byOID)
			if err != nil {
				return false, err
			}
			cons = append(cons, more...)
			hdefs, err := loadViewDefs(ctx, q, harr, hidden, byOID)
			if err != nil {
				return false, err
			}
			for t, d := range hdefs {
				defs[t] = d
			}
		}
		if err := viewColumns(ctx, q, c, hidden, schemas, defs, byOID); err != nil { // view_keys.go
			return false, err
		}
		names := func(t *Table, nums []int) []string {
			var out []string
			for _, n := range nums {
				if col := t.colByNum[n]; col != nil {
					out = append(out, col.Name)
				}
			}
			return out
		}
		var fks []*ForeignKey
		for _, r := range cons {
			t := byOID[str(r[2])]
			if t == nil {
				continue
			}
			keys := names(t, parseIntArray(str(r[4])))
			switch str(r[1]) {
			case "p":
				t.PK = keys
				t.Uniques = append(t.Uniques, keys)
			case "u":
				t.Uniques = append(t.Uniques, keys)
			case "f":
				to := byOID[str(r[3])]
				if to == nil {
					continue
				}
				fks = append(fks, &ForeignKey{Name: str(r[0]), From: t, FromCols: keys, To: to, ToCols: names(to, parseIntArray(str(r[5])))})
			}
		}
		fks = addViewKeys(c, hidden, schemas, defs, fks) // view_keys.go
		exposed := func(t *Table) bool { return c.tables[t.Schema+"."+t.Name] == t }
		for _, fk := range fks {
			if !exposed(fk.From) || !exposed(fk.To) {
				continue
			}
			for _, u := range fk.From.Uniques {
				if sameSet(u, fk.FromCols) {
					fk.fromUnique = true
				}
			}
			fk.From.FKs = append(fk.From.FKs, fk)
		}
		fr, err := q.Query(ctx, functionsSQL, arr)
		if err != nil {
			return false, err
		}
		for _, r := range fr.Rows {
			f := &Function{Schema: str(r[0]), Name: str(r[1]), ReturnType: str(r[6]), RetSet: isTrue(r[7]),
				Volatile: str(r[8]), RetComp: isTrue(r[10]), RetVoid: isTrue(r[11]), RowsOne: str(r[13]) == "1"}
			if rel := str(r[9]); rel != "0" {
				f.RetTable = byOID[rel]
			}
			argNames := splitNonEmpty(str(r[2]))
			modes := splitNonEmpty(str(r[3]))
			inTypes := splitTypes(str(r[12]))
			ndef, _ := strconv.Atoi(str(r[5]))
			// proargnames covers all args (incl. OUT/TABLE); keep the input ones
			var inNames []string
			for i, n := range argNames {
				if len(modes) == 0 || (i < len(modes) && (modes[i] == "i" || modes[i] == "b" || modes[i] == "v")) {
					inNames = append(inNames, n)
				}
			}
			kinds := splitNonEmpty(str(r[14]))
			for i, typ := range inTypes {
				a := FuncArg{Type: typ, Composite: i < len(kinds) && kinds[i] == "c"}
				if i < len(inNames) {
					a.Name = inNames[i]
				}
				a.HasDefault = i >= len(inTypes)-ndef
				f.Args = append(f.Args, a)
			}
			f.Callable = rpcCallable(f, isTrue(r[15])) // rpc_match.go
			key := f.Schema + "." + f.Name
			c.funcs[key] = append(c.funcs[key], f)
		}
		return false, nil
	})
	if err != nil {
		return nil, err
	}
	for _, fs := range c.funcs {
		sortOverloads(fs) // rpc_match.go
	}
	c.linkComputed() // computed.go
	return c, nil
}

func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// splitTypes splits format_type outputs joined by commas; a type such as
// numeric(10,2) has no typmod here (format_type(x, null)), so commas only
// separate types.
func splitTypes(s string) []string { return splitNonEmpty(s) }

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]bool{}
	for _, x := range a {
		m[x] = true
	}
	for _, x := range b {
		if !m[x] {
			return false
		}
	}
	return true
}

func subset(a, of []string) bool {
	m := map[string]bool{}
	for _, x := range of {
		m[x] = true
	}
	for _, x := range a {
		if !m[x] {
			return false
		}
	}
	return len(a) > 0
}

// qi quotes an identifier.
func qi(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// ql quotes a string literal (standard_conforming_strings is on).
func ql(s string) string { return `'` + strings.ReplaceAll(s, `'`, `''`) + `'` }

// isTrue reads a boolean in either text form (t from the engine's
// output, true from PostgreSQL's bool::text).
func isTrue(p *string) bool { return p != nil && (*p == "t" || *p == "true") }

// loadRelations reads the relations, columns and key constraints of the
// schemas in arr into tables (keyed "schema.name") and byOID, and returns
// the constraint rows.
func loadRelations(ctx context.Context, q Querier, arr string, tables, byOID map[string]*Table) ([][]*string, error) {
	rels, err := q.Query(ctx, relationsSQL, arr)
	if err != nil {
		return nil, err
	}
	for _, r := range rels.Rows {
		t := &Table{Schema: str(r[0]), Name: str(r[1]), Kind: str(r[2]), OID: str(r[3]), byName: map[string]*Column{}, colByNum: map[int]*Column{}}
		tables[t.Schema+"."+t.Name] = t
		byOID[t.OID] = t
	}
	cols, err := q.Query(ctx, columnsSQL, arr)
	if err != nil {
		return nil, err
	}
	for _, r := range cols.Rows {
		t := byOID[str(r[0])]
		if t == nil {
			continue
		}
		n, _ := strconv.Atoi(str(r[1]))
		col := &Column{Name: str(r[2]), Type: str(r[3]), NotNull: isTrue(r[4]), HasDef: isTrue(r[5]), Position: n}
		t.Columns = append(t.Columns, col)
		t.byName[col.Name] = col
		t.colByNum[n] = col
	}
	cons, err := q.Query(ctx, constraintsSQL, arr)
	if err != nil {
		return nil, err
	}
	return cons.Rows, nil
}

// loadViewDefs reads the definitions of the views of the schemas in arr
// (whose relations are tables), skipping the query when there are none.
func loadViewDefs(ctx context.Context, q Querier, arr string, tables, byOID map[string]*Table) (map[*Table]string, error) {
	defs := map[*Table]string{}
	views := false
	for _, t := range tables {
		if t.Kind == "v" || t.Kind == "m" {
			views = true
			break
		}
	}
	if !views {
		return defs, nil
	}
	vr, err := q.Query(ctx, viewsSQL, arr)
	if err != nil {
		return nil, err
	}
	for _, r := range vr.Rows {
		if t := byOID[str(r[0])]; t != nil && r[1] != nil {
			defs[t] = *r[1]
		}
	}
	return defs, nil
}
