package storage_test

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

func uniqueFixture(t *testing.T) *harness {
	h := newHarness(t)
	h.exec(
		"create table users (id bigint primary key, email varchar(20), nick varchar(20))",
		"create unique index users_email_key on users (email)",
		"insert into users values (1, 'a@x', 'a'), (2, 'b@x', 'b'), (3, NULL, 'c')",
	)
	return h
}

func TestUniqueViolations(t *testing.T) {
	tests := []struct {
		name  string
		stmt  string
		want  storage.UniqueViolation
		key   string
		exist string
	}{
		{
			name: "primary key on insert",
			stmt: "insert into users values (4, 'd@x', 'd'), (1, 'e@x', 'e')",
			want: storage.UniqueViolation{Schema: "public", Table: "users", Index: "users_pkey", PrimaryKey: true, Columns: []string{"id"}, KeyText: "1"},
			key:  "1", exist: "1,a@x,a",
		},
		{
			name: "unique index on insert after an earlier row succeeded",
			stmt: "insert into users values (4, 'd@x', 'd'), (5, 'b@x', 'e')",
			want: storage.UniqueViolation{Schema: "public", Table: "users", Index: "users_email_key", Columns: []string{"email"}, KeyText: "b@x"},
			key:  "b@x", exist: "2,b@x,b",
		},
		{
			name: "unique index on update",
			stmt: "update users set email = 'a@x' where id = 2",
			want: storage.UniqueViolation{Schema: "public", Table: "users", Index: "users_email_key", Columns: []string{"email"}, KeyText: "a@x"},
			key:  "a@x", exist: "1,a@x,a",
		},
		{
			name: "primary key on update",
			stmt: "update users set id = 3 where id = 1",
			want: storage.UniqueViolation{Schema: "public", Table: "users", Index: "users_pkey", PrimaryKey: true, Columns: []string{"id"}, KeyText: "3"},
			key:  "3", exist: "3,NULL,c",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := uniqueFixture(t)
			_, err := h.autocommit(tc.stmt)
			if err == nil {
				t.Fatal("statement succeeded, want a unique violation")
			}
			if !sql.ErrUniqueKeyViolation.Is(unwrapInsert(err)) && !sql.ErrPrimaryKeyViolation.Is(unwrapInsert(err)) {
				t.Errorf("error %v (%T) is not GMS's unique key error", err, err)
			}
			v, ok := storage.AsUniqueViolation(err)
			if !ok {
				t.Fatalf("AsUniqueViolation(%v) = false", err)
			}
			wantRows(t, []sql.Row{v.Existing}, tc.exist)
			got := *v
			got.Existing = nil
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("violation mismatch (-want +got):\n%s", diff)
			}
			// The engine recovers typed key values from the existing row.
			s := h.session()
			ctx := h.ctx(s)
			tbl, _, _ := h.prov.DB().Table(ctx, v.Schema, v.Table)
			key, _, err := tbl.IndexKey(ctx, v.Index, v.Existing)
			if err != nil {
				t.Fatal(err)
			}
			wantRows(t, []sql.Row{key}, tc.key)
			// Nothing of the failed statement remains, in rows or indexes.
			wantRows(t, h.query("select * from users"), "1,a@x,a", "2,b@x,b", "3,NULL,c")
			for _, q := range []string{
				"select id from users where email = 'd@x'",
				"select id from users where id = 4",
			} {
				wantRows(t, h.query(q))
			}
			wantRows(t, h.query("select id from users where email = 'b@x'"), "2")
		})
	}
}

func unwrapInsert(err error) error {
	if w, ok := err.(sql.WrappedInsertError); ok {
		return w.Cause
	}
	return err
}

// TestStatementAtomicityWithoutEngineBracket runs a failing multi-row insert
// through GMS alone: GMS's DiscardChanges on the table editor rolls the
// statement back.
func TestStatementAtomicityWithoutEngineBracket(t *testing.T) {
	h := uniqueFixture(t)
	s := h.session()
	ctx := h.ctx(s)
	_, iter, _, err := h.eng.Query(ctx, "insert into users values (4, 'd@x', 'd'), (5, 'a@x', 'e')")
	if err == nil {
		_, err = sql.RowIterToRows(ctx, iter)
	}
	if err == nil {
		t.Fatal("insert succeeded, want unique violation")
	}
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	wantRows(t, h.query("select id from users"), "1", "2", "3")
	wantRows(t, h.query("select id from users where email = 'd@x'"))
}

func TestUniqueAllowsRepeatedNulls(t *testing.T) {
	h := uniqueFixture(t)
	h.exec("insert into users values (4, NULL, 'd'), (5, NULL, 'e')")
	wantRows(t, h.query("select id from users where email is null"), "3", "4", "5")
	h.exec("update users set email = NULL where id = 1")
	wantRows(t, h.query("select id from users where email is null"), "1", "3", "4", "5")
}

func TestUniqueCompositeWithNull(t *testing.T) {
	h := newHarness(t)
	h.exec(
		"create table m (id bigint primary key, a bigint, b bigint)",
		"create unique index m_a_b on m (a, b)",
		"insert into m values (1, 1, NULL), (2, 1, NULL), (3, 1, 2)",
	)
	if _, err := h.autocommit("insert into m values (4, 1, 2)"); err == nil {
		t.Fatal("duplicate (1, 2) accepted")
	}
	wantRows(t, h.query("select count(*) from m"), "3")
}

func TestCreateUniqueIndexOnDuplicates(t *testing.T) {
	h := uniqueFixture(t)
	h.exec("insert into users values (4, 'd@x', 'a')")
	_, err := h.autocommit("create unique index users_nick_key on users (nick)")
	v, ok := storage.AsUniqueViolation(err)
	if !ok || v.Index != "users_nick_key" {
		t.Fatalf("create unique index: err = %v, want violation of users_nick_key", err)
	}
	s := h.session()
	ctx := h.ctx(s)
	tbl, _, _ := h.prov.DB().Table(ctx, "public", "users")
	infos, err := tbl.Indexes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, ix := range infos {
		names = append(names, ix.Name)
	}
	if diff := cmp.Diff([]string{"users_pkey", "users_email_key"}, names); diff != "" {
		t.Errorf("indexes (-want +got):\n%s", diff)
	}
}

func TestOnDuplicateKeyUpdate(t *testing.T) {
	h := uniqueFixture(t)
	h.exec("insert into users values (1, 'z@x', 'z') on duplicate key update nick = 'upserted'")
	wantRows(t, h.query("select * from users where id = 1"), "1,a@x,upserted")
}

// specTable returns the users table handle in a fresh session.
func specTable(t *testing.T, h *harness) (*testSession, *sql.Context, *storage.Table) {
	t.Helper()
	s := h.session()
	ctx := h.ctx(s)
	tbl, ok, err := h.prov.DB().Table(ctx, "public", "users")
	if err != nil || !ok {
		t.Fatalf("users: %v %v", ok, err)
	}
	return s, ctx, tbl
}

// TestPartialUniqueIndex: unique (nick) where email is not null.
func TestPartialUniqueIndex(t *testing.T) {
	h := uniqueFixture(t)
	h.exec("insert into users values (4, NULL, 'c')") // same nick as 3, both outside the index
	s, ctx, tbl := specTable(t, h)
	err := tbl.CreateIndexSpec(ctx, storage.IndexSpec{
		Name:    "users_nick_active",
		Unique:  true,
		Columns: []string{"nick"},
		Where:   func(_ *sql.Context, row sql.Row) (bool, error) { return row[1] != nil, nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		stmt    string
		wantErr bool
	}{
		{"insert into users values (5, NULL, 'a')", false},     // outside the index
		{"insert into users values (6, 'f@x', 'a')", true},     // conflicts with 1
		{"insert into users values (7, 'g@x', 'c')", false},    // 3 and 4 are outside
		{"update users set email = 'h@x' where id = 3", true},  // 3 enters the index, conflicts with 7
		{"update users set email = NULL where id = 7", false},  // 7 leaves the index
		{"update users set email = 'h@x' where id = 3", false}, // now free
	}
	for _, st := range steps {
		_, err := h.autocommit(st.stmt)
		if (err != nil) != st.wantErr {
			t.Fatalf("%s: err = %v, wantErr %v", st.stmt, err, st.wantErr)
		}
		if err != nil {
			if v, ok := storage.AsUniqueViolation(err); !ok || v.Index != "users_nick_active" {
				t.Errorf("%s: err = %v, want violation of users_nick_active", st.stmt, err)
			}
		}
	}
	wantRows(t, h.query("select * from users"), "1,a@x,a", "2,b@x,b", "4,NULL,c", "5,NULL,a", "7,NULL,c", "3,h@x,c")

	// GMS never sees the partial index (it would answer lookups wrongly).
	_, ctx, tbl = specTable(t, h)
	indexes, _ := tbl.GetIndexes(ctx)
	for _, ix := range indexes {
		if ix.ID() == "users_nick_active" {
			t.Errorf("partial index visible to GMS")
		}
	}
	if used := indexesUsed(h.plan(h.session(), "select id from users where nick = 'c'")); len(used) != 0 {
		t.Errorf("lookup on nick used %v", used)
	}
}

func TestPartialUniqueIndexRejectsExistingDuplicates(t *testing.T) {
	h := uniqueFixture(t)
	h.exec("insert into users values (4, 'd@x', 'a')")
	_, ctx, tbl := specTable(t, h)
	err := tbl.CreateIndexSpec(ctx, storage.IndexSpec{
		Name: "users_nick_active", Unique: true, Columns: []string{"nick"},
		Where: func(_ *sql.Context, row sql.Row) (bool, error) { return row[1] != nil, nil },
	})
	if _, ok := storage.AsUniqueViolation(err); !ok {
		t.Fatalf("CreateIndexSpec err = %v, want unique violation", err)
	}
	infos, _ := tbl.Indexes(ctx)
	if len(infos) != 2 {
		t.Errorf("indexes = %+v, want only the original two", infos)
	}
}

// TestExpressionUniqueIndex: unique (lower(nick)).
func TestExpressionUniqueIndex(t *testing.T) {
	h := uniqueFixture(t)
	s, ctx, tbl := specTable(t, h)
	err := tbl.CreateIndexSpec(ctx, storage.IndexSpec{
		Name:   "users_lower_nick",
		Unique: true,
		Key: func(_ *sql.Context, row sql.Row) (sql.Row, error) {
			if row[2] == nil {
				return sql.Row{nil}, nil
			}
			return sql.Row{strings.ToLower(row[2].(string))}, nil
		},
		KeyTypes: []sql.Type{types.Text},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.txn.Commit(); err != nil {
		t.Fatal(err)
	}
	_, err = h.autocommit("insert into users values (9, 'q@x', 'A')")
	v, ok := storage.AsUniqueViolation(err)
	if !ok || v.Index != "users_lower_nick" || len(v.Columns) != 0 {
		t.Fatalf("err = %v (%+v), want violation of users_lower_nick without columns", err, v)
	}
	h.exec("insert into users values (9, 'q@x', 'Q')")
	wantRows(t, h.query("select count(*) from users"), "4")
}

func TestReplaceAndInsertIgnore(t *testing.T) {
	h := uniqueFixture(t)
	// REPLACE deletes the conflicting rows GMS finds through the unique-key
	// error's existing row, then inserts.
	h.exec("replace into users values (1, 'b@x', 'r')")
	wantRows(t, h.query("select * from users"), "3,NULL,c", "1,b@x,r")
	// INSERT IGNORE checkpoints per row: the duplicate is skipped, the rest
	// is kept.
	h.exec("insert ignore into users values (4, 'd@x', 'd'), (5, 'b@x', 'dup'), (6, 'f@x', 'f')")
	wantRows(t, h.query("select id from users"), "3", "1", "4", "6")
	wantRows(t, h.query("select id from users where email = 'b@x'"), "1")
}
