package pghash

import "testing"

// TestInt8 checks Int8 and Uint32 against PostgreSQL 15's hashint8 and
// hashint4 (values recorded from `select v, hashint8(v), hashint4(v::int)`).
func TestInt8(t *testing.T) {
	for _, c := range []struct {
		v    int64
		want int32
	}{
		{0, -272711505}, {1, -1905060026}, {-1, 385747274}, {42, 1509752520},
		{2147483647, -96758253}, {-2147483648, -1524351049},
		{9780393040023, -1233030843}, {-9223372036854775808, -96758253},
	} {
		if got := int32(Int8(c.v)); got != c.want {
			t.Errorf("Int8(%d) = %d, want %d", c.v, got, c.want)
		}
		if c.v == int64(int32(c.v)) {
			if got := int32(Uint32(uint32(int32(c.v)))); got != c.want {
				t.Errorf("Uint32(%d) = %d, want hashint4's %d", c.v, got, c.want)
			}
		}
	}
}
