package catalog

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestImageKeepsAggregatesAndRules: a durable catalog (Image / FromImage)
// keeps an aggregate's pg_aggregate row and the rewrite rules.
func TestImageKeepsAggregatesAndRules(t *testing.T) {
	init := "{0,0}"
	c, _ := New().PutFunction(Function{Schema: "public", Name: "my_avg", Kind: KindAggregate, Language: "internal",
		Args: []Arg{{Mode: ModeIn, Type: types.Int4}}, Result: types.Numeric, Owner: "postgres",
		Agg: &Aggregate{TransFn: 20000, FinalFn: 20001, TransType: types.ArrayOf(types.Int4), InitCond: &init, FinalModify: 'r', MFinalModify: 'r',
			TransName: "", FinalName: "numeric_avg", FinalStrict: true}})
	c = c.PutRule(Rule{Name: "log_ins", Table: QName{Schema: "public", Name: "items"}, Event: '3', Actions: []string{"INSERT INTO log VALUES (new.id)"}})
	img, err := c.Image()
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	got := back.Functions(QName{Schema: "public", Name: "my_avg"})
	if len(got) != 1 || got[0].Agg == nil {
		t.Fatalf("aggregate lost: %+v", got)
	}
	want := c.Functions(QName{Schema: "public", Name: "my_avg"})[0].Agg
	if got[0].Agg.TransType.OID != want.TransType.OID || *got[0].Agg.InitCond != init || got[0].Agg.FinalName != "numeric_avg" || !got[0].Agg.FinalStrict || got[0].Agg.FinalFn != 20001 {
		t.Errorf("aggregate = %+v, want %+v", got[0].Agg, want)
	}
	if diff := cmp.Diff(c.AllRules(), back.AllRules()); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
}
