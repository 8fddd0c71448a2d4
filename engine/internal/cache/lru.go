package cache

// Limits bound one cache: at most Entries entries and Bytes bytes (the sum
// of the sizes the entries were put with). A zero field takes the default
// (DefaultEntries, DefaultBytes): no cache is unbounded.
type Limits struct {
	Entries int
	Bytes   int64
}

// The defaults of a zero Limits field.
const (
	DefaultEntries = 256
	DefaultBytes   = 4 << 20
)

func (l Limits) entries() int {
	if l.Entries > 0 {
		return l.Entries
	}
	return DefaultEntries
}

func (l Limits) bytes() int64 {
	if l.Bytes > 0 {
		return l.Bytes
	}
	return DefaultBytes
}

// Stats are a cache's counters since it was made: lookups that found an
// entry (Hits) or not (Misses), entries dropped to stay within the limits
// (Evictions), and what it holds now.
type Stats struct {
	Hits, Misses, Evictions uint64
	Entries                 int
	Bytes                   int64
}

// Add sums two caches' counters.
func (s Stats) Add(o Stats) Stats {
	return Stats{Hits: s.Hits + o.Hits, Misses: s.Misses + o.Misses, Evictions: s.Evictions + o.Evictions,
		Entries: s.Entries + o.Entries, Bytes: s.Bytes + o.Bytes}
}

// LRU is a map bounded by Limits that evicts its least recently used
// entries to make room. The zero value is an empty cache with the default
// limits. It is not safe for concurrent use (see Shared).
type LRU[K comparable, V any] struct {
	limits Limits
	m      map[K]*node[K, V]
	// root is the sentinel of the recency ring: root.next is the most
	// recently used entry, root.prev the least.
	root  node[K, V]
	bytes int64
	stats Stats
}

type node[K comparable, V any] struct {
	key        K
	val        V
	size       int64
	prev, next *node[K, V]
}

// New returns an empty cache bounded by l.
func New[K comparable, V any](l Limits) *LRU[K, V] {
	return &LRU[K, V]{limits: l}
}

// SetLimits changes the cache's limits, evicting what no longer fits.
func (c *LRU[K, V]) SetLimits(l Limits) {
	c.limits = l
	c.trim()
}

// Get returns the entry under k, making it the most recently used.
func (c *LRU[K, V]) Get(k K) (V, bool) {
	n, ok := c.m[k]
	if !ok {
		c.stats.Misses++
		var zero V
		return zero, false
	}
	c.stats.Hits++
	if c.root.next != n {
		c.unlink(n)
		c.pushFront(n)
	}
	return n.val, true
}

// Peek returns the entry under k without counting a lookup or changing
// its recency.
func (c *LRU[K, V]) Peek(k K) (V, bool) {
	n, ok := c.m[k]
	if !ok {
		var zero V
		return zero, false
	}
	return n.val, true
}

// Put stores v under k, replacing an entry already there, with size its
// approximate cost in bytes, and evicts the least recently used entries
// beyond the limits. An entry larger than the byte limit alone is not
// kept; Put reports whether v was.
func (c *LRU[K, V]) Put(k K, v V, size int64) bool {
	if size > c.limits.bytes() {
		c.Delete(k)
		return false
	}
	if c.m == nil {
		c.m = map[K]*node[K, V]{}
		c.root.next, c.root.prev = &c.root, &c.root
	}
	if n, ok := c.m[k]; ok {
		c.bytes += size - n.size
		n.val, n.size = v, size
		c.unlink(n)
		c.pushFront(n)
	} else {
		n := &node[K, V]{key: k, val: v, size: size}
		c.m[k] = n
		c.bytes += size
		c.pushFront(n)
	}
	c.trim()
	return true
}

// Delete drops the entry under k, if any.
func (c *LRU[K, V]) Delete(k K) {
	if n, ok := c.m[k]; ok {
		c.remove(n)
	}
}

// Clear drops every entry; the counters stay.
func (c *LRU[K, V]) Clear() {
	c.m = nil
	c.root.next, c.root.prev = nil, nil
	c.bytes = 0
}

// All yields every entry, most recently used first, without counting
// lookups or changing recency; the cache must not change meanwhile.
func (c *LRU[K, V]) All(yield func(K, V) bool) {
	if c.m == nil {
		return
	}
	for n := c.root.next; n != &c.root; n = n.next {
		if !yield(n.key, n.val) {
			return
		}
	}
}

// Len is the number of entries.
func (c *LRU[K, V]) Len() int { return len(c.m) }

// Stats returns the cache's counters.
func (c *LRU[K, V]) Stats() Stats {
	s := c.stats
	s.Entries, s.Bytes = len(c.m), c.bytes
	return s
}

func (c *LRU[K, V]) trim() {
	maxN, maxB := c.limits.entries(), c.limits.bytes()
	for len(c.m) > 0 && (len(c.m) > maxN || c.bytes > maxB) {
		c.remove(c.root.prev)
		c.stats.Evictions++
	}
}

func (c *LRU[K, V]) remove(n *node[K, V]) {
	c.unlink(n)
	delete(c.m, n.key)
	c.bytes -= n.size
	n.prev, n.next = nil, nil
}

func (c *LRU[K, V]) unlink(n *node[K, V]) {
	n.prev.next, n.next.prev = n.next, n.prev
}

func (c *LRU[K, V]) pushFront(n *node[K, V]) {
	n.prev, n.next = &c.root, c.root.next
	c.root.next.prev = n
	c.root.next = n
}
