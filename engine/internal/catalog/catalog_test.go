package catalog

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/types"
)

func i64(v int64) *int64 { return &v }

func TestSequenceOptionsApply(t *testing.T) {
	tests := []struct {
		name   string
		opts   SequenceOptions
		create bool
		base   Sequence
		want   Sequence
	}{
		{name: "defaults", create: true,
			want: Sequence{Type: types.Int8, Start: 1, Increment: 1, Min: 1, Max: math.MaxInt64}},
		{name: "descending", create: true, opts: SequenceOptions{Increment: i64(-1)},
			want: Sequence{Type: types.Int8, Start: -1, Increment: -1, Min: math.MinInt64, Max: -1}},
		{name: "integer serial", create: true, opts: SequenceOptions{Type: types.Int4},
			want: Sequence{Type: types.Int4, Start: 1, Increment: 1, Min: 1, Max: math.MaxInt32}},
		{name: "bounded", create: true, opts: SequenceOptions{Start: i64(100), Increment: i64(5), Min: i64(100), Max: i64(110)},
			want: Sequence{Type: types.Int8, Start: 100, Increment: 5, Min: 100, Max: 110}},
		{name: "alter keeps the rest", base: Sequence{Type: types.Int8, Start: 1, Increment: 1, Min: 1, Max: 50},
			opts: SequenceOptions{Increment: i64(10)},
			want: Sequence{Type: types.Int8, Start: 1, Increment: 10, Min: 1, Max: 50}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.opts.Apply(tt.base, tt.create)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Apply (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEnumWithLabel(t *testing.T) {
	base := []string{"todo", "doing", "done"}
	orders := []float32{1, 2, 3}
	tests := []struct {
		name, label, neighbor string
		before                bool
		want                  []string
		wantOrders            []float32
		ok                    bool
	}{
		{"append", "archived", "", false, []string{"todo", "doing", "done", "archived"}, []float32{1, 2, 3, 4}, true},
		{"before", "blocked", "doing", true, []string{"todo", "blocked", "doing", "done"}, []float32{1, 1.5, 2, 3}, true},
		{"before first", "idea", "todo", true, []string{"idea", "todo", "doing", "done"}, []float32{0, 1, 2, 3}, true},
		{"after", "review", "doing", false, []string{"todo", "doing", "review", "done"}, []float32{1, 2, 2.5, 3}, true},
		{"after last", "gone", "done", false, []string{"todo", "doing", "done", "gone"}, []float32{1, 2, 3, 4}, true},
		{"missing neighbor", "x", "nope", true, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, gotOrders, ok := EnumWithLabel(base, orders, tt.label, tt.neighbor, tt.before)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if ok {
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("labels (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff(tt.wantOrders, gotOrders); diff != "" {
					t.Errorf("orders (-want +got):\n%s", diff)
				}
			}
		})
	}
	if diff := cmp.Diff([]string{"todo", "doing", "done"}, base); diff != "" {
		t.Errorf("input modified (-want +got):\n%s", diff)
	}
	// no float4 between two neighbours: renumbered first, as PostgreSQL does
	got, gotOrders, _ := EnumWithLabel([]string{"a", "b"}, []float32{1, 1.0000001}, "m", "b", true)
	if diff := cmp.Diff([]float32{1, 1.5, 2}, gotOrders); diff != "" || got[1] != "m" {
		t.Errorf("renumbered: labels %v orders (-want +got):\n%s", got, diff)
	}
}

// TestCopyOnWrite checks that every change leaves the previous catalog as
// it was: transactions and savepoints keep old values.
func TestCopyOnWrite(t *testing.T) {
	c0 := New()
	c1, enum := c0.NewEnum(QName{"public", "mood"}, []string{"sad", "ok"})
	c2, seq := c1.PutSequence(Sequence{Schema: "public", Name: "s", Start: 1, Increment: 1, Min: 1, Max: 10})
	text := "hello"
	c3 := c2.SetComment(ObjectKey{Kind: ObjRelation, Schema: "public", Name: "s"}, &text)
	c4 := c3.DropSequence(QName{"public", "s"})

	if enum.OID != FirstOID || enum.ArrayOID != FirstOID+1 || seq.OID != FirstOID+2 {
		t.Errorf("OIDs = %d, %d, %d; want %d, %d, %d", enum.OID, enum.ArrayOID, seq.OID, FirstOID, FirstOID+1, FirstOID+2)
	}
	if _, ok := c0.Type(QName{"public", "mood"}); ok {
		t.Error("c0 sees the enum created after it")
	}
	if _, ok := c3.Sequence(QName{"public", "s"}); !ok {
		t.Error("c3 lost the sequence dropped in c4")
	}
	if _, ok := c3.Comment(ObjectKey{Kind: ObjRelation, Schema: "public", Name: "s"}); !ok {
		t.Error("c3 lost the comment")
	}
	if _, ok := c4.Comment(ObjectKey{Kind: ObjRelation, Schema: "public", Name: "s"}); ok {
		t.Error("dropping a sequence kept its comment")
	}
	if _, ok := c4.Extension("plpgsql"); !ok {
		t.Error("plpgsql is not installed in a new catalog")
	}
}

func TestDependents(t *testing.T) {
	orders := QName{"public", "orders"}
	c := New().
		PutView(View{Schema: "public", Name: "paid", Query: "SELECT 1", Tables: []QName{orders}}).
		PutView(View{Schema: "public", Name: "other", Query: "SELECT 1"})
	var got []string
	for _, v := range c.Dependents(orders) {
		got = append(got, v.Name)
	}
	if diff := cmp.Diff([]string{"paid"}, got); diff != "" {
		t.Errorf("Dependents (-want +got):\n%s", diff)
	}
}

func TestRenameTable(t *testing.T) {
	old, renamed := QName{"public", "todos"}, QName{"public", "tasks"}
	text := "things"
	c, _ := New().PutSequence(Sequence{Schema: "public", Name: "todos_id_seq", OwnedBy: &ColumnRef{"public", "todos", "id"}})
	c = c.SetComment(ObjectKey{Kind: ObjColumn, Schema: "public", Name: "todos", Column: "id"}, &text)
	c = c.PutView(View{Schema: "public", Name: "v", Tables: []QName{old}})
	r := c.RenameTable(old, renamed).RenameColumn(renamed, "id", "task_id")

	if s, ok := r.ColumnSequence("public", "tasks", "task_id"); !ok || s.Name != "todos_id_seq" {
		t.Errorf("owned sequence not found under the new names: %v", s)
	}
	if _, ok := r.Comment(ObjectKey{Kind: ObjColumn, Schema: "public", Name: "tasks", Column: "task_id"}); !ok {
		t.Error("column comment lost")
	}
	if len(r.Dependents(renamed)) != 1 || len(r.Dependents(old)) != 0 {
		t.Error("view dependency does not follow the rename")
	}
	if _, ok := c.ColumnSequence("public", "todos", "id"); !ok {
		t.Error("rename changed the original catalog")
	}
}

func TestDropSchema(t *testing.T) {
	c, _ := New().NewEnum(QName{"app", "mood"}, []string{"ok"})
	c, _ = c.PutSequence(Sequence{Schema: "app", Name: "s"})
	c, _ = c.PutSequence(Sequence{Schema: "public", Name: "s"})
	d := c.DropSchema("app")
	if _, ok := d.Type(QName{"app", "mood"}); ok {
		t.Error("type survived DROP SCHEMA")
	}
	if _, ok := d.Sequence(QName{"app", "s"}); ok {
		t.Error("sequence survived DROP SCHEMA")
	}
	if _, ok := d.Sequence(QName{"public", "s"}); !ok {
		t.Error("another schema's sequence was dropped")
	}
}
