package catalog

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIndexLinksAndColumnSettings: attached indexes, invalid indexes and
// column settings go through an Image unchanged, follow table, index
// and column renames, and go with a dropped table.
func TestIndexLinksAndColumnSettings(t *testing.T) {
	m, m1 := QName{Schema: "public", Name: "m"}, QName{Schema: "public", Name: "m1"}
	c := New().AttachIndex(IndexKey(m1, "m1_v_idx"), IndexKey(m, "m_v_idx")).
		SetIndexValid(IndexKey(m, "m_k_idx"), false).
		SetColumnStats(ColumnKey(m1, "v"), 300, []string{"n_distinct=-0.5"}).
		SetColumnStats(IndexColumnKey(m1, "m1_v_idx", 2), 40, nil)
	img, err := c.Image()
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	img2, err := back.Image()
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(img.IndexLinks, img2.IndexLinks); d != "" || !cmp.Equal(img.InvalidIndexes, img2.InvalidIndexes) ||
		!cmp.Equal(img.ColumnSettings, img2.ColumnSettings) {
		t.Fatalf("image round trip: %s", d)
	}
	if len(img.IndexLinks) != 1 || len(img.InvalidIndexes) != 1 || len(img.ColumnSettings) != 2 {
		t.Fatalf("image holds %d links, %d invalid, %d settings", len(img.IndexLinks), len(img.InvalidIndexes), len(img.ColumnSettings))
	}

	r := c.RenameTable(m1, QName{Schema: "public", Name: "p1"}).RenameIndex(QName{Schema: "public", Name: "p1"}, "m1_v_idx", "p1_v_idx").
		RenameColumn(QName{Schema: "public", Name: "p1"}, "v", "w")
	p1 := QName{Schema: "public", Name: "p1"}
	if p, ok := r.IndexParent(IndexKey(p1, "p1_v_idx")); !ok || p != IndexKey(m, "m_v_idx") {
		t.Errorf("after the renames the link is %v %v", p, ok)
	}
	if target, opts := r.ColumnStats(ColumnKey(p1, "w")); target != 300 || len(opts) != 1 {
		t.Errorf("after the renames the column's settings are %d %v", target, opts)
	}
	if target, _ := r.ColumnStats(IndexColumnKey(p1, "p1_v_idx", 2)); target != 40 {
		t.Errorf("after the renames the index column's target is %d", target)
	}
	d := r.DropRelationComments(p1)
	if len(d.IndexLinks()) != 0 || len(d.ColumnSettings()) != 0 {
		t.Errorf("after dropping the table: %v %v", d.IndexLinks(), d.ColumnSettings())
	}
	if d.IndexValid(IndexKey(m, "m_k_idx")) {
		t.Error("an index of another table became valid")
	}
}
