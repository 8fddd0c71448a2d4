package pgident

import (
	"strings"
	"testing"
)

// The expectations are names PostgreSQL 15 generated (see the conformance
// case ddl/long_names.sql).
func TestMakeObjectName(t *testing.T) {
	long := "a_very_long_table_name_that_goes_on_and_on_for_quite_a_while_xx"
	col := "a_very_long_column_name_that_goes_on_and_on_for_quite_a_while_y"
	uml := strings.Repeat("ümlaut_", 7) + "ümlaut"
	tests := []struct{ n1, n2, label, want string }{
		{"t", "a", "key", "t_a_key"},
		{long, "", "pkey", "a_very_long_table_name_that_goes_on_and_on_for_quite_a_whi_pkey"},
		{long, col, "check", "a_very_long_table_name_that__a_very_long_column_name_that_check"},
		{long, col, "key", "a_very_long_table_name_that_g_a_very_long_column_name_that__key"},
		{long, "c2", "fkey", "a_very_long_table_name_that_goes_on_and_on_for_quite_a__c2_fkey"},
		{long, "s", "seq", "a_very_long_table_name_that_goes_on_and_on_for_quite_a_wh_s_seq"},
		{uml, "", "pkey", strings.Repeat("ümlaut_", 7) + "ü_pkey"},
	}
	for _, tc := range tests {
		if got := MakeObjectName(tc.n1, tc.n2, tc.label); got != tc.want {
			t.Errorf("MakeObjectName(%q, %q, %q) = %q, want %q", tc.n1, tc.n2, tc.label, got, tc.want)
		}
	}
}

func TestChoose(t *testing.T) {
	table, cols := "profiles_with_a_rather_long_name_for_testing", []string{"organization_membership_identifier_for_the_user"}
	taken := map[string]bool{"profiles_with_a_rather_long_n_organization_membership_iden_fkey": true}
	got := Choose(table, ColumnsAddition(cols), "fkey", func(n string) bool { return taken[n] })
	if want := "profiles_with_a_rather_long__organization_membership_iden_fkey1"; got != want {
		t.Errorf("Choose = %q, want %q", got, want)
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		cut      bool
	}{
		{strings.Repeat("b", 63), strings.Repeat("b", 63), false},
		{strings.Repeat("b", 64), strings.Repeat("b", 63), true},
		{strings.Repeat("é", 40), strings.Repeat("é", 31), true},
	} {
		got, cut := Truncate(tc.in)
		if got != tc.want || cut != tc.cut {
			t.Errorf("Truncate(%q) = %q, %v; want %q, %v", tc.in, got, cut, tc.want, tc.cut)
		}
	}
}
