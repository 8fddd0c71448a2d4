package session

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

var _ storage.SystemSchemas = (*Session)(nil)

// SystemTable implements storage.SystemSchemas: pg_catalog and
// information_schema relations, computed from this session on each read.
func (s *Session) SystemTable(_ *sql.Context, schema, name string) (sql.Table, bool) {
	t, ok := pgcatalog.Lookup(schema, name, s.catalogState)
	if !ok {
		return nil, false
	}
	return t, true
}

// catalogReads keeps the State of the running statement's catalog reads,
// so that the relations it joins are computed once (pgcatalog/memo.go),
// and the schema-derived relations of the previous statement's, which
// stay current until the key changes.
type catalogReads struct {
	key   catalogReadKey
	ctx   *sql.Context
	state *pgcatalog.State
}

// catalogReadKey is what the schema-derived catalog rows depend on: the
// transaction's root (any write after a savepoint, rollback to one or
// refresh to another commit moves it; a committed root never changes, so
// consecutive read-only statements share it), DDL (this session's cache
// generation, committed DDL elsewhere), the catalog value, role and
// search path.
type catalogReadKey struct {
	root       any
	meta       any
	ddl, gen   uint64
	user, role string
	path       string
}

// catalogState is what a system catalog read sees: this session's
// transaction, catalog, search path and settings.
func (s *Session) catalogState(ctx *sql.Context) (*pgcatalog.State, error) {
	txn := s.StorageTxn()
	path := s.SearchPath()
	meta := txn.Meta()
	role := s.currentUserName()
	key := catalogReadKey{root: txn.Version(), meta: meta, ddl: s.eng.ddlVersion.Load(), gen: s.cache.gen,
		user: s.user, role: role, path: s.searchPathKey()}
	if s.cat.state != nil && s.cat.key == key && s.cat.ctx == ctx {
		return s.cat.state, nil
	}
	st := &pgcatalog.State{
		Ctx:               ctx,
		DB:                s.eng.provider.DB(),
		Txn:               txn,
		Catalog:           catalog.Of(meta),
		SearchPath:        path,
		User:              s.user,
		CurrentUser:       role,
		Database:          s.Database(),
		LoadSettings:      s.settingsRows,
		SequenceValue:     ddlHost{s}.SequenceValue,
		LoadCursors:       s.cursorRows,     // cursor.go
		LoadLocks:         s.lockRows,       // lock_waits.go
		LoadActivity:      s.activityRows,   // lock_waits.go
		LoadDatabaseStats: s.databaseStats,  // database_stats.go
		Writer:            catalogWriter{s}, // catalog_write.go
		Exprs:             &s.catExprs,
	}
	if s.cat.state != nil && s.cat.key == key {
		st.KeepSchemaRows(s.cat.state) // pgcatalog/memo.go
	}
	s.cat = catalogReads{key: key, ctx: ctx, state: st}
	return st, nil
}

// currentCatalogState is the running statement's catalog State when it is
// still current, for lookups made without the statement's context (regclass
// output, casts); otherwise a new one.
func (s *Session) currentCatalogState() (*pgcatalog.State, error) {
	if s.cat.state != nil {
		txn := s.StorageTxn()
		key := catalogReadKey{root: txn.Version(), meta: txn.Meta(), ddl: s.eng.ddlVersion.Load(), gen: s.cache.gen,
			user: s.user, path: s.searchPathKey()}
		if key == s.cat.key {
			return s.cat.state, nil
		}
	}
	return s.catalogState(s.gmsContext())
}

// settingsRows lists the parameters pg_settings shows, sorted by name as
// PostgreSQL sorts them: numbers in the parameter's base unit (work_mem
// in kB, shared_buffers in 8kB pages). source says where the value comes
// from: the session's SET, the client's startup packet, the role's or
// database's ALTER ... SET, the server's configuration (a reset value other than PostgreSQL's
// compiled-in one), else default.
func (s *Session) settingsRows() []pgcatalog.Setting {
	login := map[string]string{}
	for _, kv := range security.LoginSettings(s.catalog(), s.user) {
		login[strings.ToLower(kv[0])] = kv[1]
	}
	loginSource := s.loginSources()
	out := make([]pgcatalog.Setting, 0, len(gucs))
	for key, g := range gucs {
		info := g.info
		if info == nil {
			continue
		}
		v, _ := s.Setting(g.name)
		boot := g.def
		if g.boot != "" {
			boot = g.boot
		}
		setting := baseValue(g, v)
		if showHooked(key) {
			setting = v
		}
		st := pgcatalog.Setting{Name: g.name, Setting: setting, Unit: info.Unit, Category: info.Category,
			ShortDesc: info.ShortDesc, ExtraDesc: info.ExtraDesc, Context: info.Context, VarType: info.VarType,
			Source: info.Source, MinVal: info.Min, MaxVal: info.Max, EnumVals: info.EnumVals,
			BootVal: baseValue(g, boot), ResetVal: baseValue(g, g.def)}
		if !g.fixed {
			// PostgreSQL's compiled-in value, where tinybase starts
			// elsewhere as initdb or Supabase's configuration does
			// (TimeZone GMT, client_encoding SQL_ASCII, jit on)
			st.BootVal = info.Boot
		}
		if st.ResetVal != info.Reset && !g.fixed || g.def != boot {
			st.Source = "configuration file"
		}
		if lv, ok := login[key]; ok {
			st.Source, st.ResetVal = loginSource[key], baseValue(g, lv)
			if n, err := normalizeSetting(key, lv); err == nil {
				st.ResetVal = baseValue(g, n)
			}
		}
		cv, client := s.clientSettings[key]
		if client {
			st.Source, st.ResetVal = "client", baseValue(g, cv)
		}
		raw := s.rawSetting(key) // file modes before their octal show hook
		if _, set := s.settings[sessionSourceKey+key]; set || raw != g.def && (login[key] == "" || raw != login[key]) && (!client || raw != cv) {
			st.Source = "session"
		}
		if g.kind == gucEnum && st.EnumVals == nil {
			st.EnumVals = g.choices
		}
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out
}

// loginSources names where each login setting of the session's user
// comes from, as pg_settings.source does (GucSource_Names): ALTER ROLE
// ALL ... SET is global, ALTER DATABASE ... SET database, ALTER ROLE ...
// SET user, ALTER ROLE ... IN DATABASE ... SET database user, each
// overriding the ones before it as security.LoginSettings applies them.
func (s *Session) loginSources() map[string]string {
	cat := s.catalog()
	var role, roleDB []string
	if r, ok := cat.Role(s.user); ok {
		role, roleDB = r.Settings, r.DBSettings
	}
	out := map[string]string{}
	for _, l := range []struct {
		source string
		kvs    []string
	}{{"global", cat.AllRoleSettings()}, {"database", cat.DatabaseSettings()}, {"user", role}, {"database user", roleDB}} {
		for _, kv := range l.kvs {
			k, _, _ := strings.Cut(kv, "=")
			out[strings.ToLower(k)] = l.source
		}
	}
	return out
}

// baseValue is a value as SHOW prints it turned into pg_settings' form:
// integers and reals as a number of the parameter's unit.
func baseValue(g *guc, v string) string {
	switch g.kind {
	case gucInt:
		if n, _, ok := parseGUCInt(v, g.unit()); ok {
			return strconv.FormatInt(n, 10)
		}
	case gucReal:
		if f, _, ok := parseGUCReal(v, g.unit()); ok {
			return formatCG(f)
		}
	}
	return v
}

// sessionRelations implements types.RelationResolver for regclass casts
// through the session's catalog and search path.
type sessionRelations struct{ s *Session }

var _ types.RelationResolver = sessionRelations{}

// RelationOID resolves a regclass name as 'name'::regclass::oid does.
func (r sessionRelations) RelationOID(name string) (uint32, error) {
	if name == "-" {
		return 0, nil // regclassin's InvalidOid, as RelationName prints it
	}
	st, err := r.s.currentCatalogState()
	if err != nil {
		return 0, err
	}
	return st.RelOIDOf(name, func(name string) (uint32, error) { return r.resolve(st, name) })
}

// Database implements types.DatabaseNamer.
func (r sessionRelations) Database() string { return r.s.Database() }

// resolve finds a regclass name on the session's search path.
func (r sessionRelations) resolve(st *pgcatalog.State, name string) (uint32, error) {
	q := parseRelName(name)
	schemas := r.s.lookupSchemas(q.Schema)
	if q.Schema == "" {
		schemas = append([]string{"pg_catalog"}, schemas...)
	}
	for _, sc := range schemas {
		if oid, ok := st.OIDOf(sc, q.Name); ok {
			return oid, nil
		}
	}
	if q.Schema != "" && !slices.Contains(st.Schemas(), q.Schema) {
		return 0, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", q.Schema)
	}
	return 0, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Display())
}

// RelationName prints a relation OID as regclass output does: the name,
// qualified when the search path does not find it, or the number.
func (r sessionRelations) RelationName(oid uint32) string {
	if oid == 0 {
		return "-" // regclassout's InvalidOid
	}
	st, err := r.s.currentCatalogState()
	if err != nil {
		return strconv.FormatUint(uint64(oid), 10)
	}
	rel, ok, err := st.RelationByOID(oid)
	if err != nil || !ok {
		return strconv.FormatUint(uint64(oid), 10)
	}
	if first, err := r.RelationOID(quoteIdentPart(rel.Name)); err == nil && first == oid {
		return quoteIdentPart(rel.Name)
	}
	return quoteIdentPart(rel.Schema) + "." + quoteIdentPart(rel.Name)
}

var _ storage.SequenceRelations = (*gmsSession)(nil)

// SequenceTable implements storage.SequenceRelations: a sequence of the
// catalog read as a relation (pgcatalog.SequenceRelation).
func (g *gmsSession) SequenceTable(_ *sql.Context, schema, name string) (sql.Table, bool) {
	s := g.s
	if _, ok := s.catalog().Sequence(catalog.QName{Schema: schema, Name: name}); !ok {
		return nil, false
	}
	return pgcatalog.SequenceRelation(schema, name, s.catalogState)
}
