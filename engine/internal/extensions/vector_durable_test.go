package extensions_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestVectorDurable reopens a data directory: the catalog written down
// as data names the extension base types, which come back with their Go
// implementation, and stored vectors read back.
func TestVectorDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension vector with schema extensions;
create table docs (id int primary key, embedding vector(2), h halfvec(2), sp sparsevec(3));
insert into docs values (1, '[3,4]', '[1,2]', '{1:1}/3')`, `insert into docs values (2, '[0,1]', '[0.5,0]', '{3:2}/3')`)
	res := enginetest.Exec(t, s2, `select id, embedding, h, sp, embedding <-> '[0,0]' from docs order by id`)
	if got, want := enginetest.LastRows(res), "1|[3,4]|[1,2]|{1:1}/3|5\n2|[0,1]|[0.5,0]|{3:2}/3|1"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
	if _, err := s2.Exec(context.Background(), `insert into docs values (3, '[1]', null, null)`); err == nil {
		t.Error("typmod lost after reopening: a 1-dimensional vector went into vector(2)")
	}
}
