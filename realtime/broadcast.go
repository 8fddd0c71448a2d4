package realtime

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// broadcastIn relays a client's broadcast to the topic's other members
// (and to the sender when it joined with broadcast.self); with
// broadcast.ack the sender gets an ok reply.
func (s *Server) broadcastIn(from *channel, m message) {
	if m.binary == nil {
		var p struct {
			Event *string `json:"event"`
		}
		if json.Unmarshal(m.Payload, &p) != nil || p.Event == nil {
			from.c.reply(m, "error", reason("Broadcast message must have an event"))
			return
		}
	}
	for _, ch := range s.members(from.room) {
		if ch == from && !from.self {
			continue
		}
		ch.deliverBroadcast(m.Payload, m.binary)
	}
	if from.ack {
		from.c.reply(m, "ok", struct{}{})
	}
}

// deliverBroadcast sends one broadcast to ch: a binary user broadcast
// frame to v2 sockets when it came as one, JSON otherwise.
func (ch *channel) deliverBroadcast(payload json.RawMessage, ub *userBroadcast) {
	if !ch.hears(false) {
		return
	}
	if ub != nil {
		if ch.c.vsn == vsn2 {
			if b, ok := encodeUserBroadcast(ch.topic, ub); ok {
				ch.c.send(frame{wire: wsFrame(true, b)})
			}
			return
		}
		if !ub.json {
			return // v1 sockets cannot carry binary payloads
		}
		o := map[string]json.RawMessage{"type": json.RawMessage(`"broadcast"`), "payload": ub.payload}
		o["event"], _ = json.Marshal(ub.event)
		if len(ub.metadata) > 0 {
			o["meta"] = ub.metadata
		}
		payload, _ = json.Marshal(o)
	}
	ch.c.push(nil, nil, ch.topic, "broadcast", payload)
}

// broadcastToTopic sends a server-side broadcast (REST) to every member
// of realtime:<name>, the private channels' or the public ones'.
func (s *Server) broadcastToTopic(name string, private bool, event string, payload json.RawMessage) {
	b, _ := json.Marshal(map[string]any{"type": "broadcast", "event": event, "payload": payload})
	for _, ch := range s.members(roomOf("realtime:"+name, private)) {
		ch.deliverBroadcast(b, nil)
	}
}

// serveBroadcast is POST /api/broadcast:
// {"messages": [{"topic", "event", "payload", "private"}]} → 202.
func (s *Server) serveBroadcast(w http.ResponseWriter, r *http.Request) {
	cl, ok := s.restAuth(w, r)
	if !ok {
		return
	}
	var body struct {
		Messages []struct {
			Topic   string          `json:"topic"`
			Event   string          `json:"event"`
			Payload json.RawMessage `json:"payload"`
			Private bool            `json:"private"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, maxFrame)).Decode(&body); err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": "Unprocessable Entity"})
		return
	}
	for _, m := range body.Messages {
		if m.Private {
			// as Realtime's BatchBroadcast: the caller must pass the
			// write policies of realtime.messages for the topic
			if ok, _ := s.writeCheck(cl, m.Topic); !ok {
				continue
			}
		}
		if len(m.Payload) == 0 {
			m.Payload = json.RawMessage("{}")
		}
		s.broadcastToTopic(m.Topic, m.Private, m.Event, m.Payload)
	}
	w.WriteHeader(http.StatusAccepted)
}

// serveBroadcastEvent is POST /api/broadcast/<topic>/events/<event>
// with the payload as the body (realtime-js httpSend).
func (s *Server) serveBroadcastEvent(w http.ResponseWriter, r *http.Request, rest string) {
	cl, authed := s.restAuth(w, r)
	if !authed {
		return
	}
	topic, event, ok := strings.Cut(rest, "/events/")
	topic, err1 := url.PathUnescape(topic)
	event, err2 := url.PathUnescape(event)
	if !ok || err1 != nil || err2 != nil || topic == "" || event == "" {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Not found"})
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxFrame))
	// an octet-stream body is a binary broadcast: its bytes reach v2
	// sockets as a binary user broadcast frame, as httpSend's Uint8Array
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	binary := mt == "application/octet-stream"
	if err != nil || !binary && !json.Valid(body) {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": "Unprocessable Entity"})
		return
	}
	private := r.URL.Query().Get("private") == "true"
	allowed := true
	if private {
		allowed, _ = s.writeCheck(cl, topic)
	}
	switch {
	case !allowed:
	case binary:
		ub := &userBroadcast{event: event, payload: body}
		for _, ch := range s.members(roomOf("realtime:"+topic, private)) {
			ch.deliverBroadcast(nil, ub)
		}
	default:
		s.broadcastToTopic(topic, private, event, body)
	}
	w.WriteHeader(http.StatusAccepted)
}

// restAuth checks the apikey header (or bearer token) of a REST call.
func (s *Server) restAuth(w http.ResponseWriter, r *http.Request) (*claims, bool) {
	tok := r.Header.Get("apikey")
	if b, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && b != "" {
		tok = b
	}
	if tok == "" {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "API key is missing"})
		return nil, false
	}
	cl, jerr := s.verify(tok)
	if jerr != nil {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": jerr.connectMessage()})
		return nil, false
	}
	return cl, true
}
