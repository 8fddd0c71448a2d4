package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/storage"
)

// RowCache keeps the rows of the structural catalogs a session has read,
// for as long as what they were computed from stays the same: a frozen
// storage root (its tables and the object catalog in its Meta, see
// storage.Txn.FrozenRoot), the user, the search path and the database.
// Schema tools read the same catalogs again and again between two DDL
// statements (lint reads pg_class twice, typegen and the PostgREST schema
// cache rerun after each migration), and computing pg_attribute or
// pg_class for a hundred tables costs more than planning the query. A
// transaction that has written never hits or fills it. One RowCache
// belongs to one session; it keeps one entry per catalog relation.
type RowCache struct {
	entries map[*def]rowCacheEntry
}

type rowCacheEntry struct {
	root storage.RootID
	key  string
	rows [][]any
}

// cachedDefs are the relations whose rows depend only on the state above
// (not on settings, sequence counters or table data).
var cachedDefs map[*def]bool

func init() {
	cachedDefs = map[*def]bool{}
	for _, n := range []string{"pg_namespace", "pg_class", "pg_attribute", "pg_type", "pg_index", "pg_indexes",
		"pg_constraint", "pg_enum", "pg_proc", "pg_policy", "pg_policies", "pg_roles", "pg_extension",
		"pg_views", "pg_description", "pg_tables", "pg_trigger"} {
		if d, ok := pgCatalog[n]; ok {
			cachedDefs[d] = true
		}
	}
	for _, n := range []string{"tables", "columns", "views", "table_constraints", "key_column_usage",
		"referential_constraints", "constraint_column_usage", "routines", "parameters"} {
		if d, ok := informationSchema[n]; ok {
			cachedDefs[d] = true
		}
	}
}

// rows returns d's rows for s, from the cache when it may.
func (c *RowCache) rows(d *def, s *State) ([][]any, error) {
	if c == nil || !cachedDefs[d] {
		return d.rows(s)
	}
	root, frozen := s.Txn.FrozenRoot()
	if !frozen {
		return d.rows(s)
	}
	key := s.User + "\x00" + s.Database + "\x00" + strings.Join(s.SearchPath, "\x00")
	if e, ok := c.entries[d]; ok && e.root == root && e.key == key {
		return e.rows, nil
	}
	rows, err := d.rows(s)
	if err != nil {
		return nil, err
	}
	if c.entries == nil {
		c.entries = map[*def]rowCacheEntry{}
	}
	c.entries[d] = rowCacheEntry{root: root, key: key, rows: rows}
	return rows, nil
}
