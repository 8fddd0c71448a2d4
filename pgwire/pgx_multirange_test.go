package pgwire

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// TestPgxMultirangeParams sends multiranges as binary parameters
// (multirange_recv: a range count, then each range's length and
// range_recv form) and reads them back as text: the server must
// canonicalise them as the text input does (sort, merge, drop empties).
func TestPgxMultirangeParams(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	r := func(lo, hi int32) pgtype.Range[pgtype.Int4] {
		return pgtype.Range[pgtype.Int4]{Lower: pgtype.Int4{Int32: lo, Valid: true}, Upper: pgtype.Int4{Int32: hi, Valid: true},
			LowerType: pgtype.Inclusive, UpperType: pgtype.Exclusive, Valid: true}
	}
	unbounded := pgtype.Range[pgtype.Int4]{LowerType: pgtype.Unbounded, UpperType: pgtype.Inclusive,
		Upper: pgtype.Int4{Int32: 0, Valid: true}, Valid: true}
	empty := pgtype.Range[pgtype.Int4]{LowerType: pgtype.Empty, UpperType: pgtype.Empty, Valid: true}
	for _, tc := range []struct {
		name string
		in   pgtype.Multirange[pgtype.Range[pgtype.Int4]]
		want string
	}{
		{"empty", pgtype.Multirange[pgtype.Range[pgtype.Int4]]{}, "{}"},
		{"sorted", pgtype.Multirange[pgtype.Range[pgtype.Int4]]{r(1, 3), r(5, 7)}, "{[1,3),[5,7)}"},
		{"merged", pgtype.Multirange[pgtype.Range[pgtype.Int4]]{r(5, 7), r(1, 3), r(2, 5), empty}, "{[1,7)}"},
		{"unbounded", pgtype.Multirange[pgtype.Range[pgtype.Int4]]{r(2, 4), unbounded}, "{(,1),[2,4)}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			if err := conn.QueryRow(ctx, "select $1::int4multirange::text", tc.in).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			// and back: the binary result decodes to the canonical ranges
			var back pgtype.Multirange[pgtype.Range[pgtype.Int4]]
			if err := conn.QueryRow(ctx, "select $1::int4multirange", tc.in).Scan(&back); err != nil {
				t.Fatal(err)
			}
			var text string
			if err := conn.QueryRow(ctx, "select $1::int4multirange::text", back).Scan(&text); err != nil {
				t.Fatal(err)
			}
			if text != tc.want {
				t.Errorf("binary result sent back prints %s, want %s", text, tc.want)
			}
		})
	}
}
