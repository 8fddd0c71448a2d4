package session

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// BenchmarkPLTriggerCall is the handler's share of issue 3's trigger
// target: a BEFORE INSERT row trigger function setting two columns.
func BenchmarkPLTriggerCall(b *testing.B) {
	e, err := Open(Options{})
	if err != nil {
		b.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	rows, err := s.Query(ctx, `CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  NEW.title := lower(NEW.title);
  RETURN NEW;
END $$`)
	if err != nil {
		b.Fatal(err)
	}
	rows.Close()
	fn := s.catalog().Functions(catalog.QName{Schema: "public", Name: "stamp"})[0]
	cols := []routine.Column{{Name: "id", Type: types.Int4}, {Name: "title", Type: types.Text}, {Name: "updated_at", Type: types.Timestamptz}}
	h := &plpgsqlHandler{}
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms))
	caller := &routineCaller{s: s, gctx: gctx}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tg := &routine.TriggerData{Name: "trg", When: "BEFORE", Level: "ROW", Op: "INSERT", TableName: "items", Schema: "public",
			Columns: cols, New: []any{int32(i), "Milk", nil}}
		if _, err := h.Call(gctx, caller, fn, nil, tg); err != nil {
			b.Fatal(err)
		}
	}
}
