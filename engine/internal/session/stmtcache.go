package session

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// stmtCacheSize bounds each session's statement cache.
const stmtCacheSize = 256

// stmtCache keeps a session's recently run statements parsed and
// translated, so a repeated statement skips pg_query and translation. It is
// per session because translated expressions are bound to the session's
// environment; it is emptied whenever any DDL commits (the engine's
// ddlVersion moves) or the session itself runs DDL, so cached translations
// never see a stale catalog.
type stmtCache struct {
	version uint64
	entries map[string]*cachedStmt
	order   []string
	gen     uint64 // counts clears: PL/pgSQL plans compiled before one are stale
}

type cachedStmt struct {
	node *pg.Node
	res  translate.Result
	// plan is the statement's analyzed plan, noPlan says it has none that
	// can be reused (plan_cache.go).
	plan   *cachedPlan
	noPlan bool
	// slots are the parameters of a parametric translation; noParam says
	// its plan could not keep them, and the statement is translated with
	// its values instead (plan_param.go).
	slots   *paramSlots
	noParam bool
	// pendingKey is where an INSERT's parametric translation is cached
	// once its plan is kept.
	pendingKey     string
	pendingVersion uint64
}

func (c *stmtCache) get(text string, version uint64) (*cachedStmt, bool) {
	if c.entries == nil || c.version != version {
		return nil, false
	}
	e, ok := c.entries[text]
	return e, ok
}

func (c *stmtCache) put(text string, version uint64, e *cachedStmt) {
	if c.entries == nil || c.version != version {
		c.entries = map[string]*cachedStmt{}
		c.order = c.order[:0]
		c.version = version
	}
	if _, ok := c.entries[text]; ok {
		return
	}
	if len(c.order) >= stmtCacheSize {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	c.entries[text] = e
	c.order = append(c.order, text)
}

func (c *stmtCache) clear() {
	c.gen++
	c.entries = nil
	c.order = nil
}

// cacheable reports whether a translated statement may be reused: queries
// and DELETE. INSERT and UPDATE are not, because prepareDML rewrites their
// AST in place against the table's columns before each planning.
func cacheable(res translate.Result) bool {
	if res.Stmt == nil {
		return false
	}
	switch res.Tag {
	case "SELECT", "DELETE":
		return true
	}
	return false
}

// isDDL reports whether a statement may change the catalog.
func isDDL(res translate.Result) bool {
	switch res.Tag {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "SET", "SHOW", "RESET", "BEGIN", "START TRANSACTION",
		"COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "NOTIFY", "LISTEN", "UNLISTEN":
		return false
	}
	return true
}
