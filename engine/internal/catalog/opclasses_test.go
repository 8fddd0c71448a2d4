package catalog

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOpClassesImageAndDrop: user operator families and classes survive
// a durable catalog (Image / FromImage), and dropping a class drops the
// family members it added while ALTER OPERATOR FAMILY's stay.
func TestOpClassesImageAndDrop(t *testing.T) {
	c, fam := New().PutOpFamily(OpFamily{Schema: "public", Name: "pair_ops", Method: "btree", Owner: "postgres",
		Ops: []AmOp{{Strategy: 3, Left: 23, Right: 23, Operator: 96, Purpose: 's'}}})
	c, class := c.PutOpClass(OpClass{Schema: "public", Name: "pair_ops", Method: "btree", Family: fam.OID, InType: 23})
	c, fam = c.PutOpFamily(OpFamily{OID: fam.OID, Schema: fam.Schema, Name: fam.Name, Method: fam.Method, Owner: fam.Owner,
		Ops:   append(fam.Ops, AmOp{Strategy: 1, Left: 23, Right: 23, Operator: 97, Purpose: 's', Class: class.OID}),
		Procs: []AmProc{{Number: 1, Left: 23, Right: 23, Proc: 351, Class: class.OID}}})
	img, err := c.Image()
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(c.OpFamilies(), back.OpFamilies()); diff != "" {
		t.Errorf("families (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(c.OpClasses(), back.OpClasses()); diff != "" {
		t.Errorf("classes (-want +got):\n%s", diff)
	}
	dropped := back.DropOpClass(class.OID)
	f, ok := dropped.OpFamilyByOID(fam.OID)
	if !ok || len(f.Ops) != 1 || f.Ops[0].Strategy != 3 || len(f.Procs) != 0 || len(dropped.OpClasses()) != 0 {
		t.Errorf("after DROP OPERATOR CLASS: family %+v, classes %+v", f, dropped.OpClasses())
	}
	if len(back.OpClasses()) != 1 {
		t.Errorf("DropOpClass changed the catalog it was called on")
	}
}
