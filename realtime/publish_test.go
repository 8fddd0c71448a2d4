package realtime_test

import (
	"fmt"
	"testing"

	"github.com/tinybase/tinybase/realtime"
)

// TestPublicationFiltersAndColumns: the supabase_realtime publication's
// row filter decides which changes are sent (an update leaving the
// filter is sent as a DELETE, one entering it as an INSERT), and its
// column list which columns the records carry, as pgoutput sends them.
func TestPublicationFiltersAndColumns(t *testing.T) {
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
	f.exec(t, `insert into tasks values (1, 'open', 'a'), (2, 'closed', 'b')`)
	if d := next(); d["type"] != "INSERT" || fmt.Sprint(d["record"]) != "map[id:1 note:a status:open]" {
		t.Fatalf("insert passing the filter: %+v", d)
	}
	c.quiet() // row 2 does not pass
	f.exec(t, `update tasks set status = 'closed' where id = 1`)
	if d := next(); d["type"] != "DELETE" || fmt.Sprint(d["old_record"]) != "map[id:1 note:a status:open]" {
		t.Fatalf("update leaving the filter: %+v", d)
	}
	f.exec(t, `update tasks set status = 'open' where id = 2`)
	if d := next(); d["type"] != "INSERT" || fmt.Sprint(d["record"]) != "map[id:2 note:b status:open]" || d["old_record"] != nil {
		t.Fatalf("update entering the filter: %+v", d)
	}
	f.exec(t, `update tasks set note = 'c' where id = 2`)
	if d := next(); d["type"] != "UPDATE" || fmt.Sprint(d["record"]) != "map[id:2 note:c status:open]" {
		t.Fatalf("update within the filter: %+v", d)
	}
	f.exec(t, `update tasks set note = 'd' where id = 1; delete from tasks where id = 1`)
	c.quiet() // outside the filter before and after

	f.exec(t, `insert into cards values (1, 'front', 'hidden')`)
	d := next()
	if d["type"] != "INSERT" || fmt.Sprint(d["record"]) != "map[body:front id:1]" || len(d["columns"].([]any)) != 2 {
		t.Fatalf("column list: %+v", d)
	}
	f.exec(t, `update cards set secret = 'x' where id = 1`)
	if d := next(); d["type"] != "UPDATE" || fmt.Sprint(d["record"]) != "map[body:front id:1]" || fmt.Sprint(d["old_record"]) != "map[id:1]" {
		t.Fatalf("column list on update: %+v", d)
	}
}
