package engine_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestPublicationFiltersDurable reopens a data directory holding a
// publication with a row filter and a column list, from the checkpoint
// and from the write-ahead log: both come back, and they follow a
// column renamed before the reopening.
func TestPublicationFiltersDurable(t *testing.T) {
	setup := `create table pt (id int primary key, x int, secret text);
		create publication pf for table pt (id, x) where (x > 1);
		alter table pt rename column x to y`
	enginetest.EachReopening(t, setup, func(t *testing.T, s *engine.Session) {
		res := enginetest.Exec(t, s, `select attnames::text, rowfilter from pg_publication_tables where pubname = 'pf'`)
		row := res[0].Rows[0]
		if row[0] == nil || *row[0] != "{id,y}" || row[1] == nil || *row[1] != "(y > 1)" {
			t.Fatalf("pg_publication_tables after reopening: %v", row)
		}
	})
}
