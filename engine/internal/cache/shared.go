package cache

import "sync"

// Shared is an LRU safe for concurrent use, for the caches an engine's
// sessions share.
type Shared[K comparable, V any] struct {
	mu  sync.Mutex
	lru LRU[K, V]
}

// NewShared returns an empty shared cache bounded by l.
func NewShared[K comparable, V any](l Limits) *Shared[K, V] {
	return &Shared[K, V]{lru: LRU[K, V]{limits: l}}
}

// SetLimits changes the cache's limits, evicting what no longer fits.
func (c *Shared[K, V]) SetLimits(l Limits) {
	c.mu.Lock()
	c.lru.SetLimits(l)
	c.mu.Unlock()
}

// Get returns the entry under k, making it the most recently used.
func (c *Shared[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	v, ok := c.lru.Get(k)
	c.mu.Unlock()
	return v, ok
}

// Put stores v under k with its approximate size in bytes (LRU.Put).
func (c *Shared[K, V]) Put(k K, v V, size int64) bool {
	c.mu.Lock()
	ok := c.lru.Put(k, v, size)
	c.mu.Unlock()
	return ok
}

// Delete drops the entry under k, if any.
func (c *Shared[K, V]) Delete(k K) {
	c.mu.Lock()
	c.lru.Delete(k)
	c.mu.Unlock()
}

// Clear drops every entry.
func (c *Shared[K, V]) Clear() {
	c.mu.Lock()
	c.lru.Clear()
	c.mu.Unlock()
}

// Stats returns the cache's counters.
func (c *Shared[K, V]) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Stats()
}
