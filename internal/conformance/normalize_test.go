package conformance

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMaskGeneratedNames(t *testing.T) {
	tests := []struct {
		name string
		in   *string
		want *string
	}{
		{"action trigger", str("RI_ConstraintTrigger_a_52195"), str("RI_ConstraintTrigger_a_N")},
		{"check trigger", str("RI_ConstraintTrigger_c_379047706"), str("RI_ConstraintTrigger_c_N")},
		{"inside a longer value", str("{RI_ConstraintTrigger_a_1,RI_ConstraintTrigger_c_22}"),
			str("{RI_ConstraintTrigger_a_N,RI_ConstraintTrigger_c_N}")},
		{"null", nil, nil},
		{"other digits", str("users_pkey 52195"), str("users_pkey 52195")},
		{"other trigger names", str("on_auth_user_created_52195"), str("on_auth_user_created_52195")},
		{"other kinds", str("RI_ConstraintTrigger_x_52195"), str("RI_ConstraintTrigger_x_52195")},
		{"prefixed", str("myRI_ConstraintTrigger_a_52195"), str("myRI_ConstraintTrigger_a_52195")},
		{"digits run into letters", str("RI_ConstraintTrigger_a_52195x"), str("RI_ConstraintTrigger_a_52195x")},
		{"no number", str("RI_ConstraintTrigger_a_"), str("RI_ConstraintTrigger_a_")},
		{"lower case", str("ri_constrainttrigger_a_52195"), str("ri_constrainttrigger_a_52195")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := [][]*string{{str("x"), tt.in}}
			got := maskGeneratedNames(in)
			if diff := cmp.Diff([][]*string{{str("x"), tt.want}}, got); diff != "" {
				t.Errorf("mask (-want +got):\n%s", diff)
			}
			if in[0][1] != tt.in {
				t.Errorf("input row modified")
			}
		})
	}
}

func TestCompareMasksGeneratedNames(t *testing.T) {
	cols := []Column{{"tgname", "name"}}
	res := func(names ...string) *Result {
		r := &Result{Tag: "SELECT 1", Columns: cols}
		for _, n := range names {
			r.Rows = append(r.Rows, []*string{str(n)})
		}
		return r
	}
	if got := Compare(res("RI_ConstraintTrigger_a_379047706"), res("RI_ConstraintTrigger_a_52195")); got != "" {
		t.Errorf("object numbers compared: %s", got)
	}
	if got := Compare(res("RI_ConstraintTrigger_c_1"), res("RI_ConstraintTrigger_a_1")); got == "" {
		t.Errorf("trigger kinds a and c compared equal")
	}
	if got := Compare(res("users_1"), res("users_2")); got == "" {
		t.Errorf("digits outside generated names compared equal")
	}
}
