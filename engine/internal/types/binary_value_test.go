package types

import (
	"bytes"
	"math"
	"testing"
	"time"
)

// TestAppendSendValue holds the short binary path (no text form) to
// AppendSend fed the value's text form, type by type, including the
// infinity sentinels and values of a type the short path leaves alone.
func TestAppendSendValue(t *testing.T) {
	at := time.Date(2024, 3, 5, 6, 7, 8, 9000, time.UTC)
	cases := []struct {
		name  string
		typ   *Type
		v     any
		short bool // AppendSendValue encodes it
	}{
		{"true", Bool, true, true},
		{"false", Bool, false, true},
		{"int2", Int2, int16(-7), true},
		{"int4", Int4, int32(1 << 30), true},
		{"int8", Int8, int64(math.MinInt64), true},
		{"float8", Float8, 2.5, true},
		{"float8 nan", Float8, math.NaN(), true},
		{"date", Date, DateOf(at), true},
		{"date infinity", Date, DateInfinity, true},
		{"date -infinity", Date, DateNegInfinity, true},
		{"timestamptz", Timestamptz, at, true},
		{"timestamp", Timestamp, at, true},
		{"timestamptz infinity", Timestamptz, InfinityTimestamp, true},
		{"timestamptz -infinity", Timestamptz, NegInfinityTimestamp, true},
		{"text", Text, "abc", false},
		{"numeric", Numeric, "1.50", false},
		{"int8 given a string", Int8, "12", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var codec BinaryCodec
			got, ok := codec.AppendSendValue(nil, c.typ.OID, c.v)
			if ok != c.short {
				t.Fatalf("AppendSendValue ok = %v, want %v", ok, c.short)
			}
			if !ok {
				return
			}
			want, err := codec.AppendSend(nil, c.typ.OID, c.v, Output(c.typ, c.v, nil))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("AppendSendValue = %x, AppendSend = %x", got, want)
			}
		})
	}
}
