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
