package session

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestPLTriggerFunction runs trigger functions through the plpgsql
// handler as trigger firing does: NEW / OLD, TG_* variables, the
// returned row or NULL.
func TestPLTriggerFunction(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, q := range []string{
		`CREATE TABLE log (msg text)`,
		`CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.title := upper(NEW.title);
    NEW.n := coalesce(NEW.n, 0) + TG_NARGS;
  END IF;
  INSERT INTO log VALUES (TG_NAME || ' ' || TG_WHEN || ' ' || TG_LEVEL || ' ' || TG_OP || ' ' || TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' ' || coalesce(TG_ARGV[0], '-'));
  IF TG_OP = 'DELETE' THEN
    IF OLD.n > 5 THEN RETURN NULL; END IF;
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$`,
	} {
		rows, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		rows.Close()
	}
	fns := s.catalog().Functions(catalog.QName{Schema: "public", Name: "stamp"})
	if len(fns) != 1 {
		t.Fatalf("stamp: %d functions", len(fns))
	}
	cols := []routine.Column{{Name: "id", Type: types.Int4}, {Name: "title", Type: types.Text}, {Name: "n", Type: types.Int8}}
	h := &plpgsqlHandler{}
	call := func(op string, newRow, oldRow []any) routine.Result {
		t.Helper()
		gctx := sql.NewContext(ctx, sql.WithSession(s.gms))
		tg := &routine.TriggerData{Name: "trg", When: "BEFORE", Level: "ROW", Op: op, TableName: "items", Schema: "public",
			Args: []string{"a1", "a2"}, Columns: cols, New: newRow, Old: oldRow}
		res, err := h.Call(gctx, &routineCaller{s: s, gctx: gctx}, fns[0], nil, tg)
		if err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		return res
	}
	if got, want := call("INSERT", []any{int32(1), "milk", nil}, nil), (routine.Result{Row: []any{int32(1), "MILK", int64(2)}}); !cmp.Equal(got, want) {
		t.Errorf("INSERT: %s", cmp.Diff(want, got))
	}
	if got, want := call("UPDATE", []any{int32(1), "x", int64(3)}, []any{int32(1), "y", int64(3)}), (routine.Result{Row: []any{int32(1), "x", int64(3)}}); !cmp.Equal(got, want) {
		t.Errorf("UPDATE: %s", cmp.Diff(want, got))
	}
	if got, want := call("DELETE", nil, []any{int32(1), "y", int64(9)}), (routine.Result{Null: true}); !cmp.Equal(got, want) {
		t.Errorf("DELETE: %s", cmp.Diff(want, got))
	}
	rows, err := s.Query(ctx, "SELECT msg FROM log")
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for rows.Next() {
		msgs = append(msgs, rows.Values()[0].(string))
	}
	want := []string{"trg BEFORE ROW INSERT public.items a1", "trg BEFORE ROW UPDATE public.items a1", "trg BEFORE ROW DELETE public.items a1"}
	if !cmp.Equal(msgs, want) {
		t.Errorf("log: %s", cmp.Diff(want, msgs))
	}
}

// TestPLTriggerFoldedLiteral checks that a constant assigned in a trigger
// is cast once per TimeZone, not once per session: the literal has no
// offset, so its instant depends on the zone in force at each row.
func TestPLTriggerFoldedLiteral(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := func(q string) [][]any {
		t.Helper()
		rows, err := s.Query(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		var out [][]any
		for rows.Next() {
			out = append(out, append([]any(nil), rows.Values()...))
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		rows.Close()
		return out
	}
	run(`CREATE TABLE items (id int, at timestamptz, label text)`)
	run(`CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.at := '2024-01-01 00:00:00';
  NEW.label := 'x';
  RETURN NEW;
END $$`)
	run(`CREATE TRIGGER stamp BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION stamp()`)
	// one transaction, so the transaction start ('now') stays the same
	run(`BEGIN`)
	run(`SET TimeZone = 'UTC'`)
	run(`INSERT INTO items (id) VALUES (1), (2)`)
	run(`SET TimeZone = 'Asia/Tokyo'`)
	run(`INSERT INTO items (id) VALUES (3)`)
	run(`COMMIT`)
	run(`SET TimeZone = 'UTC'`)
	got := run(`SELECT id, extract(epoch from at)::bigint::text, label FROM items ORDER BY id`)
	want := [][]any{{int32(1), "1704067200", "x"}, {int32(2), "1704067200", "x"}, {int32(3), "1704034800", "x"}}
	if !cmp.Equal(got, want) {
		t.Errorf("rows: %s", cmp.Diff(want, got))
	}
}
