package pgcatalog

import (
	"slices"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"

	"github.com/dolthub/go-mysql-server/sql"
)

// createIndexComment marks indexes made by CREATE INDEX rather than by a
// UNIQUE constraint (the engine's ddl_index.go sets it).
const createIndexComment = "tinybase: CREATE INDEX"

// constraint is one table constraint as the catalogs list it.
type constraint struct {
	Name    string
	Kind    string // PRIMARY KEY, UNIQUE, FOREIGN KEY, CHECK, EXCLUDE
	Columns []string
	Include []string // a UNIQUE or PRIMARY KEY constraint's INCLUDE columns
	FK      *sql.ForeignKeyConstraint
	Check   string
	// NotValid: a CHECK added NOT VALID and not validated since
	// (pg_constraint.convalidated false).
	NotValid bool
	// Excl and Index are an EXCLUDE constraint's operators and index.
	Excl  *catalog.Exclusion
	Index *storage.IndexInfo
}

// constraints lists r's check, primary key, unique and foreign key
// constraints, in that order. The list is computed once per State and
// shared: callers must not modify it.
func (s *State) constraints(r Relation) ([]constraint, error) {
	key := r.Schema + "." + r.Name
	s.memo.mu.Lock()
	out, ok := s.memo.constraints[key]
	s.memo.mu.Unlock()
	if ok {
		return out, nil
	}
	out, err := s.listConstraints(r)
	if err != nil {
		return nil, err
	}
	s.memo.mu.Lock()
	if s.memo.constraints == nil {
		s.memo.constraints = map[string][]constraint{}
	}
	s.memo.constraints[key] = out
	s.memo.mu.Unlock()
	return out, nil
}

func (s *State) listConstraints(r Relation) ([]constraint, error) {
	// CREATE TABLE makes its check constraints with the table, then its
	// primary key and unique constraints, then its foreign keys: the
	// order pg_constraint holds them in.
	var out []constraint
	checks, err := r.Table.StoredChecks(s.Ctx)
	if err != nil {
		return nil, err
	}
	notValid, err := r.Table.NotValidChecks(s.Ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range checks {
		out = append(out, constraint{Name: c.Name, Kind: "CHECK", Check: c.CheckExpression, NotValid: slices.Contains(notValid, c.Name)})
	}
	idx, err := s.Indexes(r)
	if err != nil {
		return nil, err
	}
	for _, ix := range idx {
		if ix.PrimaryKey {
			out = append(out, constraint{Name: ix.Name, Kind: "PRIMARY KEY", Columns: ix.Columns, Include: ix.AM.Include})
		}
	}
	gmsIdx, err := r.Table.GetIndexes(s.Ctx)
	if err != nil {
		return nil, err
	}
	constraintIdx := map[string]bool{}
	for _, ix := range gmsIdx {
		if ix.IsUnique() && ix.Comment() != createIndexComment {
			constraintIdx[ix.ID()] = true
		}
	}
	for _, ix := range idx {
		if !ix.PrimaryKey && ix.Unique && !ix.Expression && !ix.Partial && constraintIdx[ix.Name] {
			out = append(out, constraint{Name: ix.Name, Kind: "UNIQUE", Columns: ix.Columns, Include: ix.AM.Include})
		}
	}
	for i, ix := range idx {
		if ex, ok := s.Catalog.Exclusion(catalog.QName{Schema: r.Schema, Name: r.Name}, ix.Name); ok && (len(ex.Ops) == len(ix.Columns) || ix.Expression && len(ex.Ops) == len(ix.Source)) {
			out = append(out, constraint{Name: ix.Name, Kind: "EXCLUDE", Columns: ix.Columns, Excl: &ex, Index: &idx[i]})
		}
	}
	fks, err := r.Table.GetDeclaredForeignKeys(s.Ctx)
	if err != nil {
		return nil, err
	}
	for i := range fks {
		fk := fks[i]
		out = append(out, constraint{Name: fk.Name, Kind: "FOREIGN KEY", Columns: fk.Columns, FK: &fk})
	}
	return out[:len(out):len(out)], nil
}
