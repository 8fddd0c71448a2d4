package realtime_test

import (
	"fmt"
	"testing"

	"github.com/tinybase/tinybase/realtime"
)

// TestPublicationFiltersIgnored: a supabase_realtime publication's row
// filter and column list do not narrow postgres_changes, as Supabase
// Realtime, reading through wal2json, sends every change of a published
// table with every column.
func TestPublicationFiltersIgnored(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, `create table public.tasks (id int primary key, status text, note text);
		alter table public.tasks replica identity full;
		grant select on public.tasks to anon;
		alter publication supabase_realtime add table public.tasks where (status = 'open');
		create table public.cards (id int primary key, body text, secret text);
		grant select on public.cards to anon;
		alter publication supabase_realtime add table public.cards (id, body)`)
	c := f.dial(t, "2.0.0")
	c.join("realtime:f", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "tasks"},
		map[string]any{"event": "*", "schema": "public", "table": "cards"}), f.anon)
	c.until("system")

	next := func() map[string]any {
		t.Helper()
		return c.until("postgres_changes").Payload["data"].(map[string]any)
	}
	f.exec(t, `insert into tasks values (2, 'closed', 'b')`)
	if d := next(); d["type"] != "INSERT" || fmt.Sprint(d["record"]) != "map[id:2 note:b status:closed]" {
		t.Fatalf("insert outside the row filter: %+v", d)
	}
	f.exec(t, `update tasks set note = 'c' where id = 2`)
	if d := next(); d["type"] != "UPDATE" || fmt.Sprint(d["old_record"]) != "map[id:2 note:b status:closed]" {
		t.Fatalf("update outside the row filter: %+v", d)
	}
	f.exec(t, `insert into cards values (1, 'front', 'hidden')`)
	if d := next(); d["type"] != "INSERT" || fmt.Sprint(d["record"]) != "map[body:front id:1 secret:hidden]" || len(d["columns"].([]any)) != 3 {
		t.Fatalf("column list: %+v", d)
	}
}
