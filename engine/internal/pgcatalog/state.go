package pgcatalog

import (
	"hash/fnv"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// State is what one read of a system catalog sees: the session's
// transaction, its object catalog, search path and settings.
type State struct {
	Ctx        *sql.Context
	DB         *storage.Database
	Txn        *storage.Txn
	Catalog    *catalog.Catalog
	SearchPath []string
	User       string
	// CurrentUser is current_user (SET ROLE's role, else User): the role
	// information_schema's visibility rules ask about.
	CurrentUser string
	Database    string
	// Settings are pg_settings' rows; read them with SettingRows, which
	// fills them from LoadSettings on first use (most reads never need
	// them, and listing them costs more than many catalog lookups).
	Settings     []Setting
	LoadSettings func() []Setting
	// SequenceValue is a sequence's last value and whether nextval
	// returned it (pg_sequences.last_value); nil reads as never called.
	SequenceValue func(seq *catalog.Sequence) (last int64, called bool)
	// LoadCursors lists the session's open cursors (pg_cursors).
	LoadCursors func() []CursorRow
	// LoadLocks and LoadActivity list the engine's locks (pg_locks) and
	// sessions (pg_stat_activity).
	LoadLocks    func() []LockRow
	LoadActivity func() []ActivityRow
	// LoadDatabaseStats reports the database's counters (pg_stat_database).
	LoadDatabaseStats func() DatabaseStats
	// Writer applies writes to the catalogs that take them (pg_enum_write.go).
	Writer CatalogWriter
	// Exprs, when set, keeps the parse trees of stored expressions across
	// the States of a session (expr_cache.go).
	Exprs *ExprCache

	memo memo // memo.go
}

// SettingRows returns the run-time parameters, loading them once.
func (s *State) SettingRows() []Setting {
	if s.Settings == nil && s.LoadSettings != nil {
		s.Settings = s.LoadSettings()
	}
	return s.Settings
}

// Setting is one run-time parameter as pg_settings shows it.
type Setting struct {
	Name, Setting, Unit, Category, ShortDesc, ExtraDesc, Context, VarType, Source string
	MinVal, MaxVal                                                                string
	EnumVals                                                                      []string
	BootVal, ResetVal                                                             string
}

// Source builds the State a read sees; the engine's session implements it.
type Source func(ctx *sql.Context) (*State, error)

// Relation is one user table as the catalogs list it.
type Relation struct {
	Schema, Name string
	Table        *storage.Table
}

// Tables lists every table of every schema in pg_class's physical order
// (storage's catalog_order.go: oldest row first, a changed row at the
// end), the order PostgreSQL's catalog scans without ORDER BY show. The
// list is computed once per State and shared: callers must not modify it.
func (s *State) Tables() ([]Relation, error) {
	s.memo.mu.Lock()
	out, done := s.memo.tables, s.memo.tablesDone
	s.memo.mu.Unlock()
	if done {
		return out, nil
	}
	out, err := s.listTables()
	if err != nil {
		return nil, err
	}
	s.memo.mu.Lock()
	s.memo.tables, s.memo.tablesDone = out, true
	s.memo.mu.Unlock()
	return out, nil
}

func (s *State) listTables() ([]Relation, error) {
	names := s.Txn.TablesInCatalogOrder()
	out := make([]Relation, 0, len(names))
	for _, q := range names {
		if storage.IsSystemSchema(q.Schema) {
			continue
		}
		t, ok, err := s.DB.Table(s.Ctx, q.Schema, q.Name)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, Relation{Schema: q.Schema, Name: q.Name, Table: t})
		}
	}
	return out[:len(out):len(out)], nil
}

// Schemas lists the schemas, system ones included, in pg_namespace's
// physical order: initdb's pg_toast, pg_catalog, public (when the store
// created it first, as initdb does; one recreated goes to the end) and
// information_schema, then the store's other schemas in creation order. The list is computed once
// per State and shared: callers must not modify it.
func (s *State) Schemas() []string {
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	if s.memo.schemas == nil {
		stored := s.Txn.SchemasInCatalogOrder()
		out := make([]string, 0, len(stored)+3)
		out = append(out, "pg_toast", "pg_catalog")
		initial := len(stored) > 0 && stored[0] == "public"
		if initial {
			out = append(out, "public")
		}
		out = append(out, "information_schema")
		for i, n := range stored {
			if !storageSystemSchema(n) && (i > 0 || !initial) {
				out = append(out, n)
			}
		}
		s.memo.schemas = out
		s.memo.schemaOIDs = make(map[uint32]string, len(out))
		for _, n := range out {
			s.memo.schemaOIDs[NamespaceOID(n)] = n
		}
	}
	return s.memo.schemas
}

// SchemaByOID returns the name of the schema whose OID is oid.
func (s *State) SchemaByOID(oid uint32) (string, bool) {
	s.Schemas()
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	n, ok := s.memo.schemaOIDs[oid]
	return n, ok
}

// NamespaceOID is the OID of a schema: PostgreSQL's fixed ones for the
// built-in schemas, a stable hash for the rest.
func NamespaceOID(name string) uint32 {
	switch name {
	case "pg_catalog":
		return 11
	case "pg_toast":
		return 99
	case "public":
		return 2200
	case "information_schema":
		return 13183
	}
	return stableOID("n:" + name)
}

// RelationOID is the OID of a user table: a stable hash of its qualified
// name, in the range PostgreSQL gives user objects (>= 16384).
func RelationOID(schema, name string) uint32 {
	return stableOID("r:" + schema + "." + name)
}

func stableOID(key string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(key))
	return 16384 + h.Sum32()%(1<<31-16384)
}

// visible reports whether schema is on the search path (pg_catalog always is).
// SchemaVisible reports whether schema is on the session's search path
// (format_type qualifies a type whose schema is not).
func (s *State) SchemaVisible(schema string) bool { return s.visible(schema) }

// defaultNeedsDeparse reports whether a column default of a table in
// schema prints otherwise than it is stored: a table off the search path
// (pg_dump empties it) or a sequence prints qualified, and a function the
// default names qualified (the form it is stored in) prints bare when the
// search path finds it (Supabase's extensions.uuid_generate_v4(), which
// TypeORM compares with uuid_generate_v4()), and a literal stored with
// the cast to the column's type prints as the constant it is ('0'::boolean
// is false, '3'::integer is 3, as knex reads them back), and so does a
// regclass constant, which follows its relation's renames.
func (s *State) defaultNeedsDeparse(schema, text string) bool {
	return !s.visible(schema) || strings.Contains(text, "nextval(") || strings.Contains(text, "'::") || strings.Contains(text, "::regclass") || qualifiedCall.MatchString(text)
}

// qualifiedCall finds a schema-qualified function call in SQL text.
var qualifiedCall = regexp.MustCompile(`[A-Za-z_"][\w$"]*\.[A-Za-z_"][\w$"]*\(`)

func (s *State) visible(schema string) bool {
	if schema == "pg_catalog" {
		return true
	}
	for _, p := range s.SearchPath {
		if p == schema {
			return true
		}
	}
	return false
}

// typeVisible reports whether the search path finds user type t by its
// bare name: the first schema on it with a type of that name is t's
// (PostgreSQL's TypeIsVisible).
func (s *State) typeVisible(t *types.Type) bool {
	for _, sc := range s.SearchPath {
		if sc == "pg_catalog" {
			continue
		}
		if sc == t.Schema {
			return true
		}
		if _, ok := s.Catalog.Type(catalog.QName{Schema: sc, Name: t.Name}); ok {
			return false
		}
	}
	return false
}

// Indexes lists r's indexes as PostgreSQL has them: without the ones GMS
// adds to support foreign keys, which PostgreSQL does not create. The
// list is computed once per State and shared: callers must not modify it.
func (s *State) Indexes(r Relation) ([]storage.IndexInfo, error) {
	key := r.Schema + "." + r.Name
	s.memo.mu.Lock()
	out, ok := s.memo.indexes[key]
	s.memo.mu.Unlock()
	if ok {
		return out, nil
	}
	all, err := r.Table.Indexes(s.Ctx)
	if err != nil {
		return nil, err
	}
	out = all[:0]
	for _, ix := range all {
		if !ix.ForFK {
			out = append(out, ix)
		}
	}
	out = out[:len(out):len(out)]
	s.memo.mu.Lock()
	if s.memo.indexes == nil {
		s.memo.indexes = map[string][]storage.IndexInfo{}
	}
	s.memo.indexes[key] = out
	s.memo.mu.Unlock()
	return out, nil
}
