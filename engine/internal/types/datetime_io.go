package types

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func badInput(t *Type, s string) *pgerror.Error {
	return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type %s: %q", t.SQLName, s)
}

// FormatDate prints a date as ISO (DateStyle ISO, MDY).
func FormatDate(d DateVal) string {
	switch d {
	case DateInfinity:
		return "infinity"
	case DateNegInfinity:
		return "-infinity"
	}
	t := d.Time()
	y := t.Year()
	if y <= 0 {
		return fmt.Sprintf("%04d-%02d-%02d BC", 1-y, t.Month(), t.Day())
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, t.Month(), t.Day())
}

func fracString(micros int64) string {
	return string(appendFrac(nil, micros))
}

// appendFrac appends a nonzero fraction of a second as PostgreSQL prints
// it: a point and up to six digits, trailing zeros dropped.
func appendFrac(b []byte, micros int64) []byte {
	if micros == 0 {
		return b
	}
	digits := 6
	for micros%10 == 0 {
		micros /= 10
		digits--
	}
	b = append(b, '.')
	return appendZeroPad(b, micros, digits)
}

// appendZeroPad appends n (not negative) with at least width digits.
func appendZeroPad(b []byte, n int64, width int) []byte {
	var buf [20]byte
	d := strconv.AppendInt(buf[:0], n, 10)
	for i := len(d); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, d...)
}

// appendDateTime appends "YYYY-MM-DD HH:MM:SS[.ffffff]" of t's wall clock,
// the year of a BC date counted from 1 BC as PostgreSQL counts it (the
// caller appends " BC"). Timestamps print for every row a query returns,
// so this avoids fmt.
func appendDateTime(b []byte, t time.Time) []byte {
	y := t.Year()
	if y <= 0 {
		y = 1 - y
	}
	b = appendZeroPad(b, int64(y), 4)
	b = append(b, '-')
	b = appendZeroPad(b, int64(t.Month()), 2)
	b = append(b, '-')
	b = appendZeroPad(b, int64(t.Day()), 2)
	b = append(b, ' ')
	b = appendZeroPad(b, int64(t.Hour()), 2)
	b = append(b, ':')
	b = appendZeroPad(b, int64(t.Minute()), 2)
	b = append(b, ':')
	b = appendZeroPad(b, int64(t.Second()), 2)
	return appendFrac(b, int64(t.Nanosecond()/1000))
}

// FormatTimestamp prints a timestamp without time zone.
func FormatTimestamp(t time.Time) string {
	t = t.UTC()
	if s, ok := infiniteTimestamp(t); ok {
		return s
	}
	b := appendDateTime(make([]byte, 0, 32), t)
	if t.Year() <= 0 {
		b = append(b, " BC"...)
	}
	return string(b)
}

// FormatTimestamptz prints a timestamptz in zone loc, as "... +00" offsets.
func FormatTimestamptz(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	if s, ok := infiniteTimestamp(t); ok {
		return s
	}
	lt := t.In(loc)
	_, off := lt.Zone()
	b := appendOffset(appendDateTime(make([]byte, 0, 40), lt), off)
	if lt.Year() <= 0 {
		b = append(b, " BC"...)
	}
	return string(b)
}

func formatOffset(off int) string {
	return string(appendOffset(nil, off))
}

// appendOffset appends a UTC offset as PostgreSQL prints it: +HH, then
// :MM and :SS only when not zero.
func appendOffset(b []byte, off int) []byte {
	sign := byte('+')
	if off < 0 {
		sign = '-'
		off = -off
	}
	h, m, s := off/3600, off%3600/60, off%60
	b = appendZeroPad(append(b, sign), int64(h), 2)
	if m != 0 || s != 0 {
		b = appendZeroPad(append(b, ':'), int64(m), 2)
	}
	if s != 0 {
		b = appendZeroPad(append(b, ':'), int64(s), 2)
	}
	return b
}

// FormatTime prints a time of day.
func FormatTime(t TimeOfDay) string {
	us := int64(t)
	h := us / 3600e6
	m := us / 60e6 % 60
	s := us / 1e6 % 60
	return fmt.Sprintf("%02d:%02d:%02d%s", h, m, s, fracString(us%1e6))
}

// FormatInterval prints an interval in IntervalStyle postgres, as
// EncodeInterval does: a field after a negative one carries an explicit
// "+", and every count but 1 takes a plural unit.
func FormatInterval(iv IntervalVal) string {
	var parts []string
	before, zero := false, true
	add := func(n int64, unit string) {
		if n == 0 {
			return
		}
		s := strconv.FormatInt(n, 10)
		if !zero && before && n > 0 {
			s = "+" + s
		}
		if n != 1 {
			unit += "s"
		}
		parts = append(parts, s+" "+unit)
		before, zero = n < 0, false
	}
	add(int64(iv.Months/12), "year")
	add(int64(iv.Months%12), "mon")
	add(int64(iv.Days), "day")
	if iv.Micros != 0 || zero {
		us := iv.Micros
		sign := ""
		if us < 0 {
			sign = "-"
			us = -us
		} else if before {
			sign = "+"
		}
		parts = append(parts, fmt.Sprintf("%s%02d:%02d:%02d%s", sign, us/3600e6, us/60e6%60, us/1e6%60, fracString(us%1e6)))
	}
	return strings.Join(parts, " ")
}

func parseOffset(s string) (int, bool) {
	var h, m, sec int
	var err error
	switch {
	case strings.Contains(s, ":"):
		p := strings.Split(s, ":")
		if h, err = strconv.Atoi(p[0]); err != nil {
			return 0, false
		}
		if m, err = strconv.Atoi(p[1]); err != nil {
			return 0, false
		}
		if len(p) > 2 {
			if sec, err = strconv.Atoi(p[2]); err != nil {
				return 0, false
			}
		}
	case len(s) <= 2:
		if h, err = strconv.Atoi(s); err != nil {
			return 0, false
		}
	case len(s) == 4:
		if h, err = strconv.Atoi(s[:2]); err != nil {
			return 0, false
		}
		if m, err = strconv.Atoi(s[2:]); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	if h > 15 || m > 59 {
		return 0, false
	}
	return h*3600 + m*60 + sec, true
}

// IsInfiniteTimestamp reports whether t is one of the infinity sentinels
// (isfinite is false for it).
func IsInfiniteTimestamp(t time.Time) bool {
	_, inf := infiniteTimestamp(t)
	return inf
}

// infiniteTimestamp spells the infinity sentinels.
func infiniteTimestamp(t time.Time) (string, bool) {
	switch {
	case !t.Before(InfinityTimestamp):
		return "infinity", true
	case !t.After(NegInfinityTimestamp):
		return "-infinity", true
	}
	return "", false
}
