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

type tableShard struct{ m map[tableID]*tableData }

func shardOf(id tableID) int { return int(uint64(id) % tableShards) }

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
	td, ok := s.m[id]
	return td, ok
}

// own returns shard i's map, copied first unless m owns it.
func (m *tableMap) own(i int) map[tableID]*tableData {
	if m.owned&(1<<i) == 0 {
		s := &tableShard{}
		if old := m.shards[i]; old != nil {
			s.m = make(map[tableID]*tableData, len(old.m)+1)
			for k, v := range old.m {
				s.m[k] = v
			}
		} else {
			s.m = map[tableID]*tableData{}
		}
		m.shards[i] = s
		m.owned |= 1 << i
	}
	return m.shards[i].m
}

func (m *tableMap) set(id tableID, td *tableData) {
	s := m.own(shardOf(id))
	if _, ok := s[id]; !ok {
		m.n++
	}
	s[id] = td
}

func (m *tableMap) del(id tableID) {
	if _, ok := m.get(id); !ok {
		return
	}
	delete(m.own(shardOf(id)), id)
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
			for id, td := range s.m {
				if !yield(id, td) {
					return
				}
			}
		}
	}
}
