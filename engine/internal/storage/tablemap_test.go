package storage

import "testing"

// TestTableMapCopyOnWrite: a shared copy's changes leave the original as
// it was, shards it did not change stay shared, and changedFrom yields
// the changed shards' tables only.
func TestTableMapCopyOnWrite(t *testing.T) {
	var m tableMap
	tds := map[tableID]*tableData{}
	for id := tableID(1); id <= 100; id++ {
		tds[id] = &tableData{id: id}
		m.set(id, tds[id])
	}
	if m.len() != 100 {
		t.Fatalf("len %d, want 100", m.len())
	}
	c := m.shared()
	repl := &tableData{id: 7}
	c.set(7, repl)
	c.del(8)
	c.set(1000, &tableData{id: 1000})
	c.del(5000) // absent: no change
	if td, _ := m.get(7); td != tds[7] {
		t.Error("the original sees the copy's replacement")
	}
	if _, ok := m.get(8); !ok {
		t.Error("the original lost a table the copy deleted")
	}
	if _, ok := m.get(1000); ok {
		t.Error("the original sees the copy's new table")
	}
	if td, _ := c.get(7); td != repl {
		t.Error("the copy does not see its replacement")
	}
	if m.len() != 100 || c.len() != 100 {
		t.Errorf("len %d and %d, want 100 and 100", m.len(), c.len())
	}
	changed := map[tableID]bool{}
	for id := range c.changedFrom(&m) {
		changed[id] = true
	}
	for _, id := range []tableID{7, 1000} {
		if !changed[id] {
			t.Errorf("changedFrom misses table %d", id)
		}
	}
	if changed[8] {
		t.Error("changedFrom yields a deleted table")
	}
	// 7, 8 and 1000 fall in three shards of about 3 tables each
	if len(changed) > 3*(100/tableShards+2) {
		t.Errorf("changedFrom yields %d tables: shards not shared", len(changed))
	}
	n := 0
	for range c.all() {
		n++
	}
	if n != 100 {
		t.Errorf("all yields %d tables, want 100", n)
	}
}

// TestTableMapCrowdedShard: a shard past its inline room keeps its
// tables findable through sets and deletes in any order, and a copy
// changing it leaves the original's as they were.
func TestTableMapCrowdedShard(t *testing.T) {
	var m tableMap
	want := map[tableID]*tableData{}
	// ids of one shard, set out of order
	for _, k := range []int{9, 3, 17, 1, 12, 5, 20, 7, 14, 2, 11, 19, 4} {
		id := tableID(k * tableShards)
		want[id] = &tableData{id: id}
		m.set(id, want[id])
	}
	check := func(name string, m *tableMap, want map[tableID]*tableData) {
		t.Helper()
		if m.len() != len(want) {
			t.Errorf("%s: len %d, want %d", name, m.len(), len(want))
		}
		for id, td := range want {
			if got, ok := m.get(id); !ok || got != td {
				t.Errorf("%s: table %d not found", name, id)
			}
		}
		var prev tableID
		n := 0
		for id := range m.all() {
			if id <= prev {
				t.Errorf("%s: ids out of order: %d after %d", name, id, prev)
			}
			if want[id] == nil {
				t.Errorf("%s: all yields table %d, not in the map", name, id)
			}
			prev = id
			n++
		}
		if n != len(want) {
			t.Errorf("%s: all yields %d tables, want %d", name, n, len(want))
		}
	}
	check("original", &m, want)
	orig := map[tableID]*tableData{}
	for id, td := range want {
		orig[id] = td
	}
	c := m.shared()
	for _, k := range []int{1, 20, 9} {
		id := tableID(k * tableShards)
		c.del(id)
		delete(want, id)
	}
	id := tableID(8 * tableShards)
	want[id] = &tableData{id: id}
	c.set(id, want[id])
	repl := &tableData{id: 5 * tableShards}
	c.set(repl.id, repl)
	want[repl.id] = repl
	check("copy", &c, want)
	check("original after the copy's changes", &m, orig)
}
