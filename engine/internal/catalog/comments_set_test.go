package catalog

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCommentsFollowChanges checks the sharded comment set against the
// plain map it replaced: every catalog keeps the comments it was built
// with while later ones change theirs, and only comment changes keep the
// catalog's shape.
func TestCommentsFollowChanges(t *testing.T) {
	text := func(s string) *string { return &s }
	rel := func(i int) ObjectKey {
		return ObjectKey{Kind: ObjRelation, Schema: "public", Name: fmt.Sprintf("t%d", i)}
	}
	col := func(i int) ObjectKey {
		return ObjectKey{Kind: ObjColumn, Schema: "public", Name: fmt.Sprintf("t%d", i), Column: "c"}
	}
	want := map[ObjectKey]string{}
	for _, c := range New().Comments() {
		want[c.Key] = c.Text
	}
	check := func(t *testing.T, c *Catalog, want map[ObjectKey]string) {
		t.Helper()
		got := map[ObjectKey]string{}
		for _, cm := range c.Comments() {
			got[cm.Key] = cm.Text
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("comments (-want +got):\n%s", diff)
		}
		for k, v := range want {
			if s, ok := c.Comment(k); !ok || s != v {
				t.Fatalf("Comment(%v) = %q, %v; want %q", k, s, ok, v)
			}
		}
		if c.comments.len() != len(want) {
			t.Fatalf("len = %d, want %d", c.comments.len(), len(want))
		}
	}
	c := New()
	var snaps []*Catalog
	var wants []map[ObjectKey]string
	for i := 0; i < 200; i++ {
		prev := c
		c = c.SetComment(rel(i), text(fmt.Sprint("table ", i)))
		want[rel(i)] = fmt.Sprint("table ", i)
		if i%3 == 0 {
			c = c.SetComment(col(i), text("column"))
			want[col(i)] = "column"
		}
		if i%5 == 0 {
			c = c.SetComment(rel(i/2), nil) // removed (or never there)
			delete(want, rel(i/2))
		}
		if !c.SameShape(prev) {
			t.Fatalf("a comment changed the catalog's shape")
		}
		if i%50 == 0 {
			snaps = append(snaps, c)
			copied := map[ObjectKey]string{}
			for k, v := range want {
				copied[k] = v
			}
			wants = append(wants, copied)
		}
	}
	check(t, c, want)
	for i, s := range snaps {
		check(t, s, wants[i]) // older catalogs kept theirs
	}

	renamed := c.RenameTable(QName{"public", "t3"}, QName{"public", "u3"})
	if renamed.SameShape(c) {
		t.Fatalf("a rename kept the catalog's shape")
	}
	moved := map[ObjectKey]string{}
	for k, v := range want {
		if k.Name == "t3" {
			k.Name = "u3"
		}
		moved[k] = v
	}
	check(t, renamed, moved)

	dropped := c.DropRelationComments(QName{"public", "t9"})
	delete(want, rel(9))
	delete(want, col(9))
	check(t, dropped, want)

	img, err := c.Image()
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(c.Comments(), back.Comments()); diff != "" {
		t.Fatalf("image round trip (-want +got):\n%s", diff)
	}
}
