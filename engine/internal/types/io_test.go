package types

import (
	"testing"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Expected outputs below were recorded from PostgreSQL 15 with TimeZone
// UTC, DateStyle ISO, MDY and IntervalStyle postgres.
func TestInputOutput(t *testing.T) {
	env := &Env{Loc: time.UTC, Now: time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)}
	tests := []struct {
		name string
		typ  *Type
		in   string
		want string
	}{
		{"iso T and Z", Timestamptz, "2024-01-02T03:04:05Z", "2024-01-02 03:04:05+00"},
		{"numeric offset", Timestamptz, "2024-01-02 03:04:05+05:30", "2024-01-01 21:34:05+00"},
		{"zone name", Timestamptz, "2024-02-29 08:00 America/New_York", "2024-02-29 13:00:00+00"},
		{"zone abbreviation", Timestamptz, "January 8 04:05:06 1999 PST", "1999-01-08 12:05:06+00"},
		{"epoch", Timestamptz, "epoch", "1970-01-01 00:00:00+00"},
		{"seven fraction digits round", Timestamp, "2024-01-01 00:00:00.1234567", "2024-01-01 00:00:00.123457"},
		{"timestamp infinity", Timestamp, "infinity", "infinity"},
		{"bc date", Date, "0044-03-15 BC", "0044-03-15 BC"},
		{"bc timestamptz", Timestamptz, "0044-03-15 10:00:00.5 BC", "0044-03-15 10:00:00.5+00 BC"},
		{"bc timestamp", Timestamp, "0001-01-01 BC", "0001-01-01 00:00:00 BC"},
		{"fraction trailing zeros", Timestamptz, "2024-01-01 00:00:00.000120+00", "2024-01-01 00:00:00.00012+00"},
		{"two-digit year", Date, "Jan 8 99", "1999-01-08"},
		{"mdy", Date, "01/02/2024", "2024-01-02"},
		{"compact", Date, "20240101", "2024-01-01"},
		{"month name", Date, "March 1, 2024", "2024-03-01"},
		{"date -infinity", Date, "-infinity", "-infinity"},
		{"pm", Time, "1:02 pm", "13:02:00"},
		{"allballs", Time, "allballs", "00:00:00"},
		{"24:00", Time, "24:00", "24:00:00"},
		{"year-month", Interval, "1-2", "1 year 2 mons"},
		{"signed fields", Interval, "-3 days 04:00", "-3 days +04:00:00"},
		{"iso duration", Interval, "PT36H", "36:00:00"},
		{"iso full", Interval, "P1Y2M3DT4H5M6.5S", "1 year 2 mons 3 days 04:05:06.5"},
		{"ago", Interval, "@ 1 day 2 hours ago", "-1 days -02:00:00"},
		{"days before time", Interval, "3 4:05:06", "3 days 04:05:06"},
		{"fractional years", Interval, "1.5 years", "1 year 6 mons"},
		{"bare seconds", Interval, "100", "00:01:40"},
		{"plural negative", Interval, "1 mon -1 days", "1 mon -1 days"},
		{"bytea escape", Bytea, `\000\001\\x`, `\x00015c78`},
		{"bytea hex", Bytea, `\x0102ff`, `\x0102ff`},
		{"bytea plain", Bytea, "abc", `\x616263`},
		{"uuid upper", UUID, "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Input(tc.typ, tc.in, env)
			if err != nil {
				t.Fatalf("Input(%s, %q): %v", tc.typ, tc.in, err)
			}
			if got := Output(tc.typ, v, env); got != tc.want {
				t.Errorf("Output(Input(%s, %q)) = %q, want %q", tc.typ, tc.in, got, tc.want)
			}
		})
	}
}

func TestInputErrors(t *testing.T) {
	tests := []struct {
		name string
		typ  *Type
		in   string
		code string
	}{
		{"bad timestamp", Timestamp, "abc", pgerror.InvalidDatetimeFormat},
		{"hour 25", Time, "25:00", pgerror.DatetimeFieldOverflow},
		{"feb 30", Date, "2024-02-30", pgerror.DatetimeFieldOverflow},
		{"iso hour 25", Timestamp, "2024-01-01T25:00", pgerror.DatetimeFieldOverflow},
		{"past timestamp range", Timestamp, "294277-01-01", pgerror.DatetimeFieldOverflow},
		{"interval overflow", Interval, "300000000 years", pgerror.DatetimeFieldOverflow},
		{"bad hex digit", Bytea, `\xZZ`, pgerror.InvalidParameterValue},
		{"odd hex", Bytea, `\x012`, pgerror.InvalidParameterValue},
		{"bad integer", Int4, "12abc", pgerror.InvalidTextRepresentation},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Input(tc.typ, tc.in, &Env{Loc: time.UTC})
			pe, ok := pgerror.As(err)
			if !ok {
				t.Fatalf("Input(%s, %q) = %v, want SQLSTATE %s", tc.typ, tc.in, err, tc.code)
			}
			if pe.Code != tc.code {
				t.Errorf("Input(%s, %q): SQLSTATE %s (%s), want %s", tc.typ, tc.in, pe.Code, pe.Message, tc.code)
			}
		})
	}
}

func TestFormatInterval(t *testing.T) {
	tests := []struct {
		iv   IntervalVal
		want string
	}{
		{IntervalVal{}, "00:00:00"},
		{IntervalVal{Months: -10, Days: 3, Micros: -4 * 3600e6}, "-10 mons +3 days -04:00:00"},
		{IntervalVal{Days: -1, Micros: 2 * 3600e6}, "-1 days +02:00:00"},
		{IntervalVal{Months: 14}, "1 year 2 mons"},
		{IntervalVal{Days: 1, Micros: 1}, "1 day 00:00:00.000001"},
	}
	for _, tc := range tests {
		if got := FormatInterval(tc.iv); got != tc.want {
			t.Errorf("FormatInterval(%+v) = %q, want %q", tc.iv, got, tc.want)
		}
	}
}

// Offsets print as PostgreSQL prints them in a zone east or west of UTC,
// minutes and seconds only when not zero (recorded with TimeZone
// Asia/Kolkata, whose 1800 offset is local mean time).
func TestFormatTimestamptzOffsets(t *testing.T) {
	ts := time.Date(2024, 1, 1, 0, 0, 0, 120000, time.UTC)
	for _, tc := range []struct {
		loc  *time.Location
		want string
	}{
		{time.FixedZone("IST", 5*3600+30*60), "2024-01-01 05:30:00.00012+05:30"},
		{time.FixedZone("LMT", 5*3600+53*60+28), "2024-01-01 05:53:28.00012+05:53:28"},
		{time.FixedZone("EST", -5*3600), "2023-12-31 19:00:00.00012-05"},
	} {
		if got := FormatTimestamptz(ts, tc.loc); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.loc, got, tc.want)
		}
	}
}
