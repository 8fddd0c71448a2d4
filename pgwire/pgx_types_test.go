package pgwire

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// TestPgxBinaryRoundTrip sends each value as a binary parameter and reads
// it back in binary (pgx's defaults), checking text and binary agree.
func TestPgxBinaryRoundTrip(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	ts := time.Date(2024, 2, 29, 23, 59, 58, 123456000, time.UTC)
	tests := []struct {
		cast string
		in   any
		text string
	}{
		{"int2", int16(-7), "-7"},
		{"int4", int32(123456), "123456"},
		{"int8", int64(-9007199254740993), "-9007199254740993"},
		{"float4", float32(1.5), "1.5"},
		{"float8", 0.1, "0.1"},
		{"bool", true, "true"},
		{"text", "héllo", "héllo"},
		{"varchar", "v", "v"},
		{"numeric", pgtype.Numeric{}, ""},
		{"bytea", []byte{0, 255}, `\x00ff`},
		{"uuid", [16]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "01020304-0506-0708-090a-0b0c0d0e0f10"},
		{"date", ts, "2024-02-29"},
		{"timestamp", ts, "2024-02-29 23:59:58.123456"},
		{"timestamptz", ts, "2024-02-29 23:59:58.123456+00"},
		{"timestamptz", time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC), "1500-01-01 00:00:00+00"},
		{"timestamp", time.Date(2500, 6, 1, 12, 0, 0, 0, time.UTC), "2500-06-01 12:00:00"},
		{"interval", pgtype.Interval{Months: 14, Days: 3, Microseconds: 3723000001, Valid: true}, "1 year 2 mons 3 days 01:02:03.000001"},
		{"int4[]", []int32{1, 2, 3}, "{1,2,3}"},
		{"text[]", []string{"a b", "c"}, `{"a b",c}`},
		{"jsonb", map[string]any{"a": 1}, `{"a": 1}`},
		{"json", map[string]any{"a": 1}, `{"a":1}`},
	}
	for _, tc := range tests {
		if tc.cast == "numeric" {
			var n pgtype.Numeric
			if err := n.Scan("12345.678"); err != nil {
				t.Fatal(err)
			}
			tc.in, tc.text = n, "12345.678"
		}
		t.Run(tc.cast, func(t *testing.T) {
			var text string
			if err := conn.QueryRow(ctx, "select $1::"+tc.cast+"::text", tc.in).Scan(&text); err != nil {
				t.Fatalf("text: %v", err)
			}
			if text != tc.text {
				t.Errorf("text %q, want %q", text, tc.text)
			}
			// binary out: scan into the same Go type via pgx's binary codec
			var back any
			if err := conn.QueryRow(ctx, "select $1::"+tc.cast, tc.in).Scan(&back); err != nil {
				t.Fatalf("binary: %v", err)
			}
			var want any
			if err := conn.QueryRow(ctx, "select $1::text::"+tc.cast, tc.text).Scan(&want); err != nil {
				t.Fatalf("binary from text: %v", err)
			}
			if w, b := fmt.Sprintf("%v", want), fmt.Sprintf("%v", back); w != b {
				t.Errorf("binary round trip: from text %s, from binary parameter %s", w, b)
			}
		})
	}
}
