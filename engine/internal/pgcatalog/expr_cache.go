package pgcatalog

import (
	"sync"

	pg "github.com/pganalyze/pg_query_go/v5"
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
		c.trees = map[string]*pg.Node{}
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
