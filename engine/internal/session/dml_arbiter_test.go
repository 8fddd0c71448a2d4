package session

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// TestUpsertPartialArbiter checks arbiter inference against a partial unique
// index, which SQL on this branch cannot create yet: the index is made
// through the storage API.
func TestUpsertPartialArbiter(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := connectT(t, e)
	ctx := context.Background()
	exec := func(q string) (string, error) {
		r, err := s.Query(ctx, q)
		if err != nil {
			return "", err
		}
		for r.Next() {
		}
		return r.Tag(), r.Err()
	}
	if _, err := exec("CREATE TABLE emails (id int PRIMARY KEY, address text NOT NULL, deleted boolean NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms))
	tbl, ok, err := e.provider.DB().Table(gctx, "public", "emails")
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	err = tbl.CreateIndexSpec(gctx, storage.IndexSpec{Name: "emails_active_key", Unique: true, Columns: []string{"address"},
		Where: func(_ *sql.Context, row sql.Row) (bool, error) { return row[2] == false, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.StorageTxn().Commit(); err != nil {
		t.Fatal(err)
	}
	s.txn = nil
	steps := []struct {
		sql, tag, code string
	}{
		{sql: "INSERT INTO emails VALUES (1, 'a', false)", tag: "INSERT 0 1"},
		{sql: "INSERT INTO emails VALUES (2, 'a', true)", tag: "INSERT 0 1"},
		{sql: "INSERT INTO emails VALUES (3, 'a', false) ON CONFLICT (address) DO NOTHING", code: "42P10"},
		{sql: "INSERT INTO emails VALUES (3, 'a', false) ON CONFLICT (address) WHERE NOT deleted DO NOTHING", tag: "INSERT 0 0"},
		{sql: "INSERT INTO emails VALUES (3, 'a', false) ON CONFLICT (address) WHERE NOT deleted DO UPDATE SET address = 'b'", tag: "INSERT 0 1"},
		{sql: "INSERT INTO emails VALUES (4, 'b', false) ON CONFLICT DO NOTHING", tag: "INSERT 0 0"},
		{sql: "INSERT INTO emails VALUES (4, 'b', false) ON CONFLICT (id) DO NOTHING", code: "23505"},
	}
	for _, st := range steps {
		tag, err := exec(st.sql)
		code := ""
		if pe, ok := err.(*Error); ok {
			code = pe.Code
		} else if err != nil {
			t.Fatalf("%s: %v", st.sql, err)
		}
		if tag != st.tag || code != st.code {
			t.Errorf("%s: got tag %q code %q, want tag %q code %q (%v)", st.sql, tag, code, st.tag, st.code, err)
		}
	}
}
