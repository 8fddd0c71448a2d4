package hypo

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tinybase/tinybase/engine/internal/pgident"
)

// FirstNormalOID is PostgreSQL's FirstNormalObjectId: hypopg numbers its
// indexes below it, after the highest OID of pg_class under it, so that
// they never take an OID a real object could get.
const FirstNormalOID = 16384

// Key is one key part of an index: a column or an expression.
type Key struct {
	Column string // "" for an expression
	AttNum int16  // 0 for an expression
	// Expr is an expression key's text, as pg_get_indexdef prints it.
	Expr string
	// Order is the key's ordering as written ("", "DESC", "NULLS FIRST"...).
	Order string
}

// Index is one hypothetical index.
type Index struct {
	OID           uint32
	Name          string
	RelOID        uint32
	Schema, Table string
	AM            string
	AMOID         uint32
	Unique        bool
	Keys          []Key
	Include       []string
	IncludeNums   []int16 // the included columns' numbers
	// Where is the predicate's text ("" for none).
	Where string
	// Size is the estimated size in bytes (hypopg_relation_size).
	Size int64
}

// Plain reports whether every key is a column and there is no
// predicate: the indexes the planner's access paths can use.
func (ix *Index) Plain() bool {
	if ix.Where != "" {
		return false
	}
	for _, k := range ix.Keys {
		if k.Column == "" {
			return false
		}
	}
	return true
}

// Def is the index's definition as hypopg_get_indexdef prints it:
// pg_get_indexdef's text without the index name.
func (ix *Index) Def(quote func(string) string) string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if ix.Unique {
		b.WriteString("UNIQUE ")
	}
	fmt.Fprintf(&b, "INDEX ON %s.%s USING %s (", quote(ix.Schema), quote(ix.Table), ix.AM)
	for i, k := range ix.Keys {
		if i > 0 {
			b.WriteString(", ")
		}
		if k.Column != "" {
			b.WriteString(quote(k.Column))
		} else {
			b.WriteString(k.Expr)
		}
		if k.Order != "" {
			b.WriteString(" " + k.Order)
		}
	}
	b.WriteString(")")
	if len(ix.Include) > 0 {
		parts := make([]string, len(ix.Include))
		for i, c := range ix.Include {
			parts[i] = quote(c)
		}
		b.WriteString(" INCLUDE (" + strings.Join(parts, ", ") + ")")
	}
	if ix.Where != "" {
		b.WriteString(" WHERE " + ix.Where)
	}
	return b.String()
}

// name is hypopg's index name: <oid>, the access method, the table and
// each key column ("expr" for an expression) and included column, joined
// by underscores, cut to PostgreSQL's 63-byte identifiers.
func (ix *Index) name() string {
	parts := []string{ix.AM, ix.Table}
	for _, k := range ix.Keys {
		if k.Column != "" {
			parts = append(parts, k.Column)
		} else {
			parts = append(parts, "expr")
		}
	}
	parts = append(parts, ix.Include...)
	s, _ := pgident.Truncate(fmt.Sprintf("<%d>%s", ix.OID, strings.Join(parts, "_")))
	return s
}

// Set is a session's hypothetical and hidden indexes. Its zero value is
// empty and ready; it is safe for concurrent use (a session's statements
// may run routines on other goroutines).
type Set struct {
	mu     sync.Mutex
	list   []*Index
	hidden map[uint32]*Real // nil for a hypothetical index
}

// Real names a real index (one that hypopg_hide_index hides).
type Real struct {
	Schema, Table, Name string
}

// Add gives ix the lowest free OID from minOID on, and its name, and keeps
// it.
func (s *Set) Add(ix *Index, minOID uint32) *Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	used := map[uint32]bool{}
	for _, x := range s.list {
		used[x.OID] = true
	}
	oid := minOID
	for used[oid] {
		oid++
	}
	ix.OID = oid
	ix.Name = ix.name()
	s.list = append(s.list, ix)
	return ix
}

// List returns the indexes in the order they were created.
func (s *Set) List() []*Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Index(nil), s.list...)
}

// Get returns the index with OID oid.
func (s *Set) Get(oid uint32) (*Index, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, x := range s.list {
		if x.OID == oid {
			return x, true
		}
	}
	return nil, false
}

// Drop removes the index with OID oid; false when there is none.
func (s *Set) Drop(oid uint32) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, x := range s.list {
		if x.OID == oid {
			s.list = append(s.list[:i:i], s.list[i+1:]...)
			delete(s.hidden, oid)
			return true
		}
	}
	return false
}

// Reset removes every hypothetical index (hypopg_reset; hidden real
// indexes stay hidden).
func (s *Set) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, x := range s.list {
		delete(s.hidden, x.OID)
	}
	s.list = nil
}

// Hide hides index oid from EXPLAIN (real names it when it is a real
// index); false when it was hidden already.
func (s *Set) Hide(oid uint32, real *Real) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.hidden[oid]; ok {
		return false
	}
	if s.hidden == nil {
		s.hidden = map[uint32]*Real{}
	}
	s.hidden[oid] = real
	return true
}

// Unhide shows index oid again; false when it was not hidden.
func (s *Set) Unhide(oid uint32) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.hidden[oid]; !ok {
		return false
	}
	delete(s.hidden, oid)
	return true
}

// UnhideAll shows every hidden index again.
func (s *Set) UnhideAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hidden = nil
}

// Hidden lists the hidden indexes' OIDs in ascending order.
func (s *Set) Hidden() []uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]uint32, 0, len(s.hidden))
	for oid := range s.hidden {
		out = append(out, oid)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// IsHidden reports whether index oid is hidden.
func (s *Set) IsHidden(oid uint32) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.hidden[oid]
	return ok
}

// HiddenReal lists the hidden real indexes.
func (s *Set) HiddenReal() []Real {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Real
	for _, r := range s.hidden {
		if r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// Empty reports whether the set has neither hypothetical nor hidden
// indexes (EXPLAIN then plans as always).
func (s *Set) Empty() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.list) == 0 && len(s.hidden) == 0
}
