package realtime_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/realtime"
)

// joinLegacy joins topic the way clients before config did: no config,
// the topic names the subscription.
func (c *client) joinLegacy(topic string) msg {
	c.t.Helper()
	ref := c.send("j"+topic, topic, "phx_join", map[string]any{})
	m := c.next()
	if m.Event != "phx_reply" || *m.Ref != ref || m.Payload["status"] != "ok" {
		c.t.Fatalf("join reply %+v", m)
	}
	if s := c.next(); s.Event != "system" || s.Payload["message"] != "Subscribed to PostgreSQL" {
		c.t.Fatalf("system %+v", s)
	}
	return m
}

// TestLegacyTopics: realtime:schema[:table[:filter]] and realtime:*
// without config subscribe to their tables, and each change arrives as
// an INSERT / UPDATE / DELETE event carrying the change itself.
func TestLegacyTopics(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	table, all, filtered, schema := f.dial(t, "2.0.0"), f.dial(t, "1.0.0"), f.dial(t, "2.0.0"), f.dial(t, "2.0.0")
	m := table.joinLegacy("realtime:public:notes")
	pcs, _ := m.Payload["response"].(map[string]any)["postgres_changes"].([]any)
	if len(pcs) != 1 || pcs[0].(map[string]any)["table"] != "notes" || pcs[0].(map[string]any)["id"] == nil {
		t.Fatalf("join reply %+v", m.Payload)
	}
	b := `{"topic":"realtime:*","event":"phx_join","ref":"1","payload":{}}`
	all.sendRaw(b)
	for _, want := range []string{"phx_reply", "system"} {
		if _, data, err := readWithin(all, 3*time.Second); err != nil || !strings.Contains(string(data), `"event":"`+want+`"`) {
			t.Fatalf("v1 %s: %s %v", want, data, err)
		}
	}
	filtered.joinLegacy("realtime:public:notes:id=eq.2")
	schema.joinLegacy("realtime:public")

	f.exec(t, `insert into notes values (1, 'one')`)
	for _, c := range []*client{table, schema} {
		got := c.next()
		if got.Event != "INSERT" || got.Payload["type"] != "INSERT" || got.Payload["table"] != "notes" ||
			fmt.Sprint(got.Payload["record"]) != "map[body:one id:1]" {
			t.Fatalf("legacy insert %+v", got)
		}
	}
	if _, data, err := readWithin(all, 3*time.Second); err != nil || !strings.Contains(string(data), `"event":"INSERT"`) || !strings.Contains(string(data), `"body":"one"`) {
		t.Fatalf("realtime:* insert: %s %v", data, err)
	}
	filtered.quiet()
	f.exec(t, `update notes set body = 'uno' where id = 1`)
	if got := table.next(); got.Event != "UPDATE" || fmt.Sprint(got.Payload["old_record"]) != "map[body:one id:1]" {
		t.Fatalf("legacy update %+v", got)
	}
	f.exec(t, `insert into notes values (2, 'two')`)
	if got := filtered.next(); got.Event != "INSERT" || got.Payload["record"].(map[string]any)["body"] != "two" {
		t.Fatalf("legacy filter %+v", got)
	}
	f.exec(t, `delete from notes where id = 2`)
	if got := filtered.next(); got.Event != "DELETE" {
		t.Fatalf("legacy delete %+v", got)
	}
}

// TestNoPrimaryKey: a published table without a primary key sends its
// inserts and updates as Realtime's apply_rls does, the error without
// the row, to every subscriber of the table whatever its filter; its
// deletes carry the whole old row under REPLICA IDENTITY FULL (only the
// key, so nothing, when the table has RLS) and pass filters as usual.
// Without a replica identity
// PostgreSQL refuses its updates and deletes.
func TestNoPrimaryKey(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, `create table public.logs (level text, msg text);
grant select on public.logs to anon;
alter publication supabase_realtime add table public.logs;
create table public.rls_logs (msg text);
alter table public.rls_logs enable row level security;
create policy everyone on public.rls_logs for select using (true);
grant select on public.rls_logs to anon;
alter table public.rls_logs replica identity full;
alter publication supabase_realtime add table public.rls_logs`)
	c := f.dial(t, "2.0.0")
	c.join("realtime:logs", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "logs", "filter": "level=eq.error"},
		map[string]any{"event": "DELETE", "schema": "public", "table": "rls_logs"}), "")
	c.until("system")

	f.exec(t, `insert into logs values ('info', 'hello')`)
	data := c.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "INSERT" || fmt.Sprint(data["errors"]) != "[Error 400: Bad Request, no primary key]" ||
		fmt.Sprint(data["record"]) != "map[]" || fmt.Sprint(data["columns"]) != "[]" || data["commit_timestamp"] != nil {
		t.Fatalf("no-key insert %+v", data)
	}

	_, err := f.db.Exec(t.Context(), `update logs set msg = 'x'`)
	var pe *engine.Error
	if !errors.As(err, &pe) || pe.Code != "55000" {
		t.Fatalf("update without replica identity: %v", err)
	}
	f.exec(t, `alter table logs replica identity full`)
	f.exec(t, `update logs set msg = 'bye'`)
	data = c.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "UPDATE" || fmt.Sprint(data["errors"]) != "[Error 400: Bad Request, no primary key]" || fmt.Sprint(data["old_record"]) != "map[]" {
		t.Fatalf("no-key update %+v", data)
	}
	// A delete is checked normally: the filter applies to its old row.
	f.exec(t, `delete from logs`)
	c.quiet()
	f.exec(t, `insert into logs values ('error', 'boom')`)
	c.until("postgres_changes")
	f.exec(t, `delete from logs`)
	data = c.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "DELETE" || data["errors"] != nil || fmt.Sprint(data["old_record"]) != "map[level:error msg:boom]" {
		t.Fatalf("no-key delete %+v", data)
	}
	f.exec(t, `insert into rls_logs values ('a')`)
	f.exec(t, `delete from rls_logs`)
	data = c.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "DELETE" || data["table"] != "rls_logs" || fmt.Sprint(data["old_record"]) != "map[]" {
		t.Fatalf("no-key RLS delete %+v", data)
	}
}

// TestTruncateNotSent: Realtime's poller asks for inserts, updates and
// deletes only, so a TRUNCATE reaches no subscriber.
func TestTruncateNotSent(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	c := f.dial(t, "2.0.0")
	c.join("realtime:t", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "notes"}), "")
	c.until("system")
	f.exec(t, `insert into notes values (1, 'a')`)
	c.until("postgres_changes")
	f.exec(t, `truncate notes`)
	f.exec(t, `insert into notes values (2, 'b')`)
	data := c.until("postgres_changes").Payload["data"].(map[string]any)
	if data["type"] != "INSERT" || data["record"].(map[string]any)["id"] != float64(2) {
		t.Fatalf("after truncate %+v", data)
	}
	c.quiet()
}

// TestReplicaIdentityIndex: under REPLICA IDENTITY USING INDEX the old
// record is the index's columns, as wal2json's identity carries them.
func TestReplicaIdentityIndex(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, `create table public.accounts (id int primary key, email text not null, name text);
create unique index accounts_email on public.accounts (email);
alter table public.accounts replica identity using index accounts_email;
grant select on public.accounts to anon;
alter publication supabase_realtime add table public.accounts;
insert into public.accounts values (1, 'a@x', 'A')`)
	c := f.dial(t, "2.0.0")
	c.join("realtime:acc", pgConfig(map[string]any{"event": "UPDATE", "schema": "public", "table": "accounts"}), "")
	c.until("system")
	f.exec(t, `update accounts set name = 'B' where id = 1`)
	data := c.until("postgres_changes").Payload["data"].(map[string]any)
	if fmt.Sprint(data["old_record"]) != "map[email:a@x]" || data["record"].(map[string]any)["name"] != "B" {
		t.Fatalf("update %+v", data)
	}
}
