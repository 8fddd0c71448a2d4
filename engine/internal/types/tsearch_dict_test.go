package types

import "testing"

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
