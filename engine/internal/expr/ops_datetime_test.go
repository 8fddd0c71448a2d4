package expr

import (
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Expected values recorded from PostgreSQL 15 (TimeZone UTC).
func TestDatetimeOperators(t *testing.T) {
	iv := func(s string) any {
		v, err := types.Input(types.Interval, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	ts := func(s string) any {
		v, err := types.Input(types.Timestamp, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	date := func(s string) any {
		v, err := types.Input(types.Date, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name string
		op   string
		l, r *types.Type
		a, b any
		want string
	}{
		{"interval * float", "*", types.Interval, types.Float8, iv("1 mon 3 days"), 1.5, "1 mon 19 days 12:00:00"},
		{"interval / float", "/", types.Interval, types.Float8, iv("1 day"), 3.0, "08:00:00"},
		{"month / 7", "/", types.Interval, types.Float8, iv("1 mon"), 7.0, "4 days 06:51:25.6896"},
		{"mixed * fraction", "*", types.Interval, types.Float8, iv("2 mons 1 day 03:00"), 0.3, "18 days 08:06:00"},
		{"month end clamps", "+", types.Timestamp, types.Interval, ts("2024-01-31"), iv("1 month"), "2024-02-29 00:00:00"},
		{"minus mixed interval", "-", types.Timestamp, types.Interval, ts("2024-03-31 10:00"), iv("1 mon 1 day 1 hour"), "2024-02-28 09:00:00"},
		{"date - date", "-", types.Date, types.Date, date("2024-03-01"), date("2023-03-01"), "366"},
		{"timestamp - timestamp", "-", types.Timestamp, types.Timestamp, ts("2024-01-02 00:00"), ts("2023-12-30 12:30"), "2 days 11:30:00"},
		{"time wraps", "+", types.Time, types.Interval, types.TimeOfDay(23*3600e6 + 30*60e6), iv("1 hour"), "00:30:00"},
	}
	env := &types.Env{Loc: time.UTC}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			impl, lt, rt, err := resolveOperator(nil, tc.op, tc.l, tc.r)
			if err != nil {
				t.Fatal(err)
			}
			v, err := impl.Fn(env, tc.a, tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if got := types.Output(impl.Result(lt, rt), v, env); got != tc.want {
				t.Errorf("%v %s %v = %q, want %q", tc.a, tc.op, tc.b, got, tc.want)
			}
		})
	}
}
