package realtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Protocol versions (the vsn query parameter).
const (
	vsn1 = "1.0.0"
	vsn2 = "2.0.0"
)

// Binary frame kinds of Realtime's V2Serializer.
const (
	kindUserBroadcastPush = 3
	kindUserBroadcast     = 4
)

// message is one Phoenix message. JoinRef and Ref are JSON values
// (a string or null) kept raw so replies echo them as sent.
type message struct {
	JoinRef json.RawMessage
	Ref     json.RawMessage
	Topic   string
	Event   string
	Payload json.RawMessage
	// binary is set for a user broadcast that arrived as a binary frame;
	// its payload is then the user payload's bytes.
	binary *userBroadcast
}

// userBroadcast is the content of a binary user broadcast frame.
type userBroadcast struct {
	event    string
	metadata []byte // JSON, may be empty
	json     bool   // the payload is JSON (else opaque bytes)
	payload  []byte
}

var null = json.RawMessage("null")

var errBadFrame = errors.New("realtime: malformed frame")

// decodeText reads a text frame in the socket's protocol version.
func decodeText(vsn string, data []byte) (message, error) {
	var m message
	if vsn == vsn1 {
		var o struct {
			Topic   *string         `json:"topic"`
			Event   *string         `json:"event"`
			Payload json.RawMessage `json:"payload"`
			Ref     json.RawMessage `json:"ref"`
			JoinRef json.RawMessage `json:"join_ref"`
		}
		if err := json.Unmarshal(data, &o); err != nil || o.Topic == nil || o.Event == nil {
			return m, errBadFrame
		}
		m = message{Topic: *o.Topic, Event: *o.Event, Payload: o.Payload, Ref: o.Ref, JoinRef: o.JoinRef}
	} else {
		var a []json.RawMessage
		if err := json.Unmarshal(data, &a); err != nil || len(a) < 5 {
			return m, errBadFrame
		}
		m.JoinRef, m.Ref, m.Payload = a[0], a[1], a[4]
		if json.Unmarshal(a[2], &m.Topic) != nil || json.Unmarshal(a[3], &m.Event) != nil {
			return m, errBadFrame
		}
	}
	if len(m.Payload) == 0 {
		m.Payload = json.RawMessage("{}")
	}
	if len(m.Ref) == 0 {
		m.Ref = null
	}
	if len(m.JoinRef) == 0 {
		m.JoinRef = null
	}
	return m, nil
}

// decodeBinary reads a v2 binary frame: only the user broadcast push
// (kind 3) comes from clients.
func decodeBinary(b []byte) (message, error) {
	if len(b) < 7 || b[0] != kindUserBroadcastPush {
		return message{}, errBadFrame
	}
	jl, rl, tl, el, ml := int(b[1]), int(b[2]), int(b[3]), int(b[4]), int(b[5])
	enc := b[6]
	rest := b[7:]
	if len(rest) < jl+rl+tl+el+ml {
		return message{}, errBadFrame
	}
	take := func(n int) []byte { p := rest[:n]; rest = rest[n:]; return p }
	joinRef, ref, topic, ev, meta := take(jl), take(rl), take(tl), take(el), take(ml)
	ub := &userBroadcast{event: string(ev), metadata: meta, json: enc == 1, payload: rest}
	if ub.json && !json.Valid(rest) {
		return message{}, errBadFrame
	}
	if len(meta) > 0 && !json.Valid(meta) {
		return message{}, errBadFrame
	}
	js, rs := null, null
	if len(joinRef) > 0 {
		js, _ = json.Marshal(string(joinRef))
	}
	if len(ref) > 0 {
		rs, _ = json.Marshal(string(ref))
	}
	return message{JoinRef: js, Ref: rs, Topic: string(topic), Event: "broadcast", binary: ub}, nil
}

// encode renders m as a text frame of the protocol version. v1 frames
// carry no join_ref, as Phoenix's V1 serializer writes them.
func encode(vsn string, joinRef, ref json.RawMessage, topic, event string, payload []byte) []byte {
	var b bytes.Buffer
	t, _ := json.Marshal(topic)
	e, _ := json.Marshal(event)
	if joinRef == nil {
		joinRef = null
	}
	if ref == nil {
		ref = null
	}
	if vsn == vsn1 {
		fmt.Fprintf(&b, `{"event":%s,"payload":%s,"ref":%s,"topic":%s}`, e, payload, ref, t)
	} else {
		fmt.Fprintf(&b, `[%s,%s,%s,%s,%s]`, joinRef, ref, t, e, payload)
	}
	return b.Bytes()
}

// encodeUserBroadcast renders a binary user broadcast (kind 4) for v2
// sockets, false when a field is too long for the frame's one-byte
// lengths.
func encodeUserBroadcast(topic string, ub *userBroadcast) ([]byte, bool) {
	if len(topic) > 255 || len(ub.event) > 255 || len(ub.metadata) > 255 {
		return nil, false
	}
	enc := byte(0)
	if ub.json {
		enc = 1
	}
	b := make([]byte, 0, 5+len(topic)+len(ub.event)+len(ub.metadata)+len(ub.payload))
	b = append(b, kindUserBroadcast, byte(len(topic)), byte(len(ub.event)), byte(len(ub.metadata)), enc)
	b = append(b, topic...)
	b = append(b, ub.event...)
	b = append(b, ub.metadata...)
	return append(b, ub.payload...), true
}

// replyPayload is the payload of a phx_reply.
func replyPayload(status string, response any) []byte {
	b, _ := json.Marshal(map[string]any{"status": status, "response": response})
	return b
}

// reason is the response of an error reply.
func reason(msg string) map[string]string { return map[string]string{"reason": msg} }
