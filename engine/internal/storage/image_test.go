package storage

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

func lazyImage(build func() (LazyParts, error)) Image {
	cols := sql.Schema{
		{Name: "id", Type: types.Int64},
		{Name: "name", Type: types.Text, Nullable: true},
	}
	return Image{Schemas: []string{"public"}, Tables: []TableImage{{
		Schema: "public", Name: "t", Columns: cols, PKOrds: []int{0}, PKName: "t_pkey",
		Indexes: []IndexImage{{Name: "t_name_key", Unique: true, KeyText: []string{"name"}, KeyTypes: []sql.Type{types.Text}, WhereText: "id > 0"}},
		Lazy:    build,
	}}}
}

// TestImageLazy checks that a lazily built table builds its stored
// expressions once however many goroutines reach it first, and that its
// index functions and every reader see them.
func TestImageLazy(t *testing.T) {
	var calls atomic.Int32
	s, err := NewStoreFromImage(nil, "postgres", lazyImage(func() (LazyParts, error) {
		calls.Add(1)
		def := &sql.ColumnDefaultValue{Expr: expression.NewLiteral("n", types.Text), OutType: types.Text, ReturnNil: true, Parenthesized: true}
		return LazyParts{
			Columns: sql.Schema{{Name: "id", Type: types.Int64}, {Name: "name", Type: types.Text, Nullable: true, Default: def}},
			Indexes: []IndexImage{{
				Key:   func(ctx *sql.Context, row sql.Row) (sql.Row, error) { return sql.Row{row[1]}, nil },
				Where: func(ctx *sql.Context, row sql.Row) (bool, error) { return row[0].(int64) > 0, nil },
			}},
		}, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	td, _ := s.latest().tables.get(s.latest().schemas["public"].tables["t"])
	if calls.Load() != 0 {
		t.Fatal("built at open")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, _ := td.def.indexes[0].where(nil, sql.Row{int64(1), "a"}); !ok {
				t.Error("where: false for id 1")
			}
			if k, _ := td.def.indexes[0].key(nil, sql.Row{int64(1), "a"}); k[0] != "a" {
				t.Errorf("key: %v", k)
			}
			if img, err := s.Image(); err != nil || img.Tables[0].Columns[1].Default == nil {
				t.Error("Image: no default")
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("built %d times, want 1", n)
	}
	if td.def.cols[1].Default != nil {
		t.Error("the shared definition changed in place")
	}
	if d := td.def.clone(); d.cols[1].Default == nil || d.lazy != nil {
		t.Error("clone is not the built definition")
	}
}

// TestImageLazyFailure checks that a table whose expressions fail to
// build fails on every use, not only the first, raising the panic that
// guard turns into the caller's error.
func TestImageLazyFailure(t *testing.T) {
	s, err := NewStoreFromImage(nil, "postgres", lazyImage(func() (LazyParts, error) { return LazyParts{}, errors.New("boom") }))
	if err != nil {
		t.Fatal(err)
	}
	td, _ := s.latest().tables.get(s.latest().schemas["public"].tables["t"])
	for i := range 2 {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("use %d: no panic", i+1)
				} else if e, ok := r.(compareError); !ok || !strings.Contains(e.err.Error(), "public.t: building its stored expressions: boom") {
					t.Errorf("use %d: panic %v", i+1, r)
				}
			}()
			td.def.resolved()
		}()
	}
}
