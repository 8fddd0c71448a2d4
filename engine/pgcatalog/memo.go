package pgcatalog

import (
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
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
}

type memoIndexKey struct {
	d   *def
	col int
}

// rowsOf returns d's rows as s sees them, computing them on first use.
func (s *State) rowsOf(d *def) ([]sql.Row, error) {
	s.memo.mu.Lock()
	defer s.memo.mu.Unlock()
	if rows, ok := s.memo.rows[d]; ok {
		return rows, nil
	}
	raw, err := d.rows(s)
	if err != nil {
		return nil, err
	}
	rows := make([]sql.Row, len(raw))
	for i, r := range raw {
		rows[i] = sql.NewRow(r...)
	}
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
