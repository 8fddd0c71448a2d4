package storage_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine/internal/storage"
)

// execIn runs statements with a search path, each committed.
func (h *harness) execIn(path []string, queries ...string) {
	h.t.Helper()
	for _, q := range queries {
		if _, err := h.autocommitIn(path, q); err != nil {
			h.t.Fatalf("%s: %v", q, err)
		}
	}
}

func (h *harness) autocommitIn(path []string, q string) ([]sqlRow, error) {
	s := h.session()
	s.path = path
	rows, err := h.run(s, q)
	if err != nil {
		s.txn.Rollback()
		return nil, err
	}
	return rows, s.txn.Commit()
}

func schemaFixture(t *testing.T) *harness {
	h := newHarness(t)
	tx := h.store.Begin()
	for _, s := range []string{"a", "b"} {
		if err := tx.CreateSchema(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	h.execIn([]string{"a"}, "create table t (v varchar(5))", "insert into t values ('in a')")
	h.execIn([]string{"b"}, "create table t (v varchar(5))", "insert into t values ('in b')",
		"create table only_b (v varchar(5))", "create table `T` (v varchar(5))", "insert into `T` values ('big')")
	return h
}

func TestSearchPath(t *testing.T) {
	h := schemaFixture(t)
	tests := []struct {
		name    string
		path    []string
		query   string
		want    []string
		wantErr bool
	}{
		{"first schema wins", []string{"a", "b"}, "select v from t", []string{"in a"}, false},
		{"order matters", []string{"b", "a"}, "select v from t", []string{"in b"}, false},
		{"missing schemas are skipped", []string{"pg_catalog", "nope", "b"}, "select v from t", []string{"in b"}, false},
		{"later schema found", []string{"a", "b"}, "select count(*) from only_b", []string{"0"}, false},
		{"not on path", []string{"a"}, "select * from only_b", nil, true},
		{"exact case: upper", []string{"b"}, "select v from `T`", []string{"big"}, false},
		{"exact case: lower does not match upper", []string{"a"}, "select v from `T`", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := h.autocommitIn(tc.path, tc.query)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if err == nil {
				wantRows(t, rows, tc.want...)
			}
		})
	}
}

func TestCreateUsesFirstExistingSchema(t *testing.T) {
	h := schemaFixture(t)
	h.execIn([]string{"nope", "b", "a"}, "create table fresh (x bigint)")
	s := h.session()
	names, err := s.txn.TableNames("b")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"T", "fresh", "only_b", "t"}, names); diff != "" {
		t.Errorf("tables of b (-want +got):\n%s", diff)
	}
	_, err = h.autocommitIn([]string{"nope"}, "create table lost (x bigint)")
	if !errors.Is(err, storage.ErrNoCreationSchema) {
		t.Errorf("create with no existing schema: err = %v, want ErrNoCreationSchema", err)
	}
}

func TestSchemaQualifiedAccess(t *testing.T) {
	h := schemaFixture(t)
	s := h.session()
	s.path = nil
	ctx := h.ctx(s)
	db := h.prov.DB()
	if _, ok, _ := db.GetSchema(ctx, "A"); ok {
		t.Error("GetSchema matched a schema name case-insensitively")
	}
	sch, ok, err := db.GetSchema(ctx, "b")
	if err != nil || !ok {
		t.Fatalf("GetSchema(b) = %v, %v", ok, err)
	}
	if sch.SchemaName() != "b" || sch.Name() != dbName {
		t.Errorf("schema names = %q, %q", sch.SchemaName(), sch.Name())
	}
	tbl, ok, err := sch.GetTableInsensitive(ctx, "t")
	if err != nil || !ok {
		t.Fatalf("b.t: %v %v", ok, err)
	}
	st := tbl.(*storage.Table)
	if st.SchemaName() != "b" || st.DatabaseSchema().SchemaName() != "b" {
		t.Errorf("table schema = %q", st.SchemaName())
	}
	rows := drain(t, ctx, must(st.Rows(ctx)))
	wantRows(t, rows, "in b")
	if _, ok, _ := sch.GetTableInsensitive(ctx, "only_a"); ok {
		t.Error("found a table that does not exist")
	}
	all, err := db.AllSchemas(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range all {
		names = append(names, s.SchemaName())
	}
	if diff := cmp.Diff([]string{"a", "b", "public"}, names); diff != "" {
		t.Errorf("schemas (-want +got):\n%s", diff)
	}
}

func TestSchemaDDL(t *testing.T) {
	h := schemaFixture(t)
	tx := h.store.Begin()
	if err := tx.CreateSchema("a"); !errors.Is(err, storage.ErrSchemaExists) {
		t.Errorf("CreateSchema(a) = %v, want ErrSchemaExists", err)
	}
	if err := tx.DropSchema("a"); !errors.Is(err, storage.ErrSchemaNotEmpty) {
		t.Errorf("DropSchema(a) = %v, want ErrSchemaNotEmpty", err)
	}
	if err := tx.RenameSchema("a", "z"); err != nil {
		t.Fatal(err)
	}
	if err := tx.CreateSchema("empty"); err != nil {
		t.Fatal(err)
	}
	if err := tx.DropSchema("empty"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"b", "public", "z"}, tx.SchemaNames()); diff != "" {
		t.Errorf("schemas (-want +got):\n%s", diff)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	rows, err := h.autocommitIn([]string{"z"}, "select v from t")
	if err != nil {
		t.Fatal(err)
	}
	wantRows(t, rows, "in a")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
