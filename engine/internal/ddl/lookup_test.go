package ddl

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/catalog"
)

func TestParseRelName(t *testing.T) {
	tests := []struct {
		in   string
		want catalog.QName
	}{
		{"invoice_no", catalog.QName{Name: "invoice_no"}},
		{"Invoice_No", catalog.QName{Name: "invoice_no"}},
		{"public.todos_id_seq", catalog.QName{Schema: "public", Name: "todos_id_seq"}},
		{`"Mixed"."Seq"`, catalog.QName{Schema: "Mixed", Name: "Seq"}},
		{`"a.b"`, catalog.QName{Name: "a.b"}},
		{`"say ""hi"""`, catalog.QName{Name: `say "hi"`}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := ParseRelName(tt.in); got != tt.want {
				t.Errorf("ParseRelName(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}
