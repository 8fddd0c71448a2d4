package realtime

import (
	"encoding/json"

	"github.com/tinybase/tinybase/engine"
)

// Broadcast from the database: a row inserted into realtime.messages
// (by realtime.send, realtime.broadcast_changes or directly) reaches the
// topic's channels when its transaction commits, as Realtime's
// replication connection sends it: a user broadcast of the row's event
// and payload with the meta {"id": <row id>}, to the private channels
// of the topic when the row's private is true, else to the public ones.
// A row lacking topic, event, id, private or payload is not sent.
func (s *Server) broadcastMessage(c *engine.Change) {
	row := rowMap(c, c.New)
	var topic, event, id string
	var private *bool
	if json.Unmarshal(row["topic"], &topic) != nil || json.Unmarshal(row["event"], &event) != nil ||
		json.Unmarshal(row["id"], &id) != nil || json.Unmarshal(row["private"], &private) != nil ||
		topic == "" || id == "" || private == nil {
		return
	}
	payload := row["payload"]
	if len(payload) == 0 || string(payload) == "null" {
		return
	}
	if string(row["event"]) == "null" {
		return
	}
	meta, _ := json.Marshal(map[string]string{"id": id})
	ub := &userBroadcast{event: event, metadata: meta, json: true, payload: payload}
	for _, ch := range s.members(roomOf("realtime:"+topic, *private)) {
		ch.deliverBroadcast(nil, ub)
	}
}
