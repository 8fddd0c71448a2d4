package cache_test

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/cache"
)

func ExampleLRU() {
	c := cache.New[string, int](cache.Limits{Entries: 2, Bytes: 1 << 10})
	c.Put("select 1", 1, 100)
	c.Put("select 2", 2, 100)
	c.Get("select 1")         // now the most recently used
	c.Put("select 3", 3, 100) // evicts "select 2"
	_, ok := c.Get("select 2")
	fmt.Println(ok, c.Stats())
	// Output: false {1 1 1 2 200}
}
