package realtime_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/tinybase/tinybase/realtime"
)

// userBroadcast is a decoded binary user broadcast frame (kind 4):
// kind, topic, event and metadata lengths, payload encoding, then the
// four fields.
type userBroadcast struct {
	topic, event string
	meta         map[string]any
	payload      map[string]any
}

func decodeUserBroadcast(t *testing.T, b []byte) userBroadcast {
	t.Helper()
	if len(b) < 5 || b[0] != 4 || b[4] != 1 {
		t.Fatalf("not a JSON user broadcast: %q", b)
	}
	tl, el, ml := int(b[1]), int(b[2]), int(b[3])
	rest := b[5:]
	if len(rest) < tl+el+ml {
		t.Fatalf("short user broadcast: %q", b)
	}
	u := userBroadcast{topic: string(rest[:tl]), event: string(rest[tl : tl+el])}
	if ml > 0 {
		if err := json.Unmarshal(rest[tl+el:tl+el+ml], &u.meta); err != nil {
			t.Fatal(err)
		}
	}
	if err := json.Unmarshal(rest[tl+el+ml:], &u.payload); err != nil {
		t.Fatal(err)
	}
	return u
}

// nextBroadcast reads the next frame, which must be a user broadcast.
func (c *client) nextBroadcast() userBroadcast {
	c.t.Helper()
	m := c.next()
	if m.Binary == nil {
		c.t.Fatalf("want a binary broadcast, got %+v", m)
	}
	return decodeUserBroadcast(c.t, m.Binary)
}

const privateSchema = `
create table public.members (topic text, user_id uuid);
grant select on public.members to authenticated;
create policy "members read" on realtime.messages for select to authenticated
  using (exists (select 1 from public.members m where m.topic = realtime.topic() and m.user_id = auth.uid())
         and realtime.messages.extension in ('broadcast', 'presence'));
create policy "members write broadcast" on realtime.messages for insert to authenticated
  with check (exists (select 1 from public.members m where m.topic = realtime.topic() and m.user_id = auth.uid())
              and realtime.messages.extension = 'broadcast' and realtime.topic() <> 'readonly');
create policy "lobby presence" on realtime.messages for select to authenticated
  using (realtime.topic() = 'lobby' and realtime.messages.extension = 'presence');
insert into public.members values ('shared', '11111111-1111-1111-1111-111111111111'), ('shared', '22222222-2222-2222-2222-222222222222'),
  ('readonly', '11111111-1111-1111-1111-111111111111'), ('readonly', '22222222-2222-2222-2222-222222222222');
create function public.items_broadcast() returns trigger language plpgsql security definer as $$
begin
  perform realtime.broadcast_changes('items:' || coalesce(new.id, old.id)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end $$;
create table public.items (id int primary key, name text);
create trigger items_broadcast after insert or update or delete on public.items for each row execute function public.items_broadcast();
`

const alice, bob = "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"

func privConfig(ack bool) map[string]any {
	return map[string]any{"broadcast": map[string]any{"self": true, "ack": ack}, "presence": map[string]any{"key": ""}, "private": true}
}

// TestBroadcastFromDatabase: realtime.send, realtime.broadcast_changes
// and rows inserted into realtime.messages reach the topic's channels at
// commit — private rows only private channels, public rows only public
// ones — and nothing comes of a rolled-back transaction.
func TestBroadcastFromDatabase(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, privateSchema)
	pub, v1, priv := f.dial(t, "2.0.0"), f.dial(t, "1.0.0"), f.dial(t, "2.0.0")
	pub.join("realtime:shared", pgConfig(), "")
	b, _ := json.Marshal(map[string]any{"topic": "realtime:shared", "event": "phx_join", "ref": "1", "payload": map[string]any{"config": pgConfig()}})
	v1.sendRaw(string(b))
	if _, data, err := readWithin(v1, 3*time.Second); err != nil || !strings.Contains(string(data), `"status":"ok"`) {
		t.Fatalf("v1 join: %s %v", data, err)
	}
	ta := token(t, jwt.MapClaims{"role": "authenticated", "sub": alice})
	if m := priv.join("realtime:shared", privConfig(false), ta); m.Payload["status"] != "ok" {
		t.Fatalf("private join %+v", m.Payload)
	}

	// Public: to the public channels, v2 as a binary user broadcast with
	// the message id as meta, v1 as JSON.
	f.exec(t, `select realtime.send('{"n": 1}'::jsonb, 'ping', 'shared', false)`)
	u := pub.nextBroadcast()
	id, _ := u.meta["id"].(string)
	if u.topic != "realtime:shared" || u.event != "ping" || u.payload["n"] != float64(1) || id == "" || u.payload["id"] != id {
		t.Fatalf("public send %+v", u)
	}
	_, data, err := readWithin(v1, 3*time.Second)
	var v1m struct {
		Event   string
		Payload map[string]any
	}
	if err != nil || json.Unmarshal(data, &v1m) != nil || v1m.Event != "broadcast" || v1m.Payload["event"] != "ping" ||
		v1m.Payload["type"] != "broadcast" || fmt.Sprint(v1m.Payload["meta"]) != "map[id:"+id+"]" {
		t.Fatalf("v1 broadcast %s %v", data, err)
	}
	priv.quiet()

	// realtime.send's default is private.
	f.exec(t, `select realtime.send('{"n": 2}'::jsonb, 'ping', 'shared')`)
	if u := priv.nextBroadcast(); u.event != "ping" || u.payload["n"] != float64(2) {
		t.Fatalf("private send %+v", u)
	}
	pub.quiet()

	// Not before commit, and never from a rollback.
	f.exec(t, `begin; select realtime.send('{"n": 3}'::jsonb, 'ping', 'shared', false); rollback`)
	pub.quiet()

	// A direct insert is a broadcast too; its own id wins in the payload.
	f.exec(t, `insert into realtime.messages (topic, extension, event, payload, private) values ('shared', 'broadcast', 'raw', '{"id": "mine"}', false)`)
	if u := pub.nextBroadcast(); u.event != "raw" || u.payload["id"] != "mine" {
		t.Fatalf("direct insert %+v", u)
	}
	for _, c := range []*client{v1} {
		if _, _, err := readWithin(c, 3*time.Second); err != nil {
			t.Fatal("v1 missed the direct insert")
		}
	}

	// broadcast_changes from a row trigger: the change as the payload.
	items := f.dial(t, "2.0.0")
	items.join("realtime:items:7", privConfig(false), token(t, jwt.MapClaims{"role": "service_role"}))
	f.exec(t, `insert into items values (7, 'seven')`)
	u = items.nextBroadcast()
	if u.event != "INSERT" || u.payload["operation"] != "INSERT" || u.payload["table"] != "items" || u.payload["schema"] != "public" ||
		fmt.Sprint(u.payload["record"]) != "map[id:7 name:seven]" || u.payload["old_record"] != nil {
		t.Fatalf("broadcast_changes insert %+v", u)
	}
	f.exec(t, `update items set name = 'SEVEN' where id = 7`)
	if u := items.nextBroadcast(); u.event != "UPDATE" || fmt.Sprint(u.payload["old_record"]) != "map[id:7 name:seven]" {
		t.Fatalf("broadcast_changes update %+v", u)
	}
	f.exec(t, `delete from items where id = 7`)
	if u := items.nextBroadcast(); u.event != "DELETE" || u.payload["record"] != nil {
		t.Fatalf("broadcast_changes delete %+v", u)
	}
}

// TestPrivateChannels: joins are authorized by the SELECT policies on
// realtime.messages with realtime.topic() the channel's name; sending
// by its INSERT policies.
func TestPrivateChannels(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, privateSchema)
	ta := token(t, jwt.MapClaims{"role": "authenticated", "sub": alice})
	tb := token(t, jwt.MapClaims{"role": "authenticated", "sub": bob})
	tc := token(t, jwt.MapClaims{"role": "authenticated", "sub": "33333333-3333-3333-3333-333333333333"})

	for _, tcase := range []struct{ name, tok, topic string }{
		{"not a member", tc, "shared"},
		{"anon", "", "shared"},
		{"no policy matches the topic", ta, "elsewhere"},
	} {
		c := f.dial(t, "2.0.0")
		m := c.join("realtime:"+tcase.topic, privConfig(false), tcase.tok)
		resp, _ := m.Payload["response"].(map[string]any)
		if m.Payload["status"] != "error" || resp["reason"] != "Unauthorized: You do not have permissions to read from this Channel topic: "+tcase.topic {
			t.Errorf("%s: %+v", tcase.name, m.Payload)
		}
	}
	// The checks leave no rows behind.
	rows, err := f.db.Query(t.Context(), `select count(*) from realtime.messages`)
	if err != nil {
		t.Fatal(err)
	}
	rows.Next()
	if v := rows.Text(); *v[0] != "0" {
		t.Errorf("messages left by the checks: %s", *v[0])
	}
	rows.Close()

	a, b, pub := f.dial(t, "2.0.0"), f.dial(t, "2.0.0"), f.dial(t, "2.0.0")
	if m := a.join("realtime:shared", privConfig(true), ta); m.Payload["status"] != "ok" {
		t.Fatalf("alice %+v", m.Payload)
	}
	if m := b.join("realtime:shared", privConfig(false), tb); m.Payload["status"] != "ok" {
		t.Fatalf("bob %+v", m.Payload)
	}
	pub.join("realtime:shared", pgConfig(), "")

	// Members may send: acked, delivered to the private channels only.
	ref := a.send("jrealtime:shared", "realtime:shared", "broadcast", map[string]any{"type": "broadcast", "event": "hi", "payload": map[string]any{}})
	seen := map[string]bool{}
	for i := 0; i < 2; i++ {
		m := a.next()
		seen[m.Event] = true
		if m.Event == "phx_reply" && (*m.Ref != ref || m.Payload["status"] != "ok") {
			t.Fatalf("ack %+v", m)
		}
	}
	if !seen["broadcast"] || !seen["phx_reply"] {
		t.Fatalf("self and ack: %v", seen)
	}
	if m := b.next(); m.Event != "broadcast" || m.Payload["event"] != "hi" {
		t.Fatalf("bob %+v", m)
	}
	pub.quiet()

	// A public channel's broadcast does not reach the private ones.
	pub.send("jrealtime:shared", "realtime:shared", "broadcast", map[string]any{"type": "broadcast", "event": "pub", "payload": map[string]any{}})
	a.quiet()

	// Readers without the INSERT policy: the broadcast is dropped, no ack;
	// a presence track is refused.
	ra, rb := f.dial(t, "2.0.0"), f.dial(t, "2.0.0")
	ra.join("realtime:readonly", privConfig(true), ta)
	rb.join("realtime:readonly", privConfig(false), tb)
	ra.send("jrealtime:readonly", "realtime:readonly", "broadcast", map[string]any{"type": "broadcast", "event": "hi", "payload": map[string]any{}})
	ra.quiet()
	rb.quiet()
	ref = ra.send("jrealtime:readonly", "realtime:readonly", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{}})
	if m := ra.next(); m.Event != "phx_reply" || *m.Ref != ref || m.Payload["status"] != "error" {
		t.Fatalf("presence track %+v", m)
	}

	// REST: a private message goes out when the caller passes the write
	// policies (service_role bypasses RLS).
	postBroadcast(t, f, token(t, jwt.MapClaims{"role": "service_role"}), `{"messages": [{"topic": "shared", "event": "rest", "payload": {}, "private": true}]}`)
	if m := b.next(); m.Event != "broadcast" || m.Payload["event"] != "rest" {
		t.Fatalf("REST private %+v", m)
	}
	postBroadcast(t, f, tc, `{"messages": [{"topic": "shared", "event": "rest", "payload": {}, "private": true}]}`)
	b.quiet()

	// Read policies gate delivery: with presence read only, a channel
	// gets presence but no broadcasts.
	lobby, svc := f.dial(t, "2.0.0"), f.dial(t, "2.0.0")
	if m := lobby.join("realtime:lobby", privConfig(false), ta); m.Payload["status"] != "ok" {
		t.Fatalf("presence-only join %+v", m.Payload)
	}
	svc.join("realtime:lobby", privConfig(false), token(t, jwt.MapClaims{"role": "service_role"}))
	svc.send("jrealtime:lobby", "realtime:lobby", "broadcast", map[string]any{"type": "broadcast", "event": "hi", "payload": map[string]any{}})
	svc.until("broadcast") // self
	lobby.quiet()
	svc.send("jrealtime:lobby", "realtime:lobby", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{}})
	if m := lobby.next(); m.Event != "presence_diff" {
		t.Fatalf("presence-only channel %+v", m)
	}

	// A refreshed token is checked again: a member keeps the channel, a
	// token that lost the read policies ends it.
	tb2 := token(t, jwt.MapClaims{"role": "authenticated", "sub": bob, "exp": time.Now().Add(2 * time.Hour).Unix()})
	b.send("jrealtime:shared", "realtime:shared", "access_token", map[string]any{"access_token": tb2})
	b.quiet()
	b.send("jrealtime:shared", "realtime:shared", "access_token", map[string]any{"access_token": tc})
	if m := b.next(); m.Event != "system" || m.Payload["status"] != "error" ||
		m.Payload["message"] != "You do not have permissions to read from this Channel topic: shared" {
		t.Fatalf("refresh to a non-member %+v", m)
	}
	if m := b.next(); m.Event != "phx_close" {
		t.Fatalf("close %+v", m)
	}
}

// postBroadcast calls POST /api/broadcast with tok and wants 202.
func postBroadcast(t *testing.T, f *fixture, tok, body string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, f.srv.URL+"/realtime/v1/api/broadcast", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST /api/broadcast: %d", resp.StatusCode)
	}
}

// TestMessageJanitor: rows of realtime.messages are deleted once their
// day is before the retention's reach, as Realtime drops old daily
// partitions; newer ones stay.
func TestMessageJanitor(t *testing.T) {
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	f := newFixture(t, realtime.Config{JanitorInterval: 10 * time.Millisecond, Now: func() time.Time { return now }})
	f.exec(t, `insert into realtime.messages (topic, extension, inserted_at) values
  ('old', 'broadcast', '2026-01-06 23:59:59'), ('edge', 'broadcast', '2026-01-07 00:00:00'), ('new', 'broadcast', '2026-01-10 11:00:00')`)
	deadline := time.Now().Add(5 * time.Second)
	for {
		rows, err := f.db.Query(t.Context(), `select string_agg(topic, ',' order by topic) from realtime.messages`)
		if err != nil {
			t.Fatal(err)
		}
		rows.Next()
		got := "<none>"
		if v := rows.Text(); v[0] != nil {
			got = *v[0]
		}
		rows.Close()
		if got == "edge,new" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("messages left: %s", got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHTTPSendBinary: realtime-js httpSend with a Uint8Array posts the
// bytes as application/octet-stream to /api/broadcast/<topic>/events/<event>;
// v2 sockets get them as a binary user broadcast, JSON posts as before.
func TestHTTPSendBinary(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	b := f.dial(t, "2.0.0")
	b.join("realtime:room", map[string]any{"broadcast": map[string]any{"self": false}}, "")
	post := func(ctype string, body []byte) int {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, f.srv.URL+"/realtime/v1/api/broadcast/room/events/bin", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("apikey", f.anon)
		req.Header.Set("Content-Type", ctype)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("application/octet-stream", []byte{1, 2, 3, 0xff}); code != http.StatusAccepted {
		t.Fatalf("binary: %d", code)
	}
	m := b.next()
	want := append([]byte{4, byte(len("realtime:room")), 3, 0, 0}, "realtime:roombin\x01\x02\x03\xff"...)
	if !bytes.Equal(m.Binary, want) {
		t.Fatalf("binary frame %q, want %q", m.Binary, want)
	}
	if code := post("application/json", []byte(`{"x":1}`)); code != http.StatusAccepted {
		t.Fatalf("json: %d", code)
	}
	if m := b.next(); m.Event != "broadcast" || m.Payload["event"] != "bin" {
		t.Fatalf("json broadcast %+v", m)
	}
	if code := post("application/json", []byte{1, 2}); code != http.StatusUnprocessableEntity {
		t.Fatalf("bytes sent as JSON: %d", code)
	}
}
