package cache

import (
	"slices"
	"testing"
)

// keys lists c's keys, most recently used first.
func keys(c *LRU[string, int]) []string {
	var out []string
	for k := range c.All {
		out = append(out, k)
	}
	return out
}

func TestLRU(t *testing.T) {
	type op struct {
		put  string // key to put (size in size), or "" for a get of get
		size int64
		get  string
	}
	cases := []struct {
		name   string
		limits Limits
		ops    []op
		want   []string
		stats  Stats
	}{
		{"entries evict the least recently used", Limits{Entries: 2, Bytes: 100},
			[]op{{put: "a", size: 1}, {put: "b", size: 1}, {get: "a"}, {put: "c", size: 1}},
			[]string{"c", "a"}, Stats{Hits: 1, Evictions: 1, Entries: 2, Bytes: 2}},
		{"bytes evict until the new entry fits", Limits{Entries: 10, Bytes: 10},
			[]op{{put: "a", size: 4}, {put: "b", size: 4}, {put: "c", size: 4}},
			[]string{"c", "b"}, Stats{Evictions: 1, Entries: 2, Bytes: 8}},
		{"an entry larger than the byte limit is not kept", Limits{Entries: 10, Bytes: 10},
			[]op{{put: "a", size: 4}, {put: "big", size: 11}, {get: "big"}},
			[]string{"a"}, Stats{Misses: 1, Entries: 1, Bytes: 4}},
		{"a put replaces and resizes", Limits{Entries: 10, Bytes: 10},
			[]op{{put: "a", size: 4}, {put: "b", size: 4}, {put: "a", size: 6}},
			[]string{"a", "b"}, Stats{Entries: 2, Bytes: 10}},
		{"zero limits take the defaults", Limits{},
			[]op{{put: "a", size: DefaultBytes}, {put: "b", size: 1}},
			[]string{"b"}, Stats{Evictions: 1, Entries: 1, Bytes: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New[string, int](tc.limits)
			for i, o := range tc.ops {
				if o.put != "" {
					c.Put(o.put, i, o.size)
				} else {
					c.Get(o.get)
				}
			}
			if got := keys(c); !slices.Equal(got, tc.want) {
				t.Errorf("keys %v, want %v", got, tc.want)
			}
			if got := c.Stats(); got != tc.stats {
				t.Errorf("stats %+v, want %+v", got, tc.stats)
			}
		})
	}
}

func TestLRUManyDistinctKeysStayBounded(t *testing.T) {
	c := New[int, int](Limits{Entries: 100, Bytes: 1 << 10})
	for i := 0; i < 100000; i++ {
		c.Put(i, i, 16)
		if c.Len() > 64 { // 1 KiB / 16 bytes
			t.Fatalf("after %d puts: %d entries", i+1, c.Len())
		}
	}
	if v, ok := c.Get(99999); !ok || v != 99999 {
		t.Fatalf("latest entry: %v %v", v, ok)
	}
}

func TestVersioned(t *testing.T) {
	var c Versioned[string, int]
	c.Put("a", 1, 10, 1)
	c.Put("a", 1, 11, 1) // the first stays
	if v, ok := c.Get("a", 1); !ok || v != 10 {
		t.Fatalf("get a@1: %v %v", v, ok)
	}
	if _, ok := c.Get("a", 2); ok {
		t.Fatal("an entry of version 1 found under version 2")
	}
	c.Put("b", 2, 20, 1) // a new version drops version 1's entries
	if _, ok := c.Get("a", 2); ok {
		t.Fatal("a survived the version change")
	}
	c.Clear()
	if _, ok := c.Get("b", 2); ok {
		t.Fatal("b survived Clear")
	}
}

func TestShared(t *testing.T) {
	var c Shared[int, int]
	c.SetLimits(Limits{Entries: 3})
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; i < 1000; i++ {
				c.Put(g*1000+i, i, 1)
				c.Get(g*1000 + i)
			}
			done <- true
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
	if s := c.Stats(); s.Entries != 3 || s.Evictions != 4000-3 {
		t.Fatalf("stats %+v", s)
	}
}
