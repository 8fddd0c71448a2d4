package pgcatalog

import (
	"sync"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ExprCache keeps the parse trees of stored expressions (index keys and
// predicates) by their source text. Parsing is pure, so a tree outlives
// the State that parsed it: a catalog recomputed after DDL (pg_attribute,
// pg_index after a COMMENT ON) parses only keys it has not seen. A
// session owns one; the zero value is ready. Callers must not modify the
// trees.
type ExprCache struct {
	mu    sync.Mutex
	trees map[string]*pg.Node
	// refs are the column names each text references, in the order of
	// their first reference (a check's conkey: checkColumns)
	refs map[string][]string
}

// maxCachedExprs bounds an ExprCache: past it the cache starts over (a
// session that creates and drops many indexes keeps no stale texts).
const maxCachedExprs = 4096

// parse returns text's parse tree, parsing it on first use.
func (c *ExprCache) parse(text string) (*pg.Node, error) {
	c.mu.Lock()
	n, ok := c.trees[text]
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := parseStoredExpr(text)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.trees == nil || len(c.trees) >= maxCachedExprs {
		c.trees, c.refs = map[string]*pg.Node{}, nil
	}
	c.trees[text] = n
	c.mu.Unlock()
	return n, nil
}

// parseExpr is parseStoredExpr through the session's cache, when the
// State has one.
func (s *State) parseExpr(text string) (*pg.Node, error) {
	if s.Exprs == nil {
		return parseStoredExpr(text)
	}
	return s.Exprs.parse(text)
}

// columnRefs returns the column names text references, in the order of
// their first reference, through the session's cache when the State has
// one.
func (s *State) columnRefs(text string) ([]string, error) {
	c := s.Exprs
	if c != nil {
		c.mu.Lock()
		refs, ok := c.refs[text]
		c.mu.Unlock()
		if ok {
			return refs, nil
		}
	}
	n, err := s.parseExpr(text)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var refs []string
	pgtree.Walk(n, func(m any) bool {
		if cr, ok := m.(*pg.ColumnRef); ok && len(cr.Fields) > 0 {
			if name := cr.Fields[len(cr.Fields)-1].GetString_().GetSval(); name != "" && !seen[name] {
				seen[name] = true
				refs = append(refs, name)
			}
		}
		return true // Walk stops at the first false
	})
	if c != nil {
		c.mu.Lock()
		if c.refs == nil {
			c.refs = map[string][]string{}
		}
		if len(c.refs) < maxCachedExprs {
			c.refs[text] = refs
		}
		c.mu.Unlock()
	}
	return refs, nil
}
