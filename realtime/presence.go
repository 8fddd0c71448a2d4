package realtime

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// Presence (Phoenix.Presence as Realtime runs it): each channel tracks
// at most one meta under its presence key; joins and leaves reach every
// member of the topic as presence_diff, and a channel joining with
// presence enabled first receives presence_state.

// presenceState is one topic's tracked metas.
type presenceState struct {
	metas map[*channel]presenceMeta
}

type presenceMeta struct {
	key  string
	meta map[string]json.RawMessage // with phx_ref
}

func newRef() string {
	var b [9]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// group renders metas as {key: {metas: [...]}}.
func group(ms []presenceMeta) map[string]map[string][]map[string]json.RawMessage {
	out := map[string]map[string][]map[string]json.RawMessage{}
	for _, m := range ms {
		g := out[m.key]
		if g == nil {
			g = map[string][]map[string]json.RawMessage{"metas": {}}
			out[m.key] = g
		}
		g["metas"] = append(g["metas"], m.meta)
	}
	return out
}

// presenceSync sends the topic's presence_state to ch.
func (s *Server) presenceSync(ch *channel) {
	if !ch.hears(true) {
		return
	}
	s.mu.Lock()
	var ms []presenceMeta
	if ps := s.presence[ch.room]; ps != nil {
		for _, m := range ps.metas {
			ms = append(ms, m)
		}
	}
	s.mu.Unlock()
	b, _ := json.Marshal(group(ms))
	ch.push("presence_state", b)
}

// presenceIn runs a track or untrack.
func (s *Server) presenceIn(ch *channel, m message) {
	var p struct {
		Event   string          `json:"event"`
		Payload json.RawMessage `json:"payload"`
	}
	if json.Unmarshal(m.Payload, &p) != nil {
		ch.c.reply(m, "error", reason("Presence track payload must be a map"))
		return
	}
	switch p.Event {
	case "track":
		meta := map[string]json.RawMessage{}
		if len(p.Payload) > 0 && string(p.Payload) != "null" {
			if json.Unmarshal(p.Payload, &meta) != nil {
				ch.c.reply(m, "error", reason("Presence track payload must be a map"))
				return
			}
		}
		ref, _ := json.Marshal(newRef())
		meta["phx_ref"] = ref
		s.mu.Lock()
		ps := s.presence[ch.room]
		if ps == nil {
			ps = &presenceState{metas: map[*channel]presenceMeta{}}
			s.presence[ch.room] = ps
		}
		old, had := ps.metas[ch]
		if had {
			meta["phx_ref_prev"] = old.meta["phx_ref"]
		}
		nm := presenceMeta{key: ch.presenceKey, meta: meta}
		ps.metas[ch] = nm
		s.mu.Unlock()
		var leaves []presenceMeta
		if had {
			leaves = []presenceMeta{old}
		}
		s.presenceDiff(ch.room, []presenceMeta{nm}, leaves)
		ch.c.reply(m, "ok", struct{}{})
	case "untrack":
		s.untrack(ch)
		ch.c.reply(m, "ok", struct{}{})
	default:
		ch.c.reply(m, "error", reason("Presence track payload must be a map"))
	}
}

// untrack drops ch's meta, telling the topic.
func (s *Server) untrack(ch *channel) {
	s.mu.Lock()
	ps := s.presence[ch.room]
	var old presenceMeta
	had := false
	if ps != nil {
		old, had = ps.metas[ch]
		delete(ps.metas, ch)
		if len(ps.metas) == 0 {
			delete(s.presence, ch.room)
		}
	}
	s.mu.Unlock()
	if had {
		s.presenceDiff(ch.room, nil, []presenceMeta{old})
	}
}

func (s *Server) presenceDiff(topic string, joins, leaves []presenceMeta) {
	b, _ := json.Marshal(map[string]any{"joins": group(joins), "leaves": group(leaves)})
	for _, ch := range s.members(topic) {
		if !ch.hears(true) {
			continue
		}
		ch.c.push(nil, nil, ch.topic, "presence_diff", b) // a broadcast: no join_ref
	}
}
