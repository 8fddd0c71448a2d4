package realtime

import (
	"bytes"
	"encoding/json"

	"github.com/tinybase/tinybase/engine"
)

// A dispatch round takes the commits queued (one, or what a steady
// stream brought within the window) and handles them in three passes:
// match every change against the subscriber groups, check row level
// security for every (role, claims) that matched in one transaction
// (visibility.go), then render and queue the frames in commit order.

// visKey is who a subscriber is to row level security.
type visKey struct{ role, claims string }

// roundChange is one change of the round the dispatcher looks at.
type roundChange struct {
	c          *engine.Change
	ts         string
	info       tableInfo
	broadcast  bool // a realtime.messages insert: broadcast only
	noKey      bool // insert or update without a primary key
	first, end int  // its matches in f.matches
}

// roundMatch is a group whose bindings match a change, with the binding
// ids (in f.idArena) and how its visibility is decided: check >= 0 is
// the index of its check in f.checks, else visible says.
type roundMatch struct {
	g       *subGroup
	ids0, n int
	check   int
	visible bool
}

// dispatchRound handles f.round and empties it.
func (f *changeFeed) dispatchRound() {
	if len(f.round) == 0 {
		return
	}
	groups := f.subGroups()
	f.changes, f.matches, f.idArena, f.checks = f.changes[:0], f.matches[:0], f.idArena[:0], f.checks[:0]
	var tables map[[2]string]tableInfo
	for ri := range f.round {
		cc := &f.round[ri]
		ts := ""
		for i := range cc.Changes {
			c := &cc.Changes[i]
			if c.Schema == "realtime" && c.Table == "messages" && c.Op == "INSERT" {
				f.changes = append(f.changes, roundChange{c: c, broadcast: true})
			}
			// Realtime asks wal2json for inserts, updates and deletes only
			// (realtime.list_changes): a TRUNCATE is never sent.
			if c.Op == "TRUNCATE" || len(groups) == 0 {
				continue
			}
			if tables == nil {
				tables = f.published()
			}
			info, ok := tables[[2]string{c.Schema, c.Table}]
			if !ok {
				continue
			}
			if ts == "" {
				ts = cc.Time.UTC().Format("2006-01-02T15:04:05.000Z")
			}
			f.matchChange(roundChange{c: c, ts: ts, info: info}, groups)
		}
	}
	if len(f.checks) > 0 {
		f.checkRound()
	}
	for i := range f.changes {
		rc := &f.changes[i]
		if rc.broadcast {
			f.s.broadcastMessage(rc.c)
			continue
		}
		f.deliverChange(rc)
	}
	clear(f.round)
	f.round = f.round[:0]
	clear(f.changes)
	clear(f.matches)
	clear(f.checks)
}

// matchChange records the groups whose bindings match rc's change and
// the visibility checks they need, one per (role, claims).
func (f *changeFeed) matchChange(rc roundChange, groups []*subGroup) {
	c := rc.c
	// Without a primary key an insert or update cannot be checked:
	// realtime.apply_rls answers every subscription of the table
	// (filters unchecked) with an error payload instead of the row.
	rc.noKey = len(c.PK) == 0 && c.Op != "DELETE"
	rc.first = len(f.matches)
	var newRow, oldRow map[string]json.RawMessage // for filters, made on first use
	rows := false
	var byKey map[visKey]int // this change's checks
	var args []any           // its key values, for every check
	argsDone := false
	for _, g := range groups {
		ids0 := len(f.idArena)
		for bi := range g.rep.pg {
			b := &g.rep.pg[bi]
			var hit bool
			switch {
			case rc.noKey:
				hit = b.matchesTable(c)
			case b.filter != nil && !rows && b.matchesTable(c):
				newRow, oldRow, rows = rowMap(c, c.New), rowMap(c, c.Old), true
				hit = b.matches(c, newRow, oldRow)
			default:
				hit = b.matches(c, newRow, oldRow)
			}
			if hit {
				f.idArena = append(f.idArena, b.id)
			}
		}
		if len(f.idArena) == ids0 {
			continue
		}
		m := roundMatch{g: g, ids0: ids0, n: len(f.idArena) - ids0, check: -1, visible: true}
		switch {
		case rc.noKey || c.Op == "DELETE":
		case !rc.info.rls:
			m.visible = f.mayRead(g.cl.role, c)
		default:
			k := visKey{g.cl.role, g.cl.json}
			ci, ok := byKey[k]
			if !ok {
				if byKey == nil {
					byKey = map[visKey]int{}
				}
				if !argsDone {
					args, _ = keyArgs(c)
					argsDone = true
				}
				ci = len(f.checks)
				f.checks = append(f.checks, visCheck{c: c, key: k, args: args})
				byKey[k] = ci
			}
			m.check = ci
		}
		f.matches = append(f.matches, m)
	}
	rc.end = len(f.matches)
	if rc.end > rc.first {
		f.changes = append(f.changes, rc)
	}
}

// deliverChange queues rc's change for the matched groups that may see
// it. The work per subscriber is only queueing the frame: the payload is
// rendered once, and groups of one topic with the same binding ids share
// one frame.
func (f *changeFeed) deliverChange(rc *roundChange) {
	c := rc.c
	var data []byte
	var frames map[string][]byte
	for _, m := range f.matches[rc.first:rc.end] {
		if m.check >= 0 {
			m.visible = f.checks[m.check].vis
		}
		if !m.visible {
			continue
		}
		ids := f.idArena[m.ids0 : m.ids0+m.n]
		ch := m.g.rep
		if data == nil {
			if rc.noKey {
				data = noKeyPayload(c)
			} else {
				data = payload(c, rc.info, rc.ts)
			}
			frames = map[string][]byte{}
		}
		// Like Phoenix's fastlane, the message has no join_ref, so
		// subscribers of one topic with the same ids share one frame.
		key := append(f.key[:0], ch.c.vsn...)
		key = append(key, 0)
		key = append(key, ch.topic...)
		key = append(key, 0)
		if ch.legacy {
			key = append(key, "legacy"...)
		} else {
			key = appendIDs(key, ids)
		}
		f.key = key
		fr, ok := frames[string(key)]
		if !ok {
			if ch.legacy {
				// the API before config: the change itself, as its type's event
				fr = encode(ch.c.vsn, nil, nil, ch.topic, c.Op, data)
			} else {
				var b bytes.Buffer
				b.Grow(len(data) + 32)
				b.WriteString(`{"data":`)
				b.Write(data)
				b.WriteString(`,"ids":`)
				b.Write(appendIDs(nil, ids))
				b.WriteByte('}')
				fr = encode(ch.c.vsn, nil, nil, ch.topic, "postgres_changes", b.Bytes())
			}
			fr = wsFrame(false, fr) // framed once for every subscriber
			frames[string(key)] = fr
		}
		for _, ch := range m.g.chans {
			f.deliver(ch.c, fr)
		}
	}
}

// matchesTable reports whether b subscribes to c's event and table,
// filters aside.
func (b *pgBinding) matchesTable(c *engine.Change) bool {
	return (b.event == "*" || b.event == c.Op) && (b.schema == "*" || b.schema == c.Schema) &&
		(b.table == "" || b.table == "*" || b.table == c.Table)
}

// matches reports whether b subscribes to c. A DELETE passes a filter
// on its old row's identity too, as realtime.apply_rls lets it.
func (b *pgBinding) matches(c *engine.Change, newRow, oldRow map[string]json.RawMessage) bool {
	if b.event != "*" && b.event != c.Op {
		return false
	}
	if (b.schema != "*" && b.schema != c.Schema) || (b.table != "" && b.table != "*" && b.table != c.Table) {
		return false
	}
	if b.filter == nil {
		return true
	}
	if c.Op == "DELETE" {
		return b.filter.matches(oldRow)
	}
	return b.filter.matches(newRow)
}

func rowMap(c *engine.Change, row []json.RawMessage) map[string]json.RawMessage {
	if row == nil {
		return nil
	}
	m := make(map[string]json.RawMessage, len(row))
	for i, col := range c.Columns {
		m[col.Name] = row[i]
	}
	return m
}
