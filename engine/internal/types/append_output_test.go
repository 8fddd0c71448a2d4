package types

import (
	"testing"
	"time"
)

// TestAppendOutputMatchesOutput checks that the wire's appending form of
// a value's text is Output's, after what the buffer already held.
func TestAppendOutputMatchesOutput(t *testing.T) {
	env := &Env{Loc: time.UTC}
	for _, tc := range []struct {
		name string
		t    *Type
		v    any
	}{
		{"int8", Int8, int64(-9223372036854775808)},
		{"int4", Int4, int64(42)},
		{"int4 as int32", Int4, int32(-7)},
		{"int2", Int2, int64(0)},
		{"text", Text, "héllo"},
		{"empty text", Text, ""},
		{"varchar", Varchar, "v"},
		{"bool", Bool, true},
		{"float8", Float8, 1.5},
		{"timestamptz", Timestamptz, time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		{"bytea", Bytea, []byte{0, 255}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := string(AppendOutput([]byte("prefix|"), tc.t, tc.v, env))
			if want := "prefix|" + Output(tc.t, tc.v, env); got != want {
				t.Errorf("AppendOutput = %q, Output gives %q", got, want)
			}
		})
	}
}
