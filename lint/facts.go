package lint

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgtext"
)

// Catalog values arrive in PostgreSQL's text format (internal/pgtext).
var (
	u32        = pgtext.Uint32
	str        = pgtext.Str
	isTrue     = pgtext.Bool
	char       = pgtext.Char
	parseArray = pgtext.Array
)

// querier runs one catalog query, returning rows in text format (nil for
// NULL). The engine session implements it; tests also use real PostgreSQL.
type querier interface {
	query(ctx context.Context, sql string) ([][]*string, error)
}

type sessionQuerier struct{ s *engine.Session }

func (q sessionQuerier) query(ctx context.Context, sql string) ([][]*string, error) {
	rows, err := q.s.Query(ctx, sql)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return rows.TextRows()
}

type fact string

const (
	factPolicies  fact = "policies"
	factFunctions fact = "functions"
)

// facts is the catalog snapshot the lints read.
type facts struct {
	exposed    map[string]bool
	namespaces map[uint32]string
	rels       map[uint32]*rel
	relOrder   []*rel
	cons       []*con
	indexes    []*index
	extensions []extension
	extOwned   map[uint32]bool // objects that belong to an extension
	policies   []*policy
	roles      []role
	functions  []function
	views      map[uint32]string // view / materialized view definitions
	missing    map[fact]string
}

type rel struct {
	oid          uint32
	schema, name string
	kind         byte
	rowSecurity  bool
	options      []string
	anonSelect   bool
	authSelect   bool
}

type con struct {
	name      string
	kind      byte
	rel, frel uint32
	key, fkey []int
	indexOID  uint32
}

type index struct {
	oid     uint32
	rel     uint32
	name    string
	keys    []int
	unique  bool
	primary bool
	valid   bool
	def     string // pg_indexes.indexdef
}

type extension struct {
	name   string
	schema string
}

type policy struct {
	name       string
	rel        uint32
	cmd        byte
	permissive bool
	roles      []uint32
	qual       *string
	withCheck  *string
}

type role struct {
	oid       uint32
	name      string
	bypassRLS bool
}

type function struct {
	oid          uint32
	schema, name string
	config       []string
	src          string
}

// excludedSchemas are splinter's system and Supabase-internal schemas.
var excludedSchemas = map[string]bool{
	"_timescaledb_cache": true, "_timescaledb_catalog": true, "_timescaledb_config": true, "_timescaledb_internal": true,
	"auth": true, "cron": true, "extensions": true, "graphql": true, "graphql_public": true, "information_schema": true,
	"net": true, "pgmq": true, "pgroonga": true, "pgsodium": true, "pgsodium_masks": true, "pgtle": true, "pgbouncer": true,
	"pg_catalog": true, "realtime": true, "repack": true, "storage": true, "supabase_functions": true,
	"supabase_migrations": true, "tiger": true, "topology": true, "vault": true,
}

func sqlstate(err error) string {
	var pe *engine.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	var st interface{ SQLState() string }
	if errors.As(err, &st) {
		return st.SQLState()
	}
	return ""
}

// unavailable reports errors meaning "this catalog fact does not exist in
// this engine": an unknown relation or function, or a feature not
// supported yet.
func unavailable(err error) bool {
	switch sqlstate(err) {
	case "42P01", "42883", "0A000":
		return true
	}
	return false
}

func parseInts(s *string) []int {
	var out []int
	for _, e := range parseArray(s) {
		n, _ := strconv.Atoi(e)
		out = append(out, n)
	}
	return out
}

func loadFacts(ctx context.Context, q querier, opts Options) (*facts, error) {
	f := &facts{
		exposed: map[string]bool{}, namespaces: map[uint32]string{}, rels: map[uint32]*rel{},
		extOwned: map[uint32]bool{}, views: map[uint32]string{}, missing: map[fact]string{},
	}
	must := func(sql string) ([][]*string, error) {
		rows, err := q.query(ctx, sql)
		if err != nil {
			return nil, fmt.Errorf("lint: reading the catalog: %w", err)
		}
		return rows, nil
	}
	// optional: a query over a catalog the engine may not have yet
	optional := func(sql string) ([][]*string, bool, error) {
		rows, err := q.query(ctx, sql)
		if err != nil {
			if unavailable(err) {
				return nil, false, nil
			}
			return nil, false, fmt.Errorf("lint: reading the catalog: %w", err)
		}
		return rows, true, nil
	}

	exposed := opts.ExposedSchemas
	if exposed == nil {
		rows, ok, err := optional(`select pg_catalog.current_setting('pgrst.db_schemas', true)`)
		if err != nil {
			return nil, err
		}
		if ok && len(rows) == 1 && str(rows[0][0]) != "" {
			for _, s := range strings.Split(str(rows[0][0]), ",") {
				exposed = append(exposed, strings.TrimSpace(s))
			}
		} else {
			exposed = []string{"public", "graphql_public"}
		}
	}
	for _, s := range exposed {
		f.exposed[s] = true
	}

	rows, err := must(`select oid, nspname from pg_catalog.pg_namespace`)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		f.namespaces[u32(r[0])] = str(r[1])
	}
	if rows, err = must(`select oid, relname, relnamespace, relkind, relrowsecurity, reloptions from pg_catalog.pg_class`); err != nil {
		return nil, err
	}
	indexNames := map[uint32]string{}
	for _, r := range rows {
		switch char(r[3]) {
		case 'i':
			indexNames[u32(r[0])] = str(r[1])
			continue
		case 'r', 'p', 'v', 'm', 'f':
		default:
			continue
		}
		x := &rel{oid: u32(r[0]), name: str(r[1]), schema: f.namespaces[u32(r[2])], kind: char(r[3]),
			rowSecurity: isTrue(r[4]), options: parseArray(r[5])}
		f.rels[x.oid] = x
		f.relOrder = append(f.relOrder, x)
	}
	// SELECT privilege of the API roles; a server without them (plain
	// PostgreSQL) answers 42704 and they hold nothing.
	rows, ok, err := optional(`select c.oid, pg_catalog.has_table_privilege('anon', c.oid, 'SELECT'), pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT') from pg_catalog.pg_class c where c.relkind in ('r', 'p', 'v', 'm', 'f')`)
	if err != nil && sqlstate(errors.Unwrap(err)) != "42704" {
		return nil, err
	}
	if ok {
		for _, r := range rows {
			if x, found := f.rels[u32(r[0])]; found {
				x.anonSelect, x.authSelect = isTrue(r[1]), isTrue(r[2])
			}
		}
	}
	if rows, err = must(`select conname, contype, conrelid, confrelid, conkey, confkey, conindid from pg_catalog.pg_constraint`); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if k := char(r[1]); k != 'p' && k != 'u' && k != 'f' {
			continue
		}
		f.cons = append(f.cons, &con{name: str(r[0]), kind: char(r[1]), rel: u32(r[2]), frel: u32(r[3]),
			key: parseInts(r[4]), fkey: parseInts(r[5]), indexOID: u32(r[6])})
	}
	if rows, err = must(`select i.indexrelid, i.indrelid, i.indkey, i.indisunique, i.indisprimary, i.indisvalid from pg_catalog.pg_index i`); err != nil {
		return nil, err
	}
	byName := map[[2]string]*index{}
	for _, r := range rows {
		ix := &index{oid: u32(r[0]), rel: u32(r[1]), name: indexNames[u32(r[0])], keys: parseInts(r[2]),
			unique: isTrue(r[3]), primary: isTrue(r[4]), valid: isTrue(r[5])}
		f.indexes = append(f.indexes, ix)
		if x, found := f.rels[ix.rel]; found {
			byName[[2]string{x.schema, ix.name}] = ix
		}
	}
	if rows, err = must(`select schemaname, indexname, indexdef from pg_catalog.pg_indexes`); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if ix, found := byName[[2]string{str(r[0]), str(r[1])}]; found {
			ix.def = str(r[2])
		}
	}
	if rows, err = must(`select extname, extnamespace from pg_catalog.pg_extension`); err != nil {
		return nil, err
	}
	for _, r := range rows {
		f.extensions = append(f.extensions, extension{name: str(r[0]), schema: f.namespaces[u32(r[1])]})
	}
	// objects owned by extensions; the engine's extensions own none
	if rows, ok, err = optional(`select objid from pg_catalog.pg_depend where deptype = 'e'`); err != nil {
		return nil, err
	} else if ok {
		for _, r := range rows {
			f.extOwned[u32(r[0])] = true
		}
	}
	if rows, err = must(`select schemaname, viewname, definition from pg_catalog.pg_views`); err != nil {
		return nil, err
	}
	relByName := map[[2]string]*rel{}
	for _, x := range f.relOrder {
		relByName[[2]string{x.schema, x.name}] = x
	}
	for _, r := range rows {
		if x, found := relByName[[2]string{str(r[0]), str(r[1])}]; found {
			f.views[x.oid] = str(r[2])
		}
	}
	if rows, ok, err = optional(`select schemaname, matviewname, definition from pg_catalog.pg_matviews`); err != nil {
		return nil, err
	} else if ok {
		for _, r := range rows {
			if x, found := relByName[[2]string{str(r[0]), str(r[1])}]; found {
				f.views[x.oid] = str(r[2])
			}
		}
	}
	if err := f.loadPolicies(optional); err != nil {
		return nil, err
	}
	// pg_catalog (OID 11, fixed) is an excluded schema: its built-in
	// functions are not read
	if rows, ok, err = optional(`select p.oid, p.pronamespace, p.proname, p.proconfig, p.prosrc from pg_catalog.pg_proc p where p.pronamespace <> 11`); err != nil {
		return nil, err
	} else if ok {
		for _, r := range rows {
			f.functions = append(f.functions, function{oid: u32(r[0]), schema: f.namespaces[u32(r[1])], name: str(r[2]),
				config: parseArray(r[3]), src: str(r[4])})
		}
	} else {
		f.missing[factFunctions] = "the catalog has no pg_proc"
	}
	return f, nil
}

func (f *facts) loadPolicies(optional func(string) ([][]*string, bool, error)) error {
	rows, ok, err := optional(`select oid, rolname, rolbypassrls from pg_catalog.pg_roles`)
	if err != nil {
		return err
	}
	if ok {
		for _, r := range rows {
			f.roles = append(f.roles, role{oid: u32(r[0]), name: str(r[1]), bypassRLS: isTrue(r[2])})
		}
	}
	rows, ok, err = optional(`select polname, polrelid, polcmd, polpermissive, polroles from pg_catalog.pg_policy`)
	if err != nil {
		return err
	}
	if !ok {
		f.missing[factPolicies] = "the catalog has no pg_policy"
		return nil
	}
	byKey := map[[2]string]*policy{}
	for _, r := range rows {
		p := &policy{name: str(r[0]), rel: u32(r[1]), cmd: char(r[2]), permissive: isTrue(r[3])}
		for _, o := range parseArray(r[4]) {
			n, _ := strconv.ParseUint(o, 10, 32)
			p.roles = append(p.roles, uint32(n))
		}
		f.policies = append(f.policies, p)
		if x, found := f.rels[p.rel]; found {
			byKey[[2]string{x.oid32(), p.name}] = p
		}
	}
	if rows, ok, err = optional(`select schemaname, tablename, policyname, qual, with_check from pg_catalog.pg_policies`); err != nil {
		return err
	} else if !ok {
		f.missing[factPolicies] = "the catalog has no pg_policies"
		return nil
	}
	for _, r := range rows {
		for _, x := range f.relOrder {
			if x.schema == str(r[0]) && x.name == str(r[1]) {
				if p, found := byKey[[2]string{x.oid32(), str(r[2])}]; found {
					p.qual, p.withCheck = r[3], r[4]
				}
			}
		}
	}
	return nil
}

func (x *rel) oid32() string { return strconv.FormatUint(uint64(x.oid), 10) }

// extensionOwned reports objects that belong to an extension.
func (f *facts) extensionOwned(oid uint32) bool { return f.extOwned[oid] }

// securityInvoker reports a view created WITH (security_invoker = on).
func (x *rel) securityInvoker() bool {
	for _, o := range x.options {
		switch strings.ToLower(o) {
		case "security_invoker=1", "security_invoker=true", "security_invoker=yes", "security_invoker=on":
			return true
		}
	}
	return false
}

// pgArray prints names as PostgreSQL prints a text[] ({a,b}), quoting
// elements that need it; splinter's detail strings embed array_agg output.
func pgArray(names []string) string {
	var parts []string
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, `{},"\ `) || strings.EqualFold(n, "null") {
			n = `"` + strings.ReplaceAll(strings.ReplaceAll(n, `\`, `\\`), `"`, `\"`) + `"`
		}
		parts = append(parts, n)
	}
	return "{" + strings.Join(parts, ",") + "}"
}
