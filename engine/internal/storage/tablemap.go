package storage

import "iter"

// tableShards is how many shards a tableMap splits its tables into.
const tableShards = 32

// tableMap is a root's tables by id, copy-on-write by shard: copying a
// root (every write transaction's first write does) copies the shard
// pointers, and a change copies only the shard it falls in. A new
// project holds 76 tables (the Supabase schemas) and a commit typically
// touches one: a map copied whole cost every autocommit INSERT a pass
// over all of them, and so did comparing a commit's root with its base
// (Committed.SchemaChanged), where shards still shared are equal.
type tableMap struct {
	shards [tableShards]*tableShard // nil: empty
	owned  uint32                   // bit i: shards[i] is this map's own, changeable in place
	n      int
}

// tableShard is one shard's tables sorted by id. A shard is copied whole
// before it changes, and most hold a few tables (76 in a new project over
// 32 shards): up to shardInline of them live in the shard itself, so a
// copy is one allocation (a map was three per write transaction).
type tableShard struct {
	slots  []tableSlot // sorted by id; inline[:n] while it fits
	inline [shardInline]tableSlot
}

type tableSlot struct {
	id tableID
	td *tableData
}

const shardInline = 6

func shardOf(id tableID) int { return int(uint64(id) % tableShards) }

// find returns the position of id in s, or where it would go.
func (s *tableShard) find(id tableID) (int, bool) {
	lo, hi := 0, len(s.slots)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.slots[mid].id < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(s.slots) && s.slots[lo].id == id
}

// newShard returns a shard holding old's slots (old may be nil) with room
// for one more.
func newShard(old *tableShard) *tableShard {
	n := 0
	if old != nil {
		n = len(old.slots)
	}
	s := &tableShard{}
	if n+1 <= shardInline {
		s.slots = s.inline[:n]
	} else {
		s.slots = make([]tableSlot, n, n+1)
	}
	if old != nil {
		copy(s.slots, old.slots)
	}
	return s
}

// shared returns a copy of m that copies a shard before changing it.
func (m *tableMap) shared() tableMap {
	c := *m
	c.owned = 0
	return c
}

func (m *tableMap) get(id tableID) (*tableData, bool) {
	s := m.shards[shardOf(id)]
	if s == nil {
		return nil, false
	}
	if i, ok := s.find(id); ok {
		return s.slots[i].td, true
	}
	return nil, false
}

// own returns shard i, copied first unless m owns it.
func (m *tableMap) own(i int) *tableShard {
	if m.owned&(1<<i) == 0 {
		m.shards[i] = newShard(m.shards[i])
		m.owned |= 1 << i
	}
	return m.shards[i]
}

func (m *tableMap) set(id tableID, td *tableData) {
	s := m.own(shardOf(id))
	i, ok := s.find(id)
	if ok {
		s.slots[i].td = td
		return
	}
	s.slots = append(s.slots, tableSlot{}) // in inline while it fits
	copy(s.slots[i+1:], s.slots[i:])
	s.slots[i] = tableSlot{id: id, td: td}
	m.n++
}

func (m *tableMap) del(id tableID) {
	if _, ok := m.get(id); !ok {
		return
	}
	s := m.own(shardOf(id))
	i, _ := s.find(id)
	copy(s.slots[i:], s.slots[i+1:])
	s.slots[len(s.slots)-1] = tableSlot{}
	s.slots = s.slots[:len(s.slots)-1]
	m.n--
}

func (m *tableMap) len() int { return m.n }

// all yields every table. Setting a table during the iteration is allowed
// (the iteration goes on over the shard as it was).
func (m *tableMap) all() iter.Seq2[tableID, *tableData] {
	return m.changedFrom(nil)
}

// changedFrom yields the tables of m in shards it does not share with
// base (every table when base is nil): a superset of the tables m added
// or replaced since it was copied from base.
func (m *tableMap) changedFrom(base *tableMap) iter.Seq2[tableID, *tableData] {
	return func(yield func(tableID, *tableData) bool) {
		for i, s := range m.shards {
			if s == nil || base != nil && base.shards[i] == s {
				continue
			}
			for _, sl := range s.slots {
				if !yield(sl.id, sl.td) {
					return
				}
			}
		}
	}
}
