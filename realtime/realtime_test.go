package realtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"
	"go.uber.org/goleak"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/realtime"
)

const secret = "super-secret-jwt-token-with-at-least-32-characters-long"

func token(t testing.TB, claims jwt.MapClaims) string {
	t.Helper()
	if _, ok := claims["exp"]; !ok {
		claims["exp"] = time.Now().Add(time.Hour).Unix()
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fixture is a server over a migrated engine with a published table
// under RLS (each user sees its own rows) and an unpublished one.
type fixture struct {
	e    *engine.Engine
	srv  *httptest.Server
	rt   *realtime.Server
	anon string
	db   *engine.Session
}

const schema = `
create table public.todos (id bigint primary key, owner uuid, title text, done boolean default false);
alter table public.todos enable row level security;
create policy own on public.todos for select to authenticated using (owner = auth.uid());
grant select on public.todos to authenticated, anon;
alter publication supabase_realtime add table public.todos;
create table public.notes (id int primary key, body text);
grant select on public.notes to anon, authenticated;
alter publication supabase_realtime add table public.notes;
alter table public.notes replica identity full;
create table public.secret (id int primary key);
revoke all on public.secret from anon, authenticated;
alter publication supabase_realtime add table public.secret;
create table public.hidden (id int primary key);
grant select on public.hidden to anon;
`

func newFixture(t *testing.T, cfg realtime.Config) *fixture {
	t.Helper()
	e := enginetest.Migrated(t, schema)
	cfg.Engine, cfg.JWTSecret = e, secret
	rt := realtime.New(cfg)
	srv := httptest.NewServer(http.StripPrefix("/realtime/v1", rt))
	f := &fixture{e: e, srv: srv, rt: rt, anon: token(t, jwt.MapClaims{"role": "anon"}), db: enginetest.Session(t, e)}
	t.Cleanup(func() {
		rt.Close()
		srv.Close()
	})
	return f
}

func (f *fixture) exec(t *testing.T, sql string) {
	t.Helper()
	enginetest.Exec(t, f.db, sql)
}

// client is a test websocket client speaking v2. A reader goroutine
// feeds in: coder/websocket closes a connection whose Read is cancelled,
// so reads with a deadline go through the channel.
type client struct {
	t   *testing.T
	ws  *websocket.Conn
	ref int
	in  chan rawFrame
}

type rawFrame struct {
	typ  websocket.MessageType
	data []byte
	err  error
}

func (f *fixture) dial(t *testing.T, vsn string) *client { return f.dialBuffered(t, vsn, 1024) }

// dialBuffered dials with room for buffer unread frames; past it the
// client stops reading its socket.
func (f *fixture) dialBuffered(t *testing.T, vsn string, buffer int) *client {
	t.Helper()
	u := "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/realtime/v1/websocket?apikey=" + f.anon + "&vsn=" + vsn
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(4 << 20)
	c := &client{t: t, ws: ws, in: make(chan rawFrame, buffer)}
	done, stop := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			typ, data, err := ws.Read(context.Background())
			select {
			case c.in <- rawFrame{typ, data, err}:
			case <-stop:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { close(stop); ws.CloseNow(); <-done })
	return c
}

func (c *client) sendRaw(s string) {
	c.t.Helper()
	if err := c.ws.Write(context.Background(), websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatal(err)
	}
}

// send sends a v2 message and returns its ref.
func (c *client) send(joinRef, topic, event string, payload any) string {
	c.t.Helper()
	c.ref++
	ref := fmt.Sprint(c.ref)
	var jr any
	if joinRef != "" {
		jr = joinRef
	}
	b, _ := json.Marshal([]any{jr, ref, topic, event, payload})
	c.sendRaw(string(b))
	return ref
}

type msg struct {
	JoinRef, Ref *string
	Topic, Event string
	Payload      map[string]any
	Binary       []byte
}

// next reads the next frame (failing after a timeout).
func (c *client) next() msg {
	c.t.Helper()
	m, ok := c.read(3 * time.Second)
	if !ok {
		c.t.Fatal("no message")
	}
	return m
}

func (c *client) read(d time.Duration) (msg, bool) {
	typ, data, err := readWithin(c, d)
	if err != nil {
		return msg{}, false
	}
	if typ == websocket.MessageBinary {
		return msg{Binary: data}, true
	}
	var a []json.RawMessage
	if err := json.Unmarshal(data, &a); err != nil || len(a) != 5 {
		c.t.Fatalf("bad frame %s", data)
	}
	var m msg
	json.Unmarshal(a[0], &m.JoinRef)
	json.Unmarshal(a[1], &m.Ref)
	json.Unmarshal(a[2], &m.Topic)
	json.Unmarshal(a[3], &m.Event)
	json.Unmarshal(a[4], &m.Payload)
	return m, true
}

// quiet asserts that nothing arrives for a while.
func (c *client) quiet() {
	c.t.Helper()
	if m, ok := c.read(300 * time.Millisecond); ok {
		c.t.Fatalf("unexpected message %+v", m)
	}
}

// until reads until a message with event ev arrives.
func (c *client) until(ev string) msg {
	c.t.Helper()
	for i := 0; i < 20; i++ {
		if m := c.next(); m.Event == ev {
			return m
		}
	}
	c.t.Fatalf("no %s", ev)
	return msg{}
}

func (c *client) join(topic string, config map[string]any, accessToken string) msg {
	c.t.Helper()
	p := map[string]any{"config": config}
	if accessToken != "" {
		p["access_token"] = accessToken
	}
	ref := c.send("j"+topic, topic, "phx_join", p)
	m := c.next()
	if m.Event != "phx_reply" || *m.Ref != ref {
		c.t.Fatalf("join reply %+v", m)
	}
	return m
}

func pgConfig(bindings ...map[string]any) map[string]any {
	return map[string]any{"broadcast": map[string]any{"self": false, "ack": false}, "presence": map[string]any{"key": ""},
		"postgres_changes": bindings, "private": false}
}

func TestMain(m *testing.M) {
	if url := os.Getenv(benchClientsEnv); url != "" {
		benchClients(url) // the subscriber process of BenchmarkInsertWire
		return
	}
	goleak.VerifyTestMain(m)
}

func TestHeartbeatAndErrors(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	c := f.dial(t, "2.0.0")
	ref := c.send("", "phoenix", "heartbeat", map[string]any{})
	if m := c.next(); m.Event != "phx_reply" || *m.Ref != ref || m.Payload["status"] != "ok" {
		t.Fatalf("heartbeat reply %+v", m)
	}
	c.sendRaw(`{not json`)
	c.sendRaw(`["1"]`)
	ref = c.send("9", "realtime:nope", "broadcast", map[string]any{"event": "x"})
	if m := c.next(); m.Payload["status"] != "error" || fmt.Sprint(m.Payload["response"]) != "map[reason:unmatched topic]" || *m.Ref != ref {
		t.Fatalf("unjoined topic %+v", m)
	}
	for _, tc := range []struct{ name, tok, want string }{
		{"expired", token(t, jwt.MapClaims{"role": "anon", "exp": time.Now().Add(-time.Minute).Unix()}), "InvalidJWTToken: Token has expired"},
		{"no role", token(t, jwt.MapClaims{"sub": "x"}), "InvalidJWTToken: Fields `role` and `exp` are required in JWT"},
		{"malformed", "abc", "MalformedJWT: The token provided is not a valid JWT"},
		{"signature", f.anon[:len(f.anon)-2] + "xx", "JwtSignatureError: Failed to validate JWT signature"},
	} {
		m := c.join("realtime:room", pgConfig(), tc.tok)
		resp, _ := m.Payload["response"].(map[string]any)
		if m.Payload["status"] != "error" || !strings.HasPrefix(fmt.Sprint(resp["reason"]), tc.want) {
			t.Errorf("%s: %+v", tc.name, m.Payload)
		}
	}
	m := c.join("realtime:", pgConfig(), "")
	if resp, _ := m.Payload["response"].(map[string]any); resp["reason"] != "TopicNameRequired: You must provide a topic name" {
		t.Errorf("empty topic: %+v", m.Payload)
	}

	// A bad apikey fails the upgrade with 401.
	resp, err := http.Get(f.srv.URL + "/realtime/v1/websocket?apikey=bad&vsn=2.0.0")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("bad apikey: %d", resp.StatusCode)
	}
}

func TestPostgresChanges(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	alice, bob := "11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"
	ca, cb := f.dial(t, "2.0.0"), f.dial(t, "1.0.0")
	ta := token(t, jwt.MapClaims{"role": "authenticated", "sub": alice})
	tb := token(t, jwt.MapClaims{"role": "authenticated", "sub": bob})
	m := ca.join("realtime:a", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "todos"},
		map[string]any{"event": "INSERT", "schema": "public", "table": "notes", "filter": "id=gt.10"},
		map[string]any{"event": "*", "schema": "public", "table": "secret"}), ta)
	resp := m.Payload["response"].(map[string]any)
	pcs := resp["postgres_changes"].([]any)
	if len(pcs) != 3 || pcs[0].(map[string]any)["id"] == nil || pcs[1].(map[string]any)["filter"] != "id=gt.10" {
		t.Fatalf("join reply %+v", resp)
	}
	if s := ca.next(); s.Event != "system" || s.Payload["message"] != "Subscribed to PostgreSQL" || s.Payload["extension"] != "postgres_changes" {
		t.Fatalf("system %+v", s)
	}
	// bob speaks v1
	b, _ := json.Marshal(map[string]any{"topic": "realtime:b", "event": "phx_join", "ref": "1", "payload": map[string]any{
		"config": pgConfig(map[string]any{"event": "*", "schema": "public", "table": "todos"}), "access_token": tb}})
	cb.sendRaw(string(b))
	for _, want := range []string{"phx_reply", "system"} {
		_, data, err := readWithin(cb, 3*time.Second)
		if err != nil || !strings.Contains(string(data), `"event":"`+want+`"`) {
			t.Fatalf("v1 %s: %s %v", want, data, err)
		}
	}

	f.exec(t, fmt.Sprintf(`insert into todos (id, owner, title) values (1, '%s', 'alice''s')`, alice))
	got := ca.until("postgres_changes")
	data := got.Payload["data"].(map[string]any)
	if data["type"] != "INSERT" || data["table"] != "todos" || data["record"].(map[string]any)["title"] != "alice's" ||
		data["errors"] != nil || !strings.HasSuffix(data["commit_timestamp"].(string), "Z") {
		t.Fatalf("insert %+v", data)
	}
	if cols := data["columns"].([]any); cols[0].(map[string]any)["type"] != "int8" {
		t.Fatalf("columns %+v", cols)
	}
	// RLS: bob does not see alice's row.
	if _, data, err := readWithin(cb, 300*time.Millisecond); err == nil {
		t.Fatalf("bob saw %s", data)
	}

	// Rolled back and savepoint-rolled-back work is never delivered.
	f.exec(t, fmt.Sprintf(`begin; insert into todos (id, owner) values (2, '%s'); rollback`, alice))
	f.exec(t, fmt.Sprintf(`begin; savepoint s; insert into todos (id, owner) values (3, '%s'); rollback to savepoint s; commit`, alice))
	ca.quiet()

	// Update: old_record is the key under replica identity default.
	f.exec(t, `update todos set done = true where id = 1`)
	data = ca.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "UPDATE" || fmt.Sprint(data["old_record"]) != "map[id:1]" {
		t.Fatalf("update %+v", data)
	}
	// Filter id=gt.10 on notes, and replica identity full.
	f.exec(t, `insert into notes values (5, 'low'), (11, 'high')`)
	data = ca.until("postgres_changes").Payload["data"].(map[string]any)
	if data["record"].(map[string]any)["body"] != "high" {
		t.Fatalf("filter %+v", data)
	}
	ca.quiet()
	// Delete of an RLS table carries only the key, to every subscriber.
	f.exec(t, `delete from todos where id = 1`)
	data = ca.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "DELETE" || fmt.Sprint(data["old_record"]) != "map[id:1]" {
		t.Fatalf("delete %+v", data)
	}
	// Unpublished tables are not streamed, nor tables the role may not read.
	f.exec(t, `insert into hidden values (1)`)
	f.exec(t, `insert into secret values (1)`)
	ca.quiet()
}

var errTimeout = fmt.Errorf("timeout")

func readWithin(c *client, d time.Duration) (websocket.MessageType, []byte, error) {
	select {
	case f := <-c.in:
		return f.typ, f.data, f.err
	case <-time.After(d):
		return 0, nil, errTimeout
	}
}

func TestBroadcastAndPresence(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	a, b := f.dial(t, "2.0.0"), f.dial(t, "2.0.0")
	cfg := func(self bool, key string) map[string]any {
		return map[string]any{"broadcast": map[string]any{"self": self, "ack": true}, "presence": map[string]any{"key": key, "enabled": true}}
	}
	a.join("realtime:room", cfg(true, "alice"), "")
	if m := a.next(); m.Event != "presence_state" || len(m.Payload) != 0 {
		t.Fatalf("state %+v", m)
	}
	b.join("realtime:room", cfg(false, "bob"), "")
	b.until("presence_state")

	ref := a.send("jrealtime:room", "realtime:room", "broadcast", map[string]any{"type": "broadcast", "event": "hi", "payload": map[string]any{"n": 1}})
	seen := map[string]bool{}
	for i := 0; i < 2; i++ {
		m := a.next()
		seen[m.Event] = true
		if m.Event == "phx_reply" && *m.Ref != ref {
			t.Fatalf("ack %+v", m)
		}
	}
	if !seen["broadcast"] || !seen["phx_reply"] {
		t.Fatalf("self and ack: %v", seen)
	}
	if m := b.next(); m.Event != "broadcast" || m.Payload["event"] != "hi" {
		t.Fatalf("broadcast %+v", m)
	}

	// A binary user broadcast (kind 3) reaches v2 clients as kind 4.
	frame := []byte{3, 0, 0, byte(len("realtime:room")), 2, 0, 1}
	frame = append(frame, "realtime:room"...)
	frame = append(frame, "yo"...)
	frame = append(frame, `{"x":1}`...)
	if err := b.ws.Write(context.Background(), websocket.MessageBinary, frame); err != nil {
		t.Fatal(err)
	}
	if m := a.next(); m.Binary == nil || m.Binary[0] != 4 || !strings.HasSuffix(string(m.Binary), `realtime:roomyo{"x":1}`) {
		t.Fatalf("binary broadcast %+v", m)
	}

	a.send("jrealtime:room", "realtime:room", "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"online": true}})
	m := b.until("presence_diff")
	joins := m.Payload["joins"].(map[string]any)
	metas := joins["alice"].(map[string]any)["metas"].([]any)
	if metas[0].(map[string]any)["online"] != true || metas[0].(map[string]any)["phx_ref"] == nil {
		t.Fatalf("diff %+v", m.Payload)
	}
	// A client that goes away leaves presence.
	a.ws.CloseNow()
	m = b.until("presence_diff")
	if _, ok := m.Payload["leaves"].(map[string]any)["alice"]; !ok {
		t.Fatalf("leave %+v", m.Payload)
	}
	// phx_leave: ok, then phx_close.
	b.send("jrealtime:room", "realtime:room", "phx_leave", map[string]any{})
	if m := b.next(); m.Event != "phx_reply" {
		t.Fatalf("leave reply %+v", m)
	}
	if m := b.next(); m.Event != "phx_close" {
		t.Fatalf("close %+v", m)
	}
}

// TestSlowConsumer: a client that stops reading is disconnected once its
// queue fills, and the server keeps no goroutine for it (goleak in
// TestMain).
func TestSlowConsumer(t *testing.T) {
	f := newFixture(t, realtime.Config{SendQueue: 4})
	slow := f.dialBuffered(t, "2.0.0", 0)
	slow.join("realtime:room", map[string]any{"broadcast": map[string]any{"self": true}}, "")
	fast := f.dial(t, "2.0.0")
	fast.join("realtime:room", map[string]any{}, "")
	big := strings.Repeat("x", 256<<10)
	for i := 0; i < 200; i++ {
		fast.send("jrealtime:room", "realtime:room", "broadcast", map[string]any{"type": "broadcast", "event": "e", "payload": map[string]any{"b": big}})
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, _, err := readWithin(slow, time.Second)
		if err != nil && err != errTimeout {
			// 1008 when the close frame got through; a client that does
			// not read may instead see the connection dropped mid-frame.
			if s := websocket.CloseStatus(err); s != -1 && s != websocket.StatusPolicyViolation {
				t.Fatalf("slow client: %v", err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("slow client never disconnected")
		}
	}
}

// TestAccessToken: a fresh token is taken silently; an expired one ends
// the channel with a system error and phx_close, as Realtime does.
func TestAccessToken(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	c := f.dial(t, "2.0.0")
	c.join("realtime:room", map[string]any{}, "")
	c.send("jrealtime:room", "realtime:room", "access_token", map[string]any{"access_token": token(t, jwt.MapClaims{"role": "authenticated", "sub": "x"})})
	c.quiet()
	c.send("jrealtime:room", "realtime:room", "access_token", map[string]any{"access_token": token(t, jwt.MapClaims{"role": "anon", "exp": time.Now().Add(-time.Hour).Unix()})})
	m := c.next()
	if m.Event != "system" || m.Payload["status"] != "error" || !strings.HasPrefix(fmt.Sprint(m.Payload["message"]), "Token has expired") || m.Payload["channel"] != "room" {
		t.Fatalf("system %+v", m)
	}
	if m := c.next(); m.Event != "phx_close" {
		t.Fatalf("close %+v", m)
	}
	ref := c.send("jrealtime:room", "realtime:room", "broadcast", map[string]any{"event": "x"})
	if m := c.next(); m.Payload["status"] != "error" || *m.Ref != ref {
		t.Fatalf("after close %+v", m)
	}
}

// TestIdleConnections: 1,000 idle sockets with a joined channel each
// are served, and when they drop abruptly the server keeps nothing
// (goleak in TestMain checks its goroutines).
func TestIdleConnections(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 connections")
	}
	f := newFixture(t, realtime.Config{})
	ctx := context.Background()
	u := "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/realtime/v1/websocket?vsn=2.0.0&apikey=" + f.anon
	var conns []*websocket.Conn
	defer func() {
		for _, ws := range conns {
			ws.CloseNow()
		}
	}()
	for i := 0; i < 1000; i++ {
		ws, _, err := websocket.Dial(ctx, u, nil)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, ws)
		join := fmt.Sprintf(`["%d","%d","realtime:idle","phx_join",{"config":{"presence":{"enabled":false}}}]`, i, i)
		if err := ws.Write(ctx, websocket.MessageText, []byte(join)); err != nil {
			t.Fatal(err)
		}
		if _, data, err := ws.Read(ctx); err != nil || !strings.Contains(string(data), `"status":"ok"`) {
			t.Fatalf("join %d: %s %v", i, data, err)
		}
	}
	// The last one still gets a broadcast through the topic of 1,000.
	first := conns[0]
	b := `["0","x","realtime:idle","broadcast",{"type":"broadcast","event":"e","payload":{}}]`
	if err := first.Write(ctx, websocket.MessageText, []byte(b)); err != nil {
		t.Fatal(err)
	}
	if _, data, err := conns[999].Read(ctx); err != nil || !strings.Contains(string(data), `"broadcast"`) {
		t.Fatalf("broadcast: %s %v", data, err)
	}
	if st := f.rt.Stats(); st.Connections != 1000 || st.Channels != 1000 {
		t.Fatalf("stats %+v", st)
	}
	for _, ws := range conns {
		ws.CloseNow()
	}
	conns = nil
	deadline := time.Now().Add(10 * time.Second)
	for f.rt.Stats() != (realtime.Stats{}) {
		if time.Now().After(deadline) {
			t.Fatalf("after abrupt disconnects: %+v", f.rt.Stats())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestStreamAndGroups: a burst of commits reaches every subscriber
// complete and in commit order through the coalesced writes; like
// subscribers (one dispatch group) are told apart again when one
// refreshes its token to other claims.
func TestStreamAndGroups(t *testing.T) {
	f := newFixture(t, realtime.Config{Coalesce: 30 * time.Millisecond})
	alice := "11111111-1111-1111-1111-111111111111"
	anonTok := token(t, jwt.MapClaims{"role": "anon"})
	var cs []*client
	for i := 0; i < 3; i++ {
		c := f.dial(t, "2.0.0")
		c.join("realtime:s", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "notes"},
			map[string]any{"event": "INSERT", "schema": "public", "table": "todos"}), anonTok)
		if s := c.next(); s.Event != "system" {
			t.Fatalf("system %+v", s)
		}
		cs = append(cs, c)
	}
	const n = 40
	for i := 1; i <= n; i++ {
		f.exec(t, fmt.Sprintf(`insert into notes (id, body) values (%d, 'x')`, i))
	}
	for ci, c := range cs {
		for i := 1; i <= n; i++ {
			rec := c.until("postgres_changes").Payload["data"].(map[string]any)["record"].(map[string]any)
			if rec["id"] != float64(i) {
				t.Fatalf("client %d: change %d is %+v", ci, i, rec)
			}
		}
	}

	// todos is under RLS: anon sees none of alice's rows, alice does.
	cs[1].send("jrealtime:s", "realtime:s", "access_token", map[string]any{"access_token": token(t, jwt.MapClaims{"role": "authenticated", "sub": alice})})
	time.Sleep(100 * time.Millisecond) // the refresh is handled before the insert
	f.exec(t, fmt.Sprintf(`insert into todos (id, owner, title) values (1, '%s', 't')`, alice))
	if rec := cs[1].until("postgres_changes").Payload["data"].(map[string]any)["record"].(map[string]any); rec["title"] != "t" {
		t.Fatalf("alice: %+v", rec)
	}
	for _, c := range []*client{cs[0], cs[2]} {
		if _, data, err := readWithin(c, 300*time.Millisecond); err == nil {
			t.Fatalf("anon saw %s", data)
		}
	}
}

// TestPartialWrites: changes bigger than the socket buffers, to a client
// that reads late, arrive whole and in order (the dispatcher's writes
// that do not wait leave the rest to the connection's writer).
func TestPartialWrites(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	c := f.dialBuffered(t, "2.0.0", 0)
	c.join("realtime:p", pgConfig(map[string]any{"event": "INSERT", "schema": "public", "table": "notes"}), "")
	if s := c.next(); s.Event != "system" {
		t.Fatalf("system %+v", s)
	}
	big := strings.Repeat("y", 500<<10)
	const n = 30
	for i := 1; i <= n; i++ {
		f.exec(t, fmt.Sprintf(`insert into notes (id, body) values (%d, '%s%d')`, i, big, i))
	}
	time.Sleep(500 * time.Millisecond) // the socket buffers fill
	for i := 1; i <= n; i++ {
		rec := c.until("postgres_changes").Payload["data"].(map[string]any)["record"].(map[string]any)
		if rec["id"] != float64(i) || rec["body"] != fmt.Sprintf("%s%d", big, i) {
			t.Fatalf("change %d: id %v, body of %d bytes", i, rec["id"], len(fmt.Sprint(rec["body"])))
		}
	}
}
