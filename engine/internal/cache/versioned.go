package cache

// Versioned is an LRU whose entries all belong to one DDL version: a
// lookup or store under another version first drops every entry (the
// invalidation rule, doc.go); a session Clears it when it runs DDL
// itself. The zero value is empty with the default limits.
type Versioned[K comparable, V any] struct {
	lru     LRU[K, V]
	version uint64
}

// SetLimits changes the cache's limits, evicting what no longer fits.
func (c *Versioned[K, V]) SetLimits(l Limits) { c.lru.SetLimits(l) }

// Get returns the entry under k if it was stored under version.
func (c *Versioned[K, V]) Get(k K, version uint64) (V, bool) {
	if c.version != version {
		c.lru.stats.Misses++
		var zero V
		return zero, false
	}
	return c.lru.Get(k)
}

// Put stores v under k for version, unless an entry is there already
// (the first translation of a text stays, as a running plan may hold it).
func (c *Versioned[K, V]) Put(k K, version uint64, v V, size int64) {
	if c.version != version {
		c.lru.Clear()
		c.version = version
	}
	if _, ok := c.lru.Peek(k); ok {
		return
	}
	c.lru.Put(k, v, size)
}

// All yields every entry (LRU.All).
func (c *Versioned[K, V]) All(yield func(K, V) bool) { c.lru.All(yield) }

// Clear drops every entry.
func (c *Versioned[K, V]) Clear() { c.lru.Clear() }

// Stats returns the cache's counters.
func (c *Versioned[K, V]) Stats() Stats { return c.lru.Stats() }
