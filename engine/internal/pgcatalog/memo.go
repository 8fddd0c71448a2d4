package pgcatalog

import (
	"maps"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// memo keeps the rows of each catalog relation one State has computed. A
// join of catalogs (psql's \d joins pg_class twice with pg_index) scans its
// inner relations once per outer row; computing the rows once per State
// makes that a scan of a slice. The engine reuses a State for the reads of
// one statement only (until its context, transaction or DDL changes), so
// the rows are never older than the statement.
type memo struct {
	mu   sync.Mutex
	rows map[*def][]sql.Row
	idx  map[memoIndexKey]map[any][]sql.Row

	// what several relations' rows are computed from, once per State:
	// the schemas and their OIDs, the tables, their indexes (state.go)
	// and constraints (constraints.go), by "schema.name". All but the
	// constraints (whose checks may include the running statement's row
	// security checks) are schema-derived.
	schemas     []string
	schemaOIDs  map[uint32]string
	tables      []Relation
	tablesDone  bool
	indexes     map[string][]storage.IndexInfo
	constraints map[string][]constraint
	aclItems    map[catalog.ACLItem]string // aclitem output (pg_roles.go)
	// relOIDs are the relation names regclass input resolved (RelOIDOf)
	relOIDs map[string]uint32
}

// RelOIDOf is the OID a regclass name resolves to on s's search path,
// through resolve once per name: a scan comparing oids with a regclass
// variable casts it per row. Only found names are kept.
func (s *State) RelOIDOf(name string, resolve func(string) (uint32, error)) (uint32, error) {
	s.memo.mu.Lock()
	oid, ok := s.memo.relOIDs[name]
	s.memo.mu.Unlock()
	if ok {
		return oid, nil
	}
	oid, err := resolve(name)
	if err != nil {
		return 0, err
	}
	s.memo.mu.Lock()
	if s.memo.relOIDs == nil {
		s.memo.relOIDs = map[string]uint32{}
	}
	s.memo.relOIDs[name] = oid
	s.memo.mu.Unlock()
	return oid, nil
}

type memoIndexKey struct {
	d   *def
	col int
}

// rowsOf returns d's rows as s sees them, computing them on first use.
func (s *State) rowsOf(d *def) ([]sql.Row, error) {
	s.memo.mu.Lock()
	rows, ok := s.memo.rows[d]
	s.memo.mu.Unlock()
	if ok {
		return rows, nil
	}
	// computed unlocked: a relation's rows may look up another's
	raw, err := d.rows(s)
	if err != nil {
		return nil, err
	}
	// the rows were built for the memo: no copy
	rows = make([]sql.Row, len(raw))
	for i, r := range raw {
		rows[i] = sql.Row(r)
	}
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	if s.memo.rows == nil {
		s.memo.rows = map[*def][]sql.Row{}
	}
	s.memo.rows[d] = rows
	return rows, nil
}

// rowsWhere returns d's rows whose column col equals key, through a hash
// index built on first use.
func (s *State) rowsWhere(d *def, col int, key any) ([]sql.Row, error) {
	rows, err := s.rowsOf(d)
	if err != nil {
		return nil, err
	}
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	k := memoIndexKey{d, col}
	ix, ok := s.memo.idx[k]
	if !ok {
		ix = map[any][]sql.Row{}
		for _, r := range rows {
			ix[r[col]] = append(ix[r[col]], r)
		}
		if s.memo.idx == nil {
			s.memo.idx = map[memoIndexKey]map[any][]sql.Row{}
		}
		s.memo.idx[k] = ix
	}
	return ix[key], nil
}

// schemaDerived are the relations whose rows follow from the schema, the
// catalog value, the role and the search path alone (not from table data,
// sequences or settings): a State may take them over from the previous
// statement's when none of those changed (KeepSchemaRows). It is filled by
// registry.go's init once pgCatalog exists (an init of this file would run
// first and see no relations).
var schemaDerived map[*def]bool

// schemaDerivedDefs lists the schema-derived relations of pgCatalog.
func schemaDerivedDefs() map[*def]bool {
	out := map[*def]bool{}
	for _, n := range []string{"pg_class", "pg_attribute", "pg_index", "pg_constraint", "pg_namespace",
		"pg_attrdef", "pg_trigger", "pg_policy", "pg_policies", "pg_am", "pg_inherits", "pg_enum", "pg_description",
		"pg_statistic_ext", "pg_publication", "pg_publication_namespace", "pg_publication_rel", "pg_depend",
		"pg_type", "pg_collation", "pg_roles", "pg_authid", "pg_auth_members", "pg_proc", "pg_language", "pg_opclass",
		"pg_tablespace", "pg_views", "pg_tables", "pg_matviews", "pg_indexes"} {
		if d, ok := pgCatalog[n]; ok {
			out[d] = true
		}
	}
	// the information_schema views read the same schema through the
	// role's privileges (the role is part of the key)
	for _, d := range informationSchema {
		out[d] = true
	}
	return out
}

// KeepSchemaRows takes over prev's computed rows of the schema-derived
// relations, and its lists of schemas, tables and indexes; the caller has
// checked that nothing they depend on changed.
func (s *State) KeepSchemaRows(prev *State) {
	prev.memo.mu.Lock()
	defer prev.memo.mu.Unlock()
	s.memo.schemas, s.memo.schemaOIDs = prev.memo.schemas, prev.memo.schemaOIDs
	s.memo.tables, s.memo.tablesDone = prev.memo.tables, prev.memo.tablesDone
	s.memo.indexes = maps.Clone(prev.memo.indexes) // each State adds to its own
	s.memo.relOIDs = maps.Clone(prev.memo.relOIDs)
	for d, rows := range prev.memo.rows {
		if schemaDerived[d] {
			if s.memo.rows == nil {
				s.memo.rows = map[*def][]sql.Row{}
			}
			s.memo.rows[d] = rows
		}
	}
	for k, ix := range prev.memo.idx {
		if schemaDerived[k.d] {
			if s.memo.idx == nil {
				s.memo.idx = map[memoIndexKey]map[any][]sql.Row{}
			}
			s.memo.idx[k] = ix
		}
	}
}
