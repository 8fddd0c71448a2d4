package realtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// channel is one joined topic on a connection (Realtime's
// RealtimeChannel process).
type channel struct {
	c       *conn
	topic   string // realtime:<name>
	name    string
	room    string // roomOf(topic, private): whom its broadcasts reach
	joinRef json.RawMessage

	self, ack       bool
	presenceKey     string
	presenceEnabled bool
	private         bool
	policies        policies // private channels only
	pg              []pgBinding
	// sig is the same for channels that receive a change alike, claims
	// aside: protocol version, topic and bindings.
	sig string
	// legacy: joined without config, the topic names the table
	// (realtime:schema[:table[:filter]]) and changes come as INSERT,
	// UPDATE or DELETE events carrying the change itself.
	legacy bool

	mu     sync.Mutex // guards claims and token
	claims *claims
	token  string
}

func (ch *channel) auth() *claims {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.claims
}

// roomOf keys a topic's members: private and public channels of one
// topic are apart, as Realtime's tenant topics are, so a broadcast (from
// a client, REST or the database) reaches only its own kind.
func roomOf(topic string, private bool) string {
	if private {
		return "\x00private\x00" + topic
	}
	return topic
}

// push sends a message on the channel's topic (no ref).
func (ch *channel) push(event string, payload []byte) {
	ch.c.push(ch.joinRef, nil, ch.topic, event, payload)
}

// system sends a "system" message.
func (ch *channel) system(extension, status, msg string) {
	b, _ := json.Marshal(map[string]string{"extension": extension, "status": status, "message": msg, "channel": ch.name})
	ch.push("system", b)
}

// handle runs one incoming message.
func (c *conn) handle(m message) {
	if m.Topic == "phoenix" && m.Event == "heartbeat" {
		c.reply(m, "ok", struct{}{})
		return
	}
	if m.Event == "phx_join" {
		c.join(m)
		return
	}
	c.mu.Lock()
	ch := c.channels[m.Topic]
	c.mu.Unlock()
	if ch == nil || (string(m.JoinRef) != "null" && !bytes.Equal(m.JoinRef, ch.joinRef)) {
		c.reply(m, "error", reason("unmatched topic"))
		return
	}
	switch m.Event {
	case "phx_leave":
		c.reply(m, "ok", struct{}{})
		c.close(ch)
	case "broadcast":
		if ch.private && !c.s.mayWrite(ch, "broadcast") {
			return // Realtime drops it without a reply
		}
		c.s.broadcastIn(ch, m)
	case "presence":
		if ch.private && isTrack(m.Payload) && !c.s.mayWrite(ch, "presence") {
			c.reply(m, "error", struct{}{})
			return
		}
		c.s.presenceIn(ch, m)
	case "access_token":
		c.accessToken(ch, m)
	}
}

// close ends a channel: phx_close to the client, then it leaves its topic.
func (c *conn) close(ch *channel) {
	c.mu.Lock()
	if c.channels[ch.topic] == ch {
		delete(c.channels, ch.topic)
	}
	c.mu.Unlock()
	ch.push("phx_close", []byte("{}"))
	c.s.leave(ch)
}

// joinPayload is phx_join's payload as realtime-js sends it.
type joinPayload struct {
	Config *struct {
		Broadcast *struct {
			Self bool `json:"self"`
			Ack  bool `json:"ack"`
		} `json:"broadcast"`
		Presence *struct {
			Key     json.RawMessage `json:"key"`
			Enabled bool            `json:"enabled"`
		} `json:"presence"`
		PostgresChanges []json.RawMessage `json:"postgres_changes"`
		Private         bool              `json:"private"`
	} `json:"config"`
	AccessToken json.RawMessage `json:"access_token"`
	UserToken   json.RawMessage `json:"user_token"`
}

func (c *conn) join(m message) {
	name, ok := strings.CutPrefix(m.Topic, "realtime:")
	if !ok {
		c.reply(m, "error", reason("unmatched topic"))
		return
	}
	if name == "" {
		c.reply(m, "error", reason("TopicNameRequired: You must provide a topic name"))
		return
	}
	var p joinPayload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		p = joinPayload{}
	}
	token := c.apikey
	for _, raw := range []json.RawMessage{p.UserToken, p.AccessToken} {
		var t string
		if json.Unmarshal(raw, &t) == nil && t != "" && !strings.HasPrefix(t, "sb_") {
			token = t
			break
		}
	}
	cl, jerr := c.s.verify(token)
	if jerr != nil {
		c.reply(m, "error", reason(jerr.Error()))
		return
	}
	ch := &channel{c: c, topic: m.Topic, name: name, joinRef: m.JoinRef, claims: cl, token: token}
	if string(ch.joinRef) == "null" {
		ch.joinRef = m.Ref // v1 clients join without join_ref: the join's ref is it
	}
	var bindings []json.RawMessage
	if cfg := p.Config; cfg != nil {
		if cfg.Broadcast != nil {
			ch.self, ch.ack = cfg.Broadcast.Self, cfg.Broadcast.Ack
		}
		if cfg.Presence != nil {
			ch.presenceEnabled = cfg.Presence.Enabled
			var k any
			_ = json.Unmarshal(cfg.Presence.Key, &k)
			switch k := k.(type) {
			case string:
				ch.presenceKey = k
			case float64, bool:
				ch.presenceKey = string(cfg.Presence.Key)
			}
		}
		ch.private = cfg.Private
		for _, b := range cfg.PostgresChanges {
			if string(b) != "null" {
				bindings = append(bindings, b)
			}
		}
	} else {
		// The API before config: the topic is the subscription.
		ch.legacy = true
		bindings = append(bindings, legacyBinding(name))
	}
	ch.room = roomOf(ch.topic, ch.private)
	if ch.presenceKey == "" {
		ch.presenceKey = newUUID()
	}
	if ch.private {
		if err := c.s.authorizeRead(ch); err != nil {
			if !errors.Is(err, errUnauthorized) {
				c.s.cfg.Logger.Error("realtime: private channel authorization", "topic", name, "err", err)
			}
			c.reply(m, "error", reason("Unauthorized: You do not have permissions to read from this Channel topic: "+name))
			return
		}
	}
	var pgErr string
	response := map[string]any{}
	if p.Config != nil || ch.legacy {
		echo := make([]json.RawMessage, 0, len(bindings))
		for _, raw := range bindings {
			b, withID, err := parseBinding(raw)
			if err != nil && pgErr == "" {
				pgErr = err.Error()
			}
			if err == nil {
				ch.pg = append(ch.pg, b)
			}
			echo = append(echo, withID)
		}
		response["postgres_changes"] = echo
	}

	// A second join of a topic replaces the first, as Phoenix does.
	c.mu.Lock()
	old := c.channels[m.Topic]
	c.channels[m.Topic] = ch
	c.mu.Unlock()
	if old != nil {
		old.push("phx_close", []byte("{}"))
		c.s.leave(old)
	}
	c.s.join(ch)
	c.reply(m, "ok", response)
	if ch.presenceEnabled {
		c.s.presenceSync(ch)
	}
	switch {
	case pgErr != "":
		ch.system("postgres_changes", "error", pgErr)
	case len(ch.pg) > 0 && c.s.pg != nil && c.s.pg.failed() != "":
		ch.pg = nil
		ch.system("postgres_changes", "error", c.s.pg.failed())
	case len(ch.pg) > 0:
		ch.sig = signature(ch)
		c.s.changes.add(ch)
		ch.system("postgres_changes", "ok", "Subscribed to PostgreSQL")
	}
}

// accessToken takes a refreshed token; an invalid one ends the channel
// with a system error, as Realtime does.
func (c *conn) accessToken(ch *channel, m message) {
	var p struct {
		AccessToken *string `json:"access_token"`
	}
	if json.Unmarshal(m.Payload, &p) != nil || p.AccessToken == nil {
		return
	}
	t := *p.AccessToken
	ch.mu.Lock()
	same := t == ch.token
	ch.mu.Unlock()
	if same || strings.HasPrefix(t, "sb_") {
		return
	}
	cl, jerr := c.s.verify(t)
	if jerr != nil {
		ch.system("system", "error", jerr.msg)
		c.close(ch)
		return
	}
	ch.mu.Lock()
	ch.claims, ch.token = cl, t
	ch.mu.Unlock()
	if len(ch.pg) > 0 {
		c.s.changes.claimsChanged()
	}
	if ch.private {
		if msg := c.s.reauthorize(ch); msg != "" {
			ch.system("system", "error", msg)
			c.close(ch)
		}
	}
}

// signature is ch's sig.
func signature(ch *channel) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q %q %t", ch.c.vsn, ch.topic, ch.legacy)
	for _, p := range ch.pg {
		fmt.Fprintf(&b, " %d %q %q %q", p.id, p.event, p.schema, p.table)
		if p.filter != nil {
			fmt.Fprintf(&b, " %q %q %q", p.filter.column, p.filter.op, p.filter.values)
		}
	}
	return b.String()
}

// isTrack reports whether a presence message is a track.
func isTrack(payload json.RawMessage) bool {
	var p struct {
		Event string `json:"event"`
	}
	return json.Unmarshal(payload, &p) == nil && strings.EqualFold(p.Event, "track")
}

// legacyBinding is the subscription a join without config makes of its
// topic name, "schema[:table[:filter]]" ("*" for every schema), as
// Realtime's pg_change_params reads it.
func legacyBinding(name string) json.RawMessage {
	parts := strings.SplitN(name, ":", 3)
	o := map[string]string{"schema": parts[0]}
	if len(parts) > 1 {
		o["table"] = parts[1]
	}
	if len(parts) > 2 {
		o["filter"] = parts[2]
	}
	b, _ := json.Marshal(o)
	return b
}
