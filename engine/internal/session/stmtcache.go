package session

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// stmtCacheLimits bound each session's statement cache: entries, and
// bytes as stmtSize estimates them.
var stmtCacheLimits = cache.Limits{Entries: 256, Bytes: 8 << 20}

// stmtCache keeps a session's recently run statements parsed and
// translated, so a repeated statement skips pg_query and translation. It is
// per session because translated expressions are bound to the session's
// environment; it is emptied whenever any DDL commits (the engine's
// ddlVersion moves) or the session itself runs DDL, so cached translations
// never see a stale catalog (the rule is engine/internal/cache's).
type stmtCache struct {
	lru cache.Versioned[string, *cachedStmt]
	gen uint64 // counts clears: PL/pgSQL plans compiled before one are stale
}

// stmtSize estimates what a cached statement costs: its key twice (the map
// key and the parse's copy of the text), and the parse, translation and
// analyzed plan, which grow with the text.
func stmtSize(key string) int64 { return 4096 + 16*int64(len(key)) }

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
	// explain is the plan of an EXPLAIN's statement (explain.go).
	explain *explainPlan
}

func (c *stmtCache) get(text string, version uint64) (*cachedStmt, bool) {
	return c.lru.Get(text, version)
}

func (c *stmtCache) put(text string, version uint64, e *cachedStmt) {
	c.lru.Put(text, version, e, stmtSize(text))
}

// entries yields the cached statements by key.
func (c *stmtCache) entries(yield func(string, *cachedStmt) bool) { c.lru.All(yield) }

func (c *stmtCache) clear() {
	c.gen++
	c.lru.Clear()
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

// isDDL reports whether a statement may change the catalog. A DO block
// is not: the statements it runs pass here themselves (runNested), as a
// function's do under SELECT, so its DDL moves the caches' version when
// it runs, and a block that only reads the catalogs (a migration tool's
// loop) keeps its plans and the catalog rows computed for the last
// statement. Nor is COMMENT ON: it changes only the comments, which no
// translation or plan holds (pg_description and obj_description read
// them when they run), and which keep the catalog's shape
// (catalog.SameShape), so a loop commenting each table keeps its plans.
func isDDL(res translate.Result) bool {
	if _, ok := res.Cmd.(*translate.Comment); ok {
		return false
	}
	switch res.Tag {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "EXPLAIN", "SET", "SHOW", "RESET", "BEGIN", "START TRANSACTION",
		"COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "NOTIFY", "LISTEN", "UNLISTEN", "SET CONSTRAINTS", "DO":
		return false
	}
	return true
}
