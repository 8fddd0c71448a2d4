package types

import "testing"

// An array value whose element type was not set (as one built on a PL/pgSQL
// path reached pgTAP's privs tests) is cast by its static element type
// instead of panicking.
func TestCastArrayWithoutElem(t *testing.T) {
	v := &Array{Dims: []int{2}, Lower: []int{1}, Values: []any{"USAGE", "SELECT"}}
	out, err := Cast(v, ArrayOf(Text), ArrayOf(Name), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := out.(*Array)
	if len(a.Values) != 2 || a.Values[0] != "USAGE" || a.Values[1] != "SELECT" || a.Elem != Name {
		t.Fatalf("got %#v", a)
	}
}
