package session

import (
	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// The session's and the engine's caches not kept in the cache files
// themselves (stmtcache.go, plancache.go, plan_cache.go) store their
// entries here, under engine/internal/cache's limits and invalidation
// rule.

// whenLimits bound the engine's prepared trigger WHEN conditions
// (trigger_fire.go), keyed by trigger value: a trigger re-created is a new
// key.
var whenLimits = cache.Limits{Entries: 1024, Bytes: 8 << 20}

// keepWhen stores a trigger's prepared WHEN condition.
func (e *Engine) keepWhen(tg *catalog.Trigger, st *routineStmt) {
	e.routineCache.when.Put(tg, st, 1024+16*int64(len(tg.When)))
}

// CacheStats are the counters of an engine's shared caches.
type CacheStats struct {
	Parses, TriggerWhen cache.Stats
}

// CacheStats reports the engine's shared caches' counters.
func (e *Engine) CacheStats() CacheStats {
	return CacheStats{Parses: e.parses.lru().Stats(), TriggerWhen: e.routineCache.when.Stats()}
}

// SessionCacheStats are the counters of one session's caches.
type SessionCacheStats struct {
	Statements, Templates, CastTypes, PLPlans cache.Stats
}

// CacheStats reports the session's caches' counters.
func (s *Session) CacheStats() SessionCacheStats {
	return SessionCacheStats{Statements: s.cache.lru.Stats(), Templates: s.plans.templates.Stats(), CastTypes: s.plans.casts.Stats(),
		PLPlans: s.routines.PLPlanStats()}
}
