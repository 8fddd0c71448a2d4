package types

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestUnaccent(t *testing.T) {
	for in, want := range map[string]string{"Hôtel Crème Brûlée": "Hotel Creme Brulee", "Łódź Straße Æsir": "Lodz Strasse AEsir", "plain": "plain"} {
		if got := Unaccent(in); got != want {
			t.Errorf("Unaccent(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSnowballQuirks pins the words where PostgreSQL 15's Snowball
// stemmers differ from the Go ones (recorded with ts_lexize).
func TestSnowballQuirks(t *testing.T) {
	for _, c := range []struct{ dict, in, want string }{
		{"french_stem", "égoïsme", "égo"},
		{"french_stem", "héroïquement", "héro"},
		{"french_stem", "prosaïques", "prosa"},
		{"french_stem", "abaissait", "abaiss"},
		{"spanish_stem", "ó", "o"},
		{"spanish_stem", "corriendo", "corr"},
	} {
		d, _, err := BuiltinTSDict(c.dict)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := d.Lexize(c.in); got != c.want {
			t.Errorf("%s(%q) = %q, want %q", c.dict, c.in, got, c.want)
		}
	}
}

// TestTSUnsupportedLanguage: a built-in configuration or dictionary
// tinybase cannot stem is 0A000 naming the languages it can.
func TestTSUnsupportedLanguage(t *testing.T) {
	_, err := TSConfigByName("german")
	if err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Fatalf("german: %v", err)
	}
	if pe, ok := pgerror.As(err); !ok || pe.Code != pgerror.FeatureNotSupported || !strings.Contains(pe.Hint, "french") {
		t.Errorf("german: %#v", err)
	}
	if _, _, err := BuiltinTSDict("norwegian_stem"); err == nil {
		t.Error("norwegian_stem: no error")
	}
	if _, err := NewTSDict("d", "snowball", []TSOption{{"language", "portuguese"}}); err == nil {
		t.Error("snowball portuguese: no error")
	}
	if _, err := TSConfigByName("klingon"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("klingon: %v", err)
	}
}
